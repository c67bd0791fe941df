import {
  HANDOVER_MESSAGES,
  handoverSaveSchema,
  parseVietnameseNumber,
  type DeviceState,
  type HandoverKind,
  type HandoverPrefill,
  type HandoverSaveInput,
  type HandoverView,
} from '@nhatro/common';

/** What the handover form holds: numbers as typed, so "1.234" and "25,5" read as Vietnamese write them. */
export interface HandoverDraft {
  handoverDate: string;
  electricityIndex: string;
  waterIndex: string;
  keyCount: string;
  keyNote: string;
  note: string;
  devices: Array<{
    deviceID: string;
    deviceName: string;
    quantity: number;
    state: DeviceState;
    note: string;
    damageAmount: string;
  }>;
}

/** The form of a kind: the saved record's content, or what a new one starts from (today's date). */
export function draftOf(
  record: HandoverView | undefined,
  prefill: HandoverPrefill,
  today: string,
): HandoverDraft {
  const source = record ?? prefill;
  return {
    handoverDate: record?.handoverDate ?? today,
    electricityIndex: String(source.electricityIndex),
    waterIndex: String(source.waterIndex),
    keyCount: String(record?.keyCount ?? 1),
    keyNote: record?.keyNote ?? '',
    note: record?.note ?? '',
    devices: source.devices.map((device) => ({
      deviceID: device.deviceID,
      deviceName: device.deviceName,
      quantity: device.quantity,
      state: device.state,
      note: device.note ?? '',
      damageAmount: device.damageAmount === undefined ? '' : String(device.damageAmount),
    })),
  };
}

export type HandoverFieldErrors = Partial<Record<string, string>>;

/**
 * The payload of a draft, or the message of each field that is wrong: the shared schema's messages,
 * and indexes below the room's last reading (the server refuses them with the same words).
 */
export function handoverInput(
  contractID: string,
  kind: HandoverKind,
  draft: HandoverDraft,
  prefill: Pick<HandoverPrefill, 'minElectricityIndex' | 'minWaterIndex'>,
): { input: HandoverSaveInput; errors?: undefined } | { input?: undefined; errors: HandoverFieldErrors } {
  const number = (value: string) => (value.trim() === '' ? undefined : parseVietnameseNumber(value));
  const candidate = {
    contractID,
    kind,
    handoverDate: draft.handoverDate,
    electricityIndex: number(draft.electricityIndex) ?? Number.NaN,
    waterIndex: number(draft.waterIndex) ?? Number.NaN,
    keyCount: number(draft.keyCount) ?? Number.NaN,
    ...(draft.keyNote.trim() ? { keyNote: draft.keyNote.trim() } : {}),
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    devices: draft.devices.map((device) => {
      const amount = number(device.damageAmount);
      return {
        deviceID: device.deviceID,
        state: device.state,
        ...(device.note.trim() ? { note: device.note.trim() } : {}),
        ...(kind === 'moveOut' && device.damageAmount.trim() !== ''
          ? { damageAmount: amount ?? Number.NaN }
          : {}),
      };
    }),
  };
  const errors: HandoverFieldErrors = {};
  const parsed = handoverSaveSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= issue.message;
    }
  }
  if (candidate.electricityIndex < prefill.minElectricityIndex) {
    errors.electricityIndex ??= HANDOVER_MESSAGES.indexBelow('Chỉ số điện', prefill.minElectricityIndex);
  }
  if (candidate.waterIndex < prefill.minWaterIndex) {
    errors.waterIndex ??= HANDOVER_MESSAGES.indexBelow('Chỉ số nước', prefill.minWaterIndex);
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data };
}

/** Where a record stands: not made, waiting for signatures, or signed by both (locked). */
export function handoverStatus(record: HandoverView | undefined): string {
  if (!record) return 'Chưa lập';
  if (record.locked) return 'Đã ký đủ hai bên';
  if (record.lessorSignedOn) return 'Chờ người thuê ký';
  if (record.lesseeSignedOn) return 'Chờ chủ trọ ký';
  return 'Chưa ký';
}

import {
  DEVICE_STATE_LABELS,
  DEVICE_STATES,
  HANDOVER_KIND_LABELS,
  HANDOVER_MESSAGES,
  type DeviceState,
  type Handover,
  type HandoverDamage,
  type HandoverDevice,
  type HandoverDeviceInput,
  type HandoverKind,
} from '@nhatro/common';
import { displayDate, displayMoney, type DocumentBlock } from './contractDocuments.js';
import { AppError } from './shared/errors.js';

/**
 * Rules of handover records without I/O: the id of a contract's record of a kind, when it is locked,
 * the lowest indexes it takes, the devices it lists, the damages a move-out suggests, and the document.
 */

/** One record per contract and kind: its id says which, so two saves never make two records. */
export function handoverIDOf(contractID: string, kind: HandoverKind): string {
  return `${contractID}-${kind}`;
}

/** Both sides signed: the record is the agreed state of the room and never changes again. */
export function isLocked(record: Pick<Handover, 'lessorSignedOn' | 'lesseeSignedOn'>): boolean {
  return Boolean(record.lessorSignedOn && record.lesseeSignedOn);
}

interface Indexes {
  electricity: number;
  water: number;
}

/**
 * The lowest indexes a record takes: at move-in the indexes the contract kept for that day (they were
 * already checked against the room's last reading); at move-out the room's last reading (what the last
 * bill charged up to). Unknown on an old contract: no floor.
 */
export function indexFloors(
  kind: HandoverKind,
  contract: { moveInElectricityIndex?: number; moveInWaterIndex?: number },
  room: { currentElectricityIndex?: number; currentWaterIndex?: number },
): Indexes {
  if (kind === 'moveIn') {
    return { electricity: contract.moveInElectricityIndex ?? 0, water: contract.moveInWaterIndex ?? 0 };
  }
  return { electricity: room.currentElectricityIndex ?? 0, water: room.currentWaterIndex ?? 0 };
}

/** Refuses indexes below the floors (400 naming each field). */
export function checkIndexes(indexes: Indexes, floors: Indexes): void {
  const errors: Array<{ field: string; errorMessage: string }> = [];
  if (indexes.electricity < floors.electricity) {
    errors.push({
      field: 'electricityIndex',
      errorMessage: HANDOVER_MESSAGES.indexBelow('Chỉ số điện', floors.electricity),
    });
  }
  if (indexes.water < floors.water) {
    errors.push({
      field: 'waterIndex',
      errorMessage: HANDOVER_MESSAGES.indexBelow('Chỉ số nước', floors.water),
    });
  }
  if (errors.length > 0) throw AppError.validation(errors);
}

/**
 * The devices a record lists, in the room's order: each sent device must be one of the room's, once;
 * its name and quantity are copied from the room (the record keeps them if the device changes later).
 * A damage amount is kept on a move-out record only.
 */
export function recordedDevices(
  kind: HandoverKind,
  sent: readonly HandoverDeviceInput[],
  roomDevices: ReadonlyArray<{ deviceID: string; deviceName: string; quantity: number }>,
): HandoverDevice[] {
  const byID = new Map(roomDevices.map((device) => [device.deviceID, device]));
  const seen = new Set<string>();
  const devices: HandoverDevice[] = [];
  for (const [index, item] of sent.entries()) {
    const device = byID.get(item.deviceID);
    if (!device) {
      throw AppError.validation([
        { field: `devices[${index}].deviceID`, errorMessage: HANDOVER_MESSAGES.unknownDevice },
      ]);
    }
    if (seen.has(item.deviceID)) {
      throw AppError.validation([
        { field: `devices[${index}].deviceID`, errorMessage: HANDOVER_MESSAGES.duplicateDevice },
      ]);
    }
    seen.add(item.deviceID);
    devices.push({
      deviceID: device.deviceID,
      deviceName: device.deviceName,
      quantity: device.quantity,
      state: item.state,
      ...(item.note ? { note: item.note } : {}),
      ...(kind === 'moveOut' && item.damageAmount !== undefined ? { damageAmount: item.damageAmount } : {}),
    });
  }
  return devices;
}

const rank = (state: DeviceState) => DEVICE_STATES.indexOf(state);

/**
 * The move-out comparison: each device whose state is worse than at move-in (a device the move-in
 * record does not list counts as handed over in good state) is a suggested damage line, described
 * with both states and the move-out note, for the amount the landlord typed (0 until then).
 */
export function handoverDamages(
  moveIn: readonly HandoverDevice[] | undefined,
  moveOut: readonly HandoverDevice[],
): HandoverDamage[] {
  const before = new Map((moveIn ?? []).map((device) => [device.deviceID, device.state]));
  return moveOut.flatMap((device) => {
    const was = before.get(device.deviceID) ?? 'good';
    if (rank(device.state) <= rank(was)) return [];
    const states = `${DEVICE_STATE_LABELS[was]} → ${DEVICE_STATE_LABELS[device.state]}`;
    return [
      {
        deviceID: device.deviceID,
        description: `${device.deviceName}: ${states}${device.note ? ` (${device.note})` : ''}`,
        amount: device.damageAmount ?? 0,
      },
    ];
  });
}

/** What the handover document shows besides the record. */
export interface HandoverParticulars {
  record: Handover;
  house: { houseName: string; houseAddress: string };
  roomName: string;
  lessorName: string;
  lesseeName: string;
  damages: HandoverDamage[];
}

function deviceRows(devices: readonly HandoverDevice[]): string[][] {
  return devices.map((device, index) => [
    String(index + 1),
    device.deviceName,
    String(device.quantity),
    DEVICE_STATE_LABELS[device.state],
    device.note ?? '',
  ]);
}

/** "BIÊN BẢN BÀN GIAO PHÒNG": parties, date, indexes, keys, devices, damages (move-out), signatures. */
export function handoverDocument(particulars: HandoverParticulars): DocumentBlock[] {
  const { record, house, roomName, lessorName, lesseeName, damages } = particulars;
  const signed = (on: string | undefined) =>
    on ? { signedNote: `Đã ký điện tử ngày ${displayDate(on)}` } : {};
  const blocks: DocumentBlock[] = [
    { kind: 'center', text: 'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', bold: true },
    { kind: 'center', text: 'Độc lập – Tự do – Hạnh phúc', bold: true },
    { kind: 'center', text: '———————', size: 'small' },
    { kind: 'center', text: 'BIÊN BẢN BÀN GIAO PHÒNG', bold: true, size: 'title' },
    { kind: 'center', text: `(${HANDOVER_KIND_LABELS[record.kind]})`, size: 'small' },
    {
      kind: 'fields',
      rows: [
        ['Nhà trọ', `${house.houseName}, ${house.houseAddress}`],
        ['Phòng', roomName],
        ['Ngày bàn giao', displayDate(record.handoverDate)],
        ['Bên cho thuê (Bên A)', lessorName],
        ['Bên thuê (Bên B)', lesseeName],
      ],
    },
    { kind: 'heading', text: '1. Chỉ số công tơ' },
    {
      kind: 'fields',
      rows: [
        ['Chỉ số điện', String(record.electricityIndex)],
        ['Chỉ số nước', String(record.waterIndex)],
      ],
    },
    { kind: 'heading', text: '2. Chìa khoá' },
    {
      kind: 'text',
      text: `Số chìa khoá bàn giao: ${record.keyCount}${record.keyNote ? ` (${record.keyNote})` : ''}.`,
    },
    { kind: 'heading', text: '3. Thiết bị trong phòng' },
  ];
  blocks.push(
    record.devices.length > 0
      ? {
          kind: 'table',
          columns: ['STT', 'Thiết bị', 'Số lượng', 'Tình trạng', 'Ghi chú'],
          widths: [0.08, 0.32, 0.12, 0.16, 0.32],
          rows: deviceRows(record.devices),
        }
      : { kind: 'text', text: 'Phòng không có thiết bị được ghi nhận.' },
  );
  if (record.kind === 'moveOut') {
    blocks.push({ kind: 'heading', text: '4. Hư hỏng so với khi nhận phòng' });
    blocks.push(
      damages.length > 0
        ? {
            kind: 'table',
            columns: ['Nội dung', 'Số tiền (đồng)'],
            widths: [0.7, 0.3],
            rows: damages.map((damage) => [damage.description, displayMoney(damage.amount)]),
            align: ['left', 'right'],
          }
        : { kind: 'text', text: 'Không có hư hỏng so với khi nhận phòng.' },
    );
  }
  if (record.note) blocks.push({ kind: 'heading', text: 'Ghi chú' }, { kind: 'text', text: record.note });
  if (record.images.length > 0) {
    blocks.push({ kind: 'text', text: `Kèm theo ${record.images.length} ảnh chụp hiện trạng phòng.` });
  }
  blocks.push({
    kind: 'signatures',
    lessor: { title: 'BÊN CHO THUÊ', name: lessorName, ...signed(record.lessorSignedOn) },
    lessee: { title: 'BÊN THUÊ', name: lesseeName, ...signed(record.lesseeSignedOn) },
  });
  return blocks;
}

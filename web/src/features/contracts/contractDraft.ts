/**
 * The contract being written in /createContract: every value as typed (text), its validation with the
 * pieces of `contractCreateSchema` (the server's own messages), and the payload `POST /odata/Contract`
 * takes. Errors are keyed by path: `startDate`, `representative.phoneNumber`, `occupants.<key>.citizenID`,
 * `vehicles.<key>.licensePlate`, `services.<serviceID>` (people and vehicles by their local key, so an
 * error stays with its card when another one is removed).
 */
import {
  CONTRACT_MESSAGES,
  LESSEE_MESSAGES,
  VEHICLE_TYPES,
  contractCreateSchema,
  parseVietnameseNumber,
  type ContractCreateInput,
  type Fee,
  type MeterKind,
  type VehicleType,
  METER_KIND_LABELS,
} from '@nhatro/common';
import { isIsoDate } from './contractRules';

export const PERSON_FIELDS = [
  'occupantName',
  'gender',
  'phoneNumber',
  'email',
  'citizenID',
  'dateOfBirth',
  'hometown',
  'placeOfIssue',
  'dateOfIssue',
  'currentJob',
  'workPlace',
  'ethnicity',
  'nationality',
  'permanentResidence',
  'temporaryResidence',
  'notes',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export type PersonDraft = Record<PersonField, string> & { key: string };

export interface VehicleDraft {
  key: string;
  vehicleType: VehicleType;
  licensePlate: string;
  /** 'representative' or the key of an occupant. */
  ownerKey: string;
}

export interface ContractDraft {
  roomID: string;
  /** The active reservation of the chosen room ('' when it has none). */
  reservationID: string;
  startDate: string;
  endDate: string;
  rentFee: string;
  deposit: string;
  deposited: boolean;
  /** The meters on the move-in day, prefilled with the room's last reading (absent in older kept drafts). */
  electricityIndex?: string;
  waterIndex?: string;
  /** The chosen room's last reading: the move-in indexes may not be lower. */
  lastIndexes?: MeterIndexes;
  representative: PersonDraft;
  occupants: PersonDraft[];
  vehicles: VehicleDraft[];
  /** Chosen services: `serviceID` for a fee of the room or its people, `serviceID|vehicleKey` per vehicle. */
  services: string[];
}

export type MeterIndexes = Record<MeterKind, number>;

export const REPRESENTATIVE_KEY = 'representative';

export const STEP_LABELS = [
  'Phòng & thời hạn',
  'Người đại diện',
  'Người ở cùng',
  'Xe & dịch vụ',
  'Xác nhận',
] as const;
export type StepIndex = 0 | 1 | 2 | 3 | 4;

let nextKey = 0;
export function newKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}${nextKey}`;
}

/** A draft brought back from storage: new people and vehicles get keys it does not use yet. */
export function skipKeysOf(draft: ContractDraft): void {
  for (const item of [...draft.occupants, ...draft.vehicles]) {
    const number = Number(/\d+$/.exec(item.key)?.[0] ?? 0);
    if (number > nextKey) nextKey = number;
  }
}

export function emptyPerson(key: string): PersonDraft {
  const person = Object.fromEntries(PERSON_FIELDS.map((field) => [field, ''])) as Record<PersonField, string>;
  return { ...person, key, nationality: 'Việt Nam' };
}

export function emptyVehicle(): VehicleDraft {
  return { key: newKey('v'), vehicleType: VEHICLE_TYPES[0], licensePlate: '', ownerKey: REPRESENTATIVE_KEY };
}

export function emptyDraft(startDate: string, endDate: string): ContractDraft {
  return {
    roomID: '',
    reservationID: '',
    startDate,
    endDate,
    rentFee: '',
    deposit: '',
    deposited: false,
    representative: emptyPerson(REPRESENTATIVE_KEY),
    occupants: [],
    vehicles: [],
    services: [],
  };
}

export function serviceChoice(serviceID: string, vehicleKey?: string): string {
  return vehicleKey === undefined ? serviceID : `${serviceID}|${vehicleKey}`;
}

export type DraftErrors = Record<string, string>;

const { shape } = contractCreateSchema;
const representativeSchema = shape.representative;
const occupantSchema = shape.occupants.unwrap().element;
const vehicleSchema = shape.vehicles.unwrap().element;

function moneyOf(text: string): number | undefined {
  return parseVietnameseNumber(text.trim());
}

function personInput(person: PersonDraft, withEmail: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of PERSON_FIELDS) {
    if (field === 'email' && !withEmail) continue;
    const value = person[field].trim();
    if (value === '') continue;
    input[field] = field === 'gender' ? Number(value) : value;
  }
  return input;
}

function collect(
  errors: DraftErrors,
  prefix: string,
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
) {
  for (const issue of issues) {
    const field = issue.path[0];
    const key = typeof field === 'string' ? `${prefix}${field}` : prefix.replace(/\.$/, '');
    errors[key] ??= issue.message;
  }
}

function personErrors(
  errors: DraftErrors,
  person: PersonDraft,
  prefix: string,
  isRepresentative: boolean,
  today: string,
) {
  const schema = isRepresentative ? representativeSchema : occupantSchema;
  const result = schema.safeParse(personInput(person, isRepresentative));
  if (person.gender === '') errors[`${prefix}gender`] = 'Hãy chọn giới tính.';
  if (!result.success) collect(errors, prefix, result.error.issues);
  // The dates the server checks against its clock (api/src/domain/lessees.ts lesseeDateProblem).
  const { dateOfBirth: birth, dateOfIssue: issue } = person;
  if (isIsoDate(birth) && birth > today)
    errors[`${prefix}dateOfBirth`] ??= LESSEE_MESSAGES.dateInFuture('Ngày sinh');
  if (isIsoDate(issue) && issue > today)
    errors[`${prefix}dateOfIssue`] ??= LESSEE_MESSAGES.dateInFuture('Ngày cấp');
  if (isIsoDate(issue) && isIsoDate(birth) && issue < birth) {
    errors[`${prefix}dateOfIssue`] ??= LESSEE_MESSAGES.issueBeforeBirth;
  }
}

/**
 * A meter index typed on a move-in or move-out day: a number not below the last reading, with the
 * server's messages. `undefined` when it is fine (empty: the last reading).
 */
export function meterIndexProblem(
  kind: MeterKind,
  text: string,
  last: number | undefined,
  belowLast: (label: string, last: number) => string,
): string | undefined {
  if (text.trim() === '') return undefined;
  const label = `Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()}`;
  const result = shape[`${kind}Index`].safeParse(parseVietnameseNumber(text.trim()) ?? Number.NaN);
  if (!result.success) return result.error.issues[0]?.message ?? `${label} không hợp lệ.`;
  if (last !== undefined && result.data !== undefined && result.data < last) return belowLast(label, last);
  return undefined;
}

function meterIndexErrors(errors: DraftErrors, draft: ContractDraft) {
  for (const kind of ['electricity', 'water'] as const) {
    const problem = meterIndexProblem(
      kind,
      draft[`${kind}Index`] ?? '',
      draft.lastIndexes?.[kind],
      CONTRACT_MESSAGES.moveInBelowLast,
    );
    if (problem !== undefined) errors[`${kind}Index`] = problem;
  }
}

/** Every problem of the draft, whatever the step. */
export function validateDraft(draft: ContractDraft, today: string): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.roomID === '') errors.roomID = 'Hãy chọn phòng cho thuê.';
  for (const field of ['startDate', 'endDate'] as const) {
    const result = shape[field].safeParse(draft[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Ngày không hợp lệ.';
  }
  if (!errors.startDate && !errors.endDate && draft.endDate <= draft.startDate) {
    errors.endDate = CONTRACT_MESSAGES.endBeforeStart;
  }
  if (!errors.endDate && isIsoDate(draft.endDate) && draft.endDate < today) {
    errors.endDate = 'Ngày kết thúc đã qua: hợp đồng mới phải còn hiệu lực.';
  }
  for (const field of ['rentFee', 'deposit'] as const) {
    if (draft[field].trim() === '') {
      if (field === 'rentFee') errors.rentFee = 'Tiền thuê không được để trống!';
      continue;
    }
    const result = shape[field].safeParse(moneyOf(draft[field]));
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? 'Số tiền không hợp lệ.';
  }
  meterIndexErrors(errors, draft);

  personErrors(errors, draft.representative, 'representative.', true, today);
  for (const occupant of draft.occupants) {
    personErrors(errors, occupant, `occupants.${occupant.key}.`, false, today);
  }
  const phones = new Map<string, string>();
  for (const person of [draft.representative, ...draft.occupants]) {
    const phone = person.phoneNumber.trim();
    if (phone === '') continue;
    const prefix = person.key === REPRESENTATIVE_KEY ? 'representative.' : `occupants.${person.key}.`;
    if (phones.has(phone))
      errors[`${prefix}phoneNumber`] ??= 'Số điện thoại này đã được nhập cho người khác.';
    phones.set(phone, person.key);
  }

  const plates = new Set<string>();
  for (const vehicle of draft.vehicles) {
    const prefix = `vehicles.${vehicle.key}.`;
    const plate = vehicle.licensePlate.trim();
    const result = vehicleSchema.safeParse({
      vehicleType: vehicle.vehicleType,
      ...(plate === '' ? {} : { licensePlate: plate }),
    });
    if (!result.success) collect(errors, prefix, result.error.issues);
    const normalized = plate.toUpperCase().replace(/[\s.\-–]/g, '');
    if (normalized !== '' && plates.has(normalized))
      errors[`${prefix}licensePlate`] ??= 'Biển số bị nhập trùng.';
    plates.add(normalized);
  }
  return errors;
}

/** Which step a field belongs to. */
export function stepOf(path: string): StepIndex {
  if (path.startsWith('representative')) return 1;
  if (path.startsWith('occupants')) return 2;
  if (path.startsWith('vehicles') || path.startsWith('services')) return 3;
  return 0;
}

export function errorsOfStep(errors: DraftErrors, step: StepIndex): string[] {
  return Object.keys(errors).filter((path) => stepOf(path) === step);
}

function ownerIndex(draft: ContractDraft, ownerKey: string): number | undefined {
  if (ownerKey === REPRESENTATIVE_KEY) return 0;
  const index = draft.occupants.findIndex((occupant) => occupant.key === ownerKey);
  return index === -1 ? 0 : index + 1;
}

/** The request body, or null while the draft has errors (checked once more with the whole schema). */
export function draftPayload(
  draft: ContractDraft,
  fees: readonly Fee[],
  today: string,
): { payload: ContractCreateInput | null; errors: DraftErrors } {
  const errors = validateDraft(draft, today);
  if (Object.keys(errors).length > 0) return { payload: null, errors };
  const services: Array<{ serviceID: string; vehicleIndex?: number }> = [];
  for (const fee of fees) {
    if (fee.unit === 'vehicle') {
      draft.vehicles.forEach((vehicle, vehicleIndex) => {
        if (draft.services.includes(serviceChoice(fee.serviceID, vehicle.key))) {
          services.push({ serviceID: fee.serviceID, vehicleIndex });
        }
      });
    } else if (draft.services.includes(fee.serviceID)) services.push({ serviceID: fee.serviceID });
  }
  const rentFee = moneyOf(draft.rentFee);
  const deposit = moneyOf(draft.deposit);
  const electricityIndex = moneyOf(draft.electricityIndex ?? '');
  const waterIndex = moneyOf(draft.waterIndex ?? '');
  const input = {
    roomID: draft.roomID,
    ...(draft.reservationID === '' ? {} : { reservationID: draft.reservationID }),
    startDate: draft.startDate,
    endDate: draft.endDate,
    ...(rentFee === undefined ? {} : { rentFee }),
    ...(deposit === undefined ? {} : { deposit }),
    deposited: draft.deposited,
    ...(electricityIndex === undefined ? {} : { electricityIndex }),
    ...(waterIndex === undefined ? {} : { waterIndex }),
    representative: personInput(draft.representative, true),
    occupants: draft.occupants.map((occupant) => personInput(occupant, false)),
    vehicles: draft.vehicles.map((vehicle) => {
      const plate = vehicle.licensePlate.trim();
      return {
        vehicleType: vehicle.vehicleType,
        ...(plate === '' ? {} : { licensePlate: plate }),
        ownerIndex: ownerIndex(draft, vehicle.ownerKey),
      };
    }),
    services,
  };
  const result = contractCreateSchema.safeParse(input);
  if (!result.success) {
    const fallback: DraftErrors = {};
    for (const issue of result.error.issues)
      fallback[issue.path.map(String).join('.') || 'roomID'] ??= issue.message;
    return { payload: null, errors: fallback };
  }
  return { payload: result.data, errors: {} };
}

/**
 * A 400 reply's field paths (`representative.citizenID`, `occupants.1.dateOfBirth`, `vehicles.0.licensePlate`)
 * as the draft's error keys.
 */
export function serverErrorsOf(body: unknown, draft: ContractDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!Array.isArray(body)) return errors;
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, errorMessage } = item as { field?: unknown; errorMessage?: unknown };
    if (typeof errorMessage !== 'string') continue;
    const parts = typeof field === 'string' ? field.split('.') : [];
    const [head, index, rest] = parts;
    let key = typeof field === 'string' && field !== '' ? field : 'roomID';
    if ((head === 'occupants' || head === 'vehicles') && index !== undefined && /^\d+$/.test(index)) {
      const list = head === 'occupants' ? draft.occupants : draft.vehicles;
      const itemKey = list[Number(index)]?.key;
      if (itemKey !== undefined) key = `${head}.${itemKey}${rest === undefined ? '' : `.${rest}`}`;
    }
    errors[key] ??= errorMessage;
  }
  return errors;
}

function folded(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('vi');
}

/**
 * The house's per-vehicle fees a new vehicle of `vehicleType` pays: those naming its type ('Gửi xe máy'
 * for 'Xe máy'), else those naming no type at all ('Phí gửi xe'). Ticked when the vehicle is added or its
 * type changes; the landlord may untick them.
 */
export function matchingVehicleFees(fees: readonly Fee[], vehicleType: VehicleType): Fee[] {
  const perVehicle = fees.filter((fee) => fee.unit === 'vehicle');
  const named = perVehicle.filter((fee) => folded(fee.serviceName).includes(folded(vehicleType)));
  if (named.length > 0) return named;
  return perVehicle.filter(
    (fee) => !VEHICLE_TYPES.some((type) => folded(fee.serviceName).includes(folded(type))),
  );
}

/** The chosen services with `vehicle`'s per-vehicle choices replaced by the fees matching its type. */
export function withMatchingVehicleFees(
  services: readonly string[],
  fees: readonly Fee[],
  vehicle: Pick<VehicleDraft, 'key' | 'vehicleType'>,
): string[] {
  return [
    ...services.filter((choice) => !choice.endsWith(`|${vehicle.key}`)),
    ...matchingVehicleFees(fees, vehicle.vehicleType).map((fee) => serviceChoice(fee.serviceID, vehicle.key)),
  ];
}

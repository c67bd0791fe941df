// Shared API resource (see `houses.ts` for the rule): reservations (cọc giữ phòng). The room page takes a
// deposit for an empty room and shows or cancels the active one of a reserved room; the contracts slice
// lists a house's active reservations and turns them into contracts. Both take a deposit with the same
// form: its values, validation (the API's own schema and messages) and request live here once.
import {
  METER_KIND_LABELS,
  RESERVATION_MESSAGES,
  defaultHoldUntil,
  parseVietnameseNumber,
  reservationCreateSchema,
  type DepositOutcome,
  type Reservation,
  type ReservationCreateInput,
  type Room,
} from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../client';
import { useApiResource } from '../swr';

const enc = encodeURIComponent;

/** `{ status: true, data }`, the `/api/*` reply shape. */
interface ApiReply<T> {
  status: boolean;
  data: T;
}

/** `GET /api/Reservation/Get?houseID=…`. */
export type ReservationsReply = ApiReply<Reservation[]>;

/** SWR key (and request path) of a house's reservations, active ones first. */
export function houseReservationsKey(houseID: string): string {
  return `/api/Reservation/Get?houseID=${enc(houseID)}`;
}

/** Every reservation of a house (the API puts the active ones first). */
export function useHouseReservations(houseID: string | null): SWRResponse<ReservationsReply, Error> {
  return useApiResource<ReservationsReply>(houseID === null ? null : houseReservationsKey(houseID));
}

/** The active reservations of a list (a room has at most one). */
export function activeReservations(reply: ReservationsReply | undefined): Reservation[] {
  return (reply?.data ?? []).filter((reservation) => reservation.status === 'active');
}

/**
 * After a deposit is taken, cancelled or turned into a contract: the reservations, and every cached room
 * (its status changed) and house overview of the house.
 */
export function revalidateAfterReservationChange(houseID: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key === houseReservationsKey(houseID) ||
        key.startsWith('/odata/Room') ||
        key.startsWith(`/odata/House/${enc(houseID)}`)),
  );
}

export const RESERVATION_FORM_FIELDS = [
  'fullName',
  'phoneNumber',
  'deposit',
  'expectedMoveInDate',
  'holdUntil',
  'electricityIndex',
  'waterIndex',
  'note',
] as const;
export type ReservationFormField = (typeof RESERVATION_FORM_FIELDS)[number];
export type ReservationFormValues = Record<ReservationFormField, string>;

export const RESERVATION_FIELD_LABELS: Record<ReservationFormField, string> = {
  fullName: 'Họ tên người đặt cọc',
  phoneNumber: 'Số điện thoại',
  deposit: 'Tiền cọc (VND)',
  expectedMoveInDate: 'Ngày dự kiến dọn vào',
  holdUntil: 'Giữ phòng đến ngày',
  electricityIndex: 'Chỉ số điện khi nhận cọc',
  waterIndex: 'Chỉ số nước khi nhận cọc',
  note: 'Ghi chú',
};

/** A room's last reading: the indexes typed on the day of the deposit start there and may not be lower. */
export type LastIndexes = Record<'electricity' | 'water', number>;

/** Today in Vietnam as yyyy-mm-dd (the move-in date may not be earlier). */
export function vietnamToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now);
}

/**
 * A new form: the deposit defaults to one month of the room's rent, move-in today, the room held until
 * a week after move-in, the meters at the room's last reading.
 */
export function emptyReservationForm(
  roomPrice?: number,
  room?: Pick<Room, 'currentElectricityIndex' | 'currentWaterIndex'>,
): ReservationFormValues {
  const moveIn = vietnamToday();
  return {
    fullName: '',
    phoneNumber: '',
    deposit: typeof roomPrice === 'number' && roomPrice > 0 ? String(roomPrice) : '',
    expectedMoveInDate: moveIn,
    holdUntil: defaultHoldUntil(moveIn),
    ...indexesOf(room),
    note: '',
  };
}

/** The meter fields prefilled with a room's last reading ('' when unknown). */
export function indexesOf(
  room?: Pick<Room, 'currentElectricityIndex' | 'currentWaterIndex'>,
): Pick<ReservationFormValues, 'electricityIndex' | 'waterIndex'> {
  const text = (value: number | undefined) => (typeof value === 'number' ? String(value) : '');
  return {
    electricityIndex: text(room?.currentElectricityIndex),
    waterIndex: text(room?.currentWaterIndex),
  };
}

/**
 * The hold-until date after the move-in date changed: it follows the move-in date while it is still the
 * default of the old one (the landlord did not choose another), else it stays as chosen.
 */
export function followedHoldUntil(values: ReservationFormValues, nextMoveIn: string): string {
  const wasDefault =
    values.holdUntil === '' ||
    (values.expectedMoveInDate !== '' && values.holdUntil === defaultHoldUntil(values.expectedMoveInDate));
  return wasDefault && /^\d{4}-\d{2}-\d{2}$/.test(nextMoveIn)
    ? defaultHoldUntil(nextMoveIn)
    : values.holdUntil;
}

/** Required fields left empty get '<label> không được để trống!' before the schema speaks. */
const REQUIRED_LABELS: Partial<Record<ReservationFormField, string>> = {
  deposit: 'Tiền cọc',
  expectedMoveInDate: 'Ngày dự kiến dọn vào',
};

/** Validates with `reservationCreateSchema` (the server's messages); `payload` is null while invalid. */
export function validateReservationForm(
  values: ReservationFormValues,
  roomID: string,
  last?: LastIndexes,
): {
  errors: Partial<Record<ReservationFormField | 'roomID', string>>;
  payload: ReservationCreateInput | null;
} {
  const errors: Partial<Record<ReservationFormField | 'roomID', string>> = {};
  for (const [field, label] of Object.entries(REQUIRED_LABELS) as Array<[ReservationFormField, string]>) {
    if (values[field].trim() === '') errors[field] = `${label} không được để trống!`;
  }
  if (values.expectedMoveInDate !== '' && values.expectedMoveInDate < vietnamToday()) {
    errors.expectedMoveInDate = RESERVATION_MESSAGES.moveInPast;
  }
  const input = {
    roomID,
    // Left empty: undefined, so the schema says the field is required rather than malformed.
    fullName: values.fullName.trim() === '' ? undefined : values.fullName,
    phoneNumber: values.phoneNumber.trim() === '' ? undefined : values.phoneNumber,
    deposit: parseVietnameseNumber(values.deposit),
    expectedMoveInDate: values.expectedMoveInDate,
    // Left empty: the server holds the room a week past the move-in date.
    ...(values.holdUntil === '' ? {} : { holdUntil: values.holdUntil }),
    ...(values.note.trim() === '' ? {} : { note: values.note }),
    ...(['electricity', 'water'] as const).reduce<Record<string, number>>((typed, kind) => {
      const text = values[`${kind}Index`].trim();
      if (text !== '') typed[`${kind}Index`] = parseVietnameseNumber(text) ?? Number.NaN;
      return typed;
    }, {}),
  };
  const result = reservationCreateSchema.safeParse(input);
  if (result.success && last !== undefined) {
    for (const kind of ['electricity', 'water'] as const) {
      const typed = result.data[`${kind}Index`];
      if (typed !== undefined && typed < last[kind]) {
        errors[`${kind}Index`] ??= RESERVATION_MESSAGES.indexBelowLast(
          `Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()}`,
          last[kind],
        );
      }
    }
  }
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) {
        errors[field as ReservationFormField | 'roomID'] = issue.message;
      }
    }
  }
  const valid = result.success && Object.keys(errors).length === 0;
  return { errors, payload: valid ? result.data : null };
}

/** `POST /api/Reservation/Reserve`: the room becomes 'reserved'. 400 and 409 are the form's to show. */
export async function reserveRoom(payload: ReservationCreateInput): Promise<Reservation> {
  const reply = await apiRequest<ApiReply<Reservation>>('/api/Reservation/Reserve', {
    method: 'POST',
    body: payload,
    toastBadRequest: false,
    handledStatuses: [400, 409],
  });
  return reply.data;
}

/** `POST /api/Reservation/Cancel`: the deposit is given back and the room is empty again. */
export async function cancelReservation(reservationID: string, reason?: string): Promise<Reservation> {
  const trimmed = reason?.trim() ?? '';
  const reply = await apiRequest<ApiReply<Reservation>>('/api/Reservation/Cancel', {
    method: 'POST',
    body: { reservationID, ...(trimmed === '' ? {} : { reason: trimmed }) },
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  return reply.data;
}

/**
 * `PATCH /api/Reservation/Deposit`: what became of a lapsed reservation's deposit (forfeited, the
 * nightly job's record, or refunded).
 */
export async function setReservationDeposit(
  reservationID: string,
  depositOutcome: DepositOutcome,
): Promise<Reservation> {
  const reply = await apiRequest<ApiReply<Reservation>>('/api/Reservation/Deposit', {
    method: 'PATCH',
    body: { reservationID, depositOutcome },
  });
  return reply.data;
}

/** The reservations whose hold lapsed (the newest first, as the API lists them). */
export function lapsedReservations(reply: ReservationsReply | undefined): Reservation[] {
  return (reply?.data ?? []).filter((reservation) => reservation.status === 'lapsed');
}

export const RESERVATION_TEXTS = {
  created: RESERVATION_MESSAGES.created,
  failed: RESERVATION_MESSAGES.failed,
  cancelled: RESERVATION_MESSAGES.cancelled,
  cancelFailed: 'Hủy cọc thất bại!',
  depositOutcomeChanged: RESERVATION_MESSAGES.depositOutcomeChanged,
} as const;

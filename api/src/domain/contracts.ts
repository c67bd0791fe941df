import { CONTRACT_MESSAGES, type RoomStatusCode } from '@nhatro/common';

/** Why a contract cannot be made for this room now, or `null`. */
export function contractCreationBlocker(
  room: { status: RoomStatusCode },
  hasActiveContract: boolean,
  activeReservation: { reservationID: string } | undefined,
  reservationID: string | undefined,
): string | null {
  if (hasActiveContract || room.status === 'occupied') return CONTRACT_MESSAGES.roomTaken;
  if (reservationID !== undefined && activeReservation?.reservationID !== reservationID) {
    return CONTRACT_MESSAGES.wrongReservation;
  }
  if (activeReservation && reservationID === undefined) return CONTRACT_MESSAGES.roomReserved;
  return null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface Settlement {
  deposit: number;
  proratedRent: number;
  damageCharges: number;
  /** Negative when the tenant still owes money after the deposit. */
  refund: number;
}

/**
 * Early end of a contract: the rent of the last month is charged for the days lived in it (the
 * termination day included), the deposit pays for it and for damages, the rest is given back.
 * Money is whole đồng; the prorated rent is rounded to the nearest đồng.
 */
export function settlement(
  contract: { rentFee: number; deposit: number },
  terminationDate: string,
  damageCharges: number,
): Settlement {
  const [year, month, day] = terminationDate.split('-').map(Number) as [number, number, number];
  const proratedRent = Math.round((contract.rentFee * day) / daysInMonth(year, month));
  return {
    deposit: contract.deposit,
    proratedRent,
    damageCharges,
    refund: contract.deposit - proratedRent - damageCharges,
  };
}

type ChangeValue = string | number | boolean | null;

/** The fields whose value differs between two versions, as `{ field, oldValue, newValue }`. */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Array<{ field: string; oldValue: ChangeValue; newValue: ChangeValue }> {
  const changes = [];
  for (const field of fields) {
    const oldValue = ((before as Record<string, unknown>)[field] ?? null) as ChangeValue;
    const newValue = ((after as Record<string, unknown>)[field] ?? null) as ChangeValue;
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

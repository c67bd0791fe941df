import { METER_KIND_LABELS, type MeterKind } from '@nhatro/common';
import { AppError } from './errors.js';

/** The meters read on the day of a deposit, a move-in or a move-out. */

/** The indexes typed on the day, by kind (absent: the last reading). */
export type TypedIndexes = Partial<Record<`${MeterKind}Index`, number | undefined>>;

/**
 * The indexes on the day: the typed ones, or the room's last reading; one lower than that reading is
 * refused (400, naming the field): a meter does not run backwards.
 */
export function indexesOnTheDay(
  last: Record<MeterKind, number>,
  typed: TypedIndexes,
  message: (label: string, last: number) => string,
): Record<MeterKind, number> {
  const errors = (['electricity', 'water'] as const).flatMap((kind) => {
    const value = typed[`${kind}Index`];
    const label = `Chỉ số ${METER_KIND_LABELS[kind].toLowerCase()}`;
    return value !== undefined && value < last[kind]
      ? [{ field: `${kind}Index`, errorMessage: message(label, last[kind]) }]
      : [];
  });
  if (errors.length > 0) throw AppError.validation(errors);
  return {
    electricity: typed.electricityIndex ?? last.electricity,
    water: typed.waterIndex ?? last.water,
  };
}

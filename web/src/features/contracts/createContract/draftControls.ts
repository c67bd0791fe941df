import { parseVietnameseNumber } from '@nhatro/common';
import { formatMoney } from '../../../lib/format';
import type { ContractDraft, PersonDraft, VehicleDraft } from '../contractDraft';

/** What every step gets from the wizard. */
export interface DraftControls {
  draft: ContractDraft;
  update: (change: (draft: ContractDraft) => ContractDraft, path?: string) => void;
  /** The error shown under a field (typed in and left, or its step was submitted, or the server's). */
  error: (path: string) => string | undefined;
  /** Leaving a field: its error shows from now on if the user changed it (`update` with its path). */
  touch: (path: string) => void;
  disabled: boolean;
}

export function moneyHelper(text: string): string | undefined {
  const value = parseVietnameseNumber(text.trim());
  return value !== undefined && Number.isFinite(value) ? formatMoney(value) : undefined;
}

export function gridSx(columns: { xs: number; sm: number }) {
  return {
    display: 'grid',
    columnGap: 2,
    rowGap: 1,
    gridTemplateColumns: {
      xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
      sm: `repeat(${columns.sm}, minmax(0, 1fr))`,
    },
  } as const;
}

export function personName(person: PersonDraft, fallback: string): string {
  return person.occupantName.trim() === '' ? fallback : person.occupantName.trim();
}

export function vehicleName(vehicle: VehicleDraft, index: number): string {
  const plate = vehicle.licensePlate.trim().toUpperCase();
  return plate === '' ? `${vehicle.vehicleType} (xe ${index + 1})` : `${vehicle.vehicleType} ${plate}`;
}

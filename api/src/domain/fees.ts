import { METERED_UNITS, FEE_UNIT_LABELS, type FeeUnit } from '@nhatro/common';

/** "Theo số điện (kWh)" inside a sentence: only the first letter is lowered, the unit keeps its case. */
function unitPhrase(unit: FeeUnit): string {
  const label = FEE_UNIT_LABELS[unit];
  return label.charAt(0).toLocaleLowerCase('vi') + label.slice(1);
}

/**
 * A house always has exactly one electricity (kWh) and one water (m³) service:
 * they are created with the house, cannot be deleted, and no second one can be added.
 * Returns the Vietnamese reason a change is refused, or `null`.
 */
export function meteredFeeConflict(
  change:
    | { kind: 'create'; unit: FeeUnit }
    | { kind: 'update'; from: FeeUnit; to: FeeUnit }
    | { kind: 'delete'; unit: FeeUnit },
  unitsInHouse: FeeUnit[],
): string | null {
  const metered = (unit: FeeUnit) => METERED_UNITS.includes(unit);
  switch (change.kind) {
    case 'create':
      return metered(change.unit) && unitsInHouse.includes(change.unit)
        ? `Nhà trọ đã có dịch vụ tính ${unitPhrase(change.unit)}. Hãy sửa giá của dịch vụ đó.`
        : null;
    case 'update':
      if (change.from === change.to) return null;
      if (metered(change.from)) return 'Không thể đổi đơn vị tính của dịch vụ điện hoặc nước.';
      return metered(change.to) && unitsInHouse.includes(change.to)
        ? `Nhà trọ đã có dịch vụ tính ${unitPhrase(change.to)}.`
        : null;
    case 'delete':
      return metered(change.unit)
        ? 'Không thể xóa dịch vụ điện hoặc nước: mỗi nhà trọ luôn cần hai dịch vụ này.'
        : null;
  }
}

/** Created with every new house; the landlord sets the real prices. */
export const DEFAULT_METERED_FEES: Array<{ serviceName: string; price: number; unit: FeeUnit }> = [
  { serviceName: 'Điện', price: 3_500, unit: 'kWh' },
  { serviceName: 'Nước', price: 18_000, unit: 'm3' },
];

import type { HandoverList, SettlementDamage } from '@nhatro/common';

/** What the move-out handover record gives the termination: damage lines and the final meter indexes. */
export interface MoveOutSuggestion {
  damages: SettlementDamage[];
  electricityIndex?: number | undefined;
  waterIndex?: number | undefined;
}

/**
 * What the move-out handover record suggests the termination charges: each device that got worse, with the
 * amount the landlord typed on the record (lines still at 0 ₫ are left for the landlord to price on the
 * termination page, so they start empty there rather than as an invalid line), and its meter indexes.
 */
export function moveOutSuggestion(list: HandoverList | undefined): MoveOutSuggestion {
  const moveOut = list?.value.find((record) => record.kind === 'moveOut');
  if (!moveOut) return { damages: [] };
  return {
    damages: moveOut.damages
      .filter((damage) => damage.amount > 0)
      .map((damage) => ({ description: damage.description.slice(0, 200), amount: damage.amount })),
    electricityIndex: moveOut.electricityIndex,
    waterIndex: moveOut.waterIndex,
  };
}

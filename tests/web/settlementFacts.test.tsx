// The settlement of an ended contract (web/src/features/contracts/SettlementFacts.tsx): money paid beyond
// the bills that no later bill took is a line given back with the deposit.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettlementFacts } from '../../web/src/features/contracts/SettlementFacts';

const NBSP = '\u00a0';

describe('the settlement of an ended contract', () => {
  it('shows an open surplus as money given back, and only when there is one', () => {
    const base = { deposit: 6_000_000, proratedRent: 2_000_000, damageCharges: 0, unpaidBills: 0 };
    const { unmount } = render(
      <SettlementFacts
        settlement={{ ...base, openSurplus: 1_806_000, refund: 5_806_000 }}
        testIdPrefix="settlement"
      />,
    );
    expect(screen.getByText('Tiền thừa chưa trừ vào hóa đơn')).toBeTruthy();
    expect(screen.getByTestId('settlement-open-surplus').textContent).toBe(`+ 1.806.000${NBSP}₫`);
    expect(screen.getByTestId('settlement-refund').textContent).toBe(`5.806.000${NBSP}₫`);
    unmount();
    render(<SettlementFacts settlement={{ ...base, refund: 4_000_000 }} testIdPrefix="settlement" />);
    expect(screen.queryByTestId('settlement-open-surplus')).toBeNull();
  });
});

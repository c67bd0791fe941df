// A bill's and a one-time charge's pages (web/src/features/monthlyBills, one view for both): what the
// tenant and the landlord may do with what is owed. The journeys (cash in two payments, paying online in
// the sandbox) are browser tests: tests/e2e/monthlyBills.test.ts, tests/e2e/payments.test.ts.
import type { OneTimeChargeReply } from '../../web/src/lib/api/resources/monthlyBills';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OneTimeChargePage } from '../../web/src/features/monthlyBills/OneTimeChargePage';
import { HOUSE, renderPage, signIn } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

function charge(paidAmount: number): OneTimeChargeReply {
  return {
    oneTimeChargeID: 'charge-1',
    houseID: HOUSE.houseID,
    roomID: 'room-1',
    contractID: 'contract-1',
    description: 'Thay ổ khóa',
    amount: 300_000,
    billCode: 'PP0001',
    createdOn: '2026-11-02T03:00:00Z',
    createdBy: 'user-landlord',
    dueDate: '2026-11-10',
    paidAmount,
    status: paidAmount === 0 ? 1 : 2,
    payments: [],
  };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

async function openCharge(paidAmount: number): Promise<void> {
  api.on('GET', '/odata/OneTimeCharge/charge-1', { body: charge(paidAmount) });
  renderPage(<OneTimeChargePage />, '/otcBill/charge-1', '/otcBill/:id');
  await screen.findByTestId('charge-description');
}

describe('a one-time charge', () => {
  it('offers the tenant to pay what is owed online, and nothing to collect or delete', async () => {
    signIn('lessee');
    await openCharge(100_000);
    const actions = screen.getByTestId('charge-actions');
    expect(within(actions).getByTestId('pay-online-charge-1').textContent).toBe('Thanh toán');
    expect(screen.queryByTestId('charge-collect')).toBeNull();
    expect(screen.queryByTestId('charge-delete')).toBeNull();
    expect(screen.getByTestId('charge-back').getAttribute('href')).toBe('/lesseeRoomDetail');
  });

  it('lets the landlord collect cash, and delete it while nothing of it is paid', async () => {
    signIn('landlord');
    await openCharge(0);
    expect(screen.getByTestId('charge-collect')).toBeTruthy();
    expect(screen.getByTestId('charge-delete')).toBeTruthy();
    expect(screen.queryByTestId('pay-online-charge-1')).toBeNull();
    expect(screen.getByTestId('charge-back').getAttribute('href')).toBe('/oneTimeBillCD/room-1');
  });

  it('keeps a partly paid charge: cash only', async () => {
    signIn('landlord');
    await openCharge(100_000);
    expect(screen.getByTestId('charge-collect')).toBeTruthy();
    expect(screen.queryByTestId('charge-delete')).toBeNull();
  });
});

// The refund an ended contract's settlement owes the tenant: recorded once from the contract page (date,
// cash or transfer), then shown; nothing to record when the tenant owes.
import type { Contract } from '@nhatro/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RefundSection } from '../../web/src/features/contracts/RefundSection';
import { vietnamToday } from '../../web/src/lib/api/resources/reservations';
import { renderPage, signIn, toasts } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const TODAY = vietnamToday();

function ended(settlement: Partial<NonNullable<Contract['settlement']>>): Contract {
  return {
    contractID: 'contract-1',
    houseID: 'house-1',
    roomID: 'room-1',
    status: 3,
    createdOn: '2026-01-01T00:00:00.000Z',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    rentFee: 3_000_000,
    deposit: 3_000_000,
    representativeLesseeID: 'lessee-1',
    terminatedOn: TODAY,
    settlement: {
      deposit: 3_000_000,
      proratedRent: 1_500_000,
      damageCharges: 0,
      refund: 1_500_000,
      ...settlement,
    },
  };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn('landlord');
});

describe('the refund of an ended contract', () => {
  it('is recorded with its day and how it was given back', async () => {
    api.on('POST', '/odata/Contract/RecordRefund', { status: 200, body: ended({}) });
    renderPage(<RefundSection contract={ended({})} />, '/contracts/contract-1', '/contracts/:id');
    expect(screen.getByTestId('contract-refund-form').textContent).toContain('1.500.000');
    fireEvent.click(screen.getByRole('button', { name: 'Ghi nhận đã hoàn tiền' }));
    await waitFor(() => expect(toasts('success')).toContain('Đã ghi nhận hoàn tiền cho người thuê'));
    expect(api.sent('POST', '/odata/Contract/RecordRefund')[0]?.body).toEqual({
      contractID: 'contract-1',
      refundedOn: TODAY,
      method: 'cash',
    });
  });

  it('shows the server’s reason when it is refused', async () => {
    api.on('POST', '/odata/Contract/RecordRefund', {
      status: 409,
      body: { status: false, errorMessage: 'Khoản hoàn lại đã được ghi nhận trước đó.' },
    });
    renderPage(<RefundSection contract={ended({})} />, '/contracts/contract-1', '/contracts/:id');
    fireEvent.click(screen.getByRole('button', { name: 'Ghi nhận đã hoàn tiền' }));
    await waitFor(() =>
      expect(screen.getByTestId('contract-refund-error').textContent).toContain(
        'Khoản hoàn lại đã được ghi nhận trước đó.',
      ),
    );
    expect(toasts('error')).toContain('Ghi nhận hoàn tiền thất bại');
  });

  it('once recorded, says when and how; when the tenant owes, asks nothing', () => {
    const view = renderPage(
      <RefundSection
        contract={ended({
          refunded: {
            refundedOn: '2026-11-20',
            method: 'transfer',
            recordedBy: 'user-1',
            recordedOn: '2026-11-20T03:00:00.000Z',
          },
        })}
      />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    expect(screen.getByTestId('contract-refund-recorded').textContent).toBe(
      'Đã hoàn lại 1.500.000\u00a0₫ cho người thuê ngày 20/11/2026 (Chuyển khoản).',
    );
    view.unmount();
    renderPage(
      <RefundSection contract={ended({ refund: -200_000 })} />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    expect(screen.queryByTestId('contract-refund-form')).toBeNull();
  });
});

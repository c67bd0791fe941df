// Words a Vietnamese user reads: the payment failure's reason from VNPay's code, and the toast's close
// button named in Vietnamese.
import { vnpayResponseText } from '@nhatro/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentFailurePage } from '../../web/src/features/payments/PaymentResultPage';
import { notify } from '../../web/src/lib/toast';
import { renderPage } from './support/app';
import { fakeApi } from './support/fakeApi';

describe('the payment failure page', () => {
  it('names VNPay’s reason for the common codes, and a code it does not know by its number', () => {
    expect(vnpayResponseText('24')).toBe('Khách hàng đã hủy giao dịch.');
    expect(vnpayResponseText('51')).toBe('Tài khoản không đủ số dư để thực hiện giao dịch.');
    expect(vnpayResponseText('11')).toBe('Đã hết hạn chờ thanh toán. Vui lòng thực hiện lại giao dịch.');
    expect(vnpayResponseText('42')).toBe('Cổng thanh toán từ chối giao dịch (mã 42).');
    expect(vnpayResponseText('00')).toBeNull();
    expect(vnpayResponseText(undefined)).toBeNull();
  });

  it('shows the reason the gateway sent the browser back with', async () => {
    const api = fakeApi();
    api.on('GET', /\/api\/Payment\/PaymentComplete/, {
      body: {
        status: true,
        data: {
          paymentID: 'pay-1',
          target: 'monthlyBill',
          description: 'Hóa đơn tháng 07/2026 - P101',
          amount: 563_000,
          state: 'cancelled',
          createdOn: '2026-07-12T03:00:00Z',
        },
      },
    });
    renderPage(<PaymentFailurePage />, '/paymentFailure?paymentID=pay-1&responseCode=24', '/paymentFailure');
    expect((await screen.findByTestId('payment-reason')).textContent).toBe('Khách hàng đã hủy giao dịch.');
  });
});

describe('toasts', () => {
  it('have a close button named in Vietnamese', async () => {
    notify.success('Đã lưu.');
    const close = await waitFor(() => {
      const button = document.querySelector('.Toastify__close-button');
      if (button === null) throw new Error('no toast yet');
      return button;
    });
    expect(close.getAttribute('aria-label')).toBe('Đóng thông báo');
  });
});

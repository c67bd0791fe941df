// 'Khiếu nại hóa đơn' on /bill/{id} (issue 27; web/src/features/billDisputes, composed by
// web/src/app/routes/MonthlyBillRoute.tsx): the tenant asks about a line, the landlord corrects or refuses.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MonthlyBillRoute } from '../../web/src/app/routes/MonthlyBillRoute';
import { HOUSE, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const LINES = [
  { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 2_500_000, amount: 2_500_000 },
  { kind: 'water', description: 'Tiền nước', quantity: 6, unit: 'm³', unitPrice: 20_000, amount: 120_000 },
];

function bill(total = 2_620_000) {
  return {
    monthlyBillID: 'bill-1',
    houseID: HOUSE.houseID,
    roomID: 'room-1',
    contractID: 'contract-1',
    houseTicketID: 't-1',
    month: '2026-11',
    billName: 'Hóa đơn tháng 11/2026 – P101',
    billCode: 'HD0001',
    createdOn: '2026-11-05T03:00:00Z',
    dueDate: '2026-11-15',
    total,
    paidAmount: 0,
    status: 1,
    billDetails: LINES,
    payments: [],
  };
}

const OPEN = {
  billDisputeID: 'dispute-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  contractID: 'contract-1',
  monthlyBillID: 'bill-1',
  billName: 'Hóa đơn tháng 11/2026 – P101',
  lineIndex: 1,
  lineDescription: 'Tiền nước',
  lineAmount: 120_000,
  reason: 'Tôi đi vắng nửa tháng.',
  status: 'open',
  createdBy: 'user-lessee',
  createdByName: 'Nguyễn Văn An',
  createdOn: '2026-11-20T08:00:00Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/odata/MonthlyBill/bill-1', { body: bill() });
});

function openBill() {
  renderPage(<MonthlyBillRoute />, '/bill/bill-1', '/bill/:id');
}

describe('the tenant', () => {
  it('asks about the water line with a reason, then sees the question waiting', async () => {
    let disputes: unknown[] = [];
    api
      .on('GET', '/api/BillDispute', () => collection(disputes))
      .on('POST', '/api/BillDispute', ({ body }) => {
        disputes = [{ ...OPEN, reason: (body as { reason: string }).reason }];
        return {
          body: { status: true, data: disputes[0], message: 'Đã gửi khiếu nại hóa đơn cho chủ trọ.' },
        };
      });
    signIn('lessee');
    openBill();
    fireEvent.click(await screen.findByTestId('bill-dispute-open', {}, { timeout: 12_000 }));
    const form = screen.getByTestId('bill-dispute-form');
    expect((within(form).getByTestId('bill-dispute-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('bill-dispute-line'), { target: { value: '1' } });
    fireEvent.change(within(form).getByTestId('bill-dispute-reason'), {
      target: { value: 'Tôi đi vắng nửa tháng.' },
    });
    fireEvent.click(within(form).getByTestId('bill-dispute-send'));
    const item = await screen.findByTestId('bill-dispute-1');
    expect(item.textContent).toContain('Tôi đi vắng nửa tháng.');
    expect(item.textContent).toContain('Đang chờ chủ trọ trả lời');
    expect(api.sent('POST', '/api/BillDispute').map((request) => request.body)).toEqual([
      { monthlyBillID: 'bill-1', lineIndex: 1, reason: 'Tôi đi vắng nửa tháng.' },
    ]);
    await waitFor(() => expect(toasts('success')).toContain('Đã gửi khiếu nại hóa đơn cho chủ trọ.'));
    // The tenant never gets the landlord's answer form.
    expect(screen.queryByTestId('bill-dispute-answer')).toBeNull();
  });

  it('sees the outcome: the correction and the landlord’s answer', async () => {
    api.on(
      'GET',
      '/api/BillDispute',
      collection([
        {
          ...OPEN,
          status: 'corrected',
          answer: 'Đã trừ nửa tháng.',
          answeredOn: '2026-11-21T02:00:00Z',
          correction: { from: 120_000, to: 60_000, totalFrom: 2_620_000, totalTo: 2_560_000 },
        },
      ]),
    );
    signIn('lessee');
    openBill();
    const item = await screen.findByTestId('bill-dispute-1', {}, { timeout: 12_000 });
    expect(item.getAttribute('data-status')).toBe('corrected');
    expect(within(item).getByTestId('bill-dispute-correction').textContent).toMatch(
      /120\.000\s₫ → 60\.000\s₫; tổng hóa đơn 2\.620\.000\s₫ → 2\.560\.000\s₫/,
    );
    expect(within(item).getByTestId('bill-dispute-answer-text').textContent).toBe(
      'Chủ trọ trả lời: Đã trừ nửa tháng.',
    );
  });
});

describe('the landlord', () => {
  it('corrects the line with the amount typed the Vietnamese way, and the bill is read again', async () => {
    let status = 'open';
    api
      .on('GET', '/api/BillDispute', () => collection([{ ...OPEN, status }]))
      .on('POST', '/api/BillDispute/dispute-1/Answer', () => {
        status = 'corrected';
        return {
          body: { status: true, data: { ...OPEN, status }, message: 'Đã điều chỉnh hóa đơn theo khiếu nại.' },
        };
      });
    signIn('landlord');
    openBill();
    const answer = await screen.findByTestId('bill-dispute-answer', {}, { timeout: 12_000 });
    const billReads = api.sent('GET', '/odata/MonthlyBill/bill-1').length;
    fireEvent.change(within(answer).getByTestId('bill-dispute-amount'), { target: { value: '60.000' } });
    fireEvent.change(within(answer).getByTestId('bill-dispute-reply'), {
      target: { value: 'Đã trừ nửa tháng.' },
    });
    fireEvent.click(within(answer).getByTestId('bill-dispute-correct'));
    await waitFor(() => expect(screen.queryByTestId('bill-dispute-answer')).toBeNull());
    expect(api.sent('POST', '/api/BillDispute/dispute-1/Answer').map((request) => request.body)).toEqual([
      { outcome: 'corrected', newAmount: 60_000, answer: 'Đã trừ nửa tháng.' },
    ]);
    await waitFor(() =>
      expect(api.sent('GET', '/odata/MonthlyBill/bill-1').length).toBeGreaterThan(billReads),
    );
    expect(screen.queryByTestId('bill-dispute-open')).toBeNull();
  });

  it('shows the server’s refusal in the answer form', async () => {
    const refusal = 'Hóa đơn đã thu 2.620.000 ₫; sau điều chỉnh, tổng tiền không được thấp hơn số đã thu.';
    api.on('GET', '/api/BillDispute', collection([OPEN])).on('POST', '/api/BillDispute/dispute-1/Answer', {
      status: 409,
      body: { status: false, errorMessage: refusal },
    });
    signIn('landlord');
    openBill();
    const answer = await screen.findByTestId('bill-dispute-answer', {}, { timeout: 12_000 });
    fireEvent.change(within(answer).getByTestId('bill-dispute-amount'), { target: { value: '1000' } });
    fireEvent.click(within(answer).getByTestId('bill-dispute-correct'));
    expect((await within(answer).findByTestId('bill-dispute-problem')).textContent).toBe(refusal);
  });
});

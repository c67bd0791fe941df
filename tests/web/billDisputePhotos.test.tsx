// A photo with a question about a bill line (issue 27; web/src/features/billDisputes): the tenant attaches
// one (uploaded as a room image of the house), the landlord opens it beside the question. fetch is faked;
// the photo's scaling is replaced (it needs a real browser).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PhotoFile from '../../web/src/components/photoFile';
import { MonthlyBillRoute } from '../../web/src/app/routes/MonthlyBillRoute';
import { HOUSE, renderPage, signIn } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

vi.mock('../../web/src/components/photoFile', async (original) => ({
  ...(await original<typeof PhotoFile>()),
  preparePhoto: (file: Blob) => Promise.resolve({ blob: file, contentType: 'image/jpeg', extension: 'jpg' }),
}));

const BILL = {
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
  total: 120_000,
  paidAmount: 0,
  status: 1,
  billDetails: [
    { kind: 'water', description: 'Tiền nước', quantity: 6, unit: 'm³', unitPrice: 20_000, amount: 120_000 },
  ],
  payments: [],
};
const QUESTION = {
  billDisputeID: 'dispute-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  contractID: 'contract-1',
  monthlyBillID: 'bill-1',
  billName: BILL.billName,
  lineIndex: 0,
  lineDescription: 'Tiền nước',
  lineAmount: 120_000,
  reason: 'Đồng hồ ghi sai.',
  image: 'h1/room-q.jpg',
  status: 'open',
  createdBy: 'user-lessee',
  createdOn: '2026-11-20T08:00:00Z',
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', '/odata/MonthlyBill/bill-1', { body: BILL })
    .on('GET', '/api/BlobAccess/GetRoomImageContainerSAS', {
      body: { blobName: 'h1/room-q.jpg', uploadURL: 'https://blob.test/put-q' },
    })
    .on('PUT', /^\/put-q/, { status: 201 })
    .on('GET', '/api/BlobAccess/GetReadURL', { body: { url: 'https://blob.test/q.jpg?sig=1' } });
});

describe('a question’s photo', () => {
  it('is attached by the tenant and sent with the question', async () => {
    api
      .on('GET', '/api/BillDispute', collection([]))
      .on('POST', '/api/BillDispute', { body: { status: true, data: QUESTION, message: 'Đã gửi.' } });
    signIn('lessee');
    renderPage(<MonthlyBillRoute />, '/bill/bill-1', '/bill/:id');
    fireEvent.click(await screen.findByTestId('bill-dispute-open', {}, { timeout: 12_000 }));
    const form = screen.getByTestId('bill-dispute-form');
    fireEvent.change(within(form).getByTestId('bill-dispute-line'), { target: { value: '0' } });
    fireEvent.change(within(form).getByTestId('bill-dispute-reason'), {
      target: { value: 'Đồng hồ ghi sai.' },
    });
    fireEvent.change(within(form).getByTestId('bill-dispute-photo'), {
      target: { files: [new File(['x'], 'dong-ho.jpg', { type: 'image/jpeg' })] },
    });
    await within(form).findByText('Đã đính kèm ảnh · chọn ảnh khác');
    fireEvent.click(within(form).getByTestId('bill-dispute-send'));
    await waitFor(() =>
      expect(api.sent('POST', '/api/BillDispute').map((request) => request.body)).toEqual([
        { monthlyBillID: 'bill-1', lineIndex: 0, reason: 'Đồng hồ ghi sai.', image: 'h1/room-q.jpg' },
      ]),
    );
  });

  it('is opened by the landlord beside the question', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    api.on('GET', '/api/BillDispute', collection([QUESTION]));
    signIn('landlord');
    renderPage(<MonthlyBillRoute />, '/bill/bill-1', '/bill/:id');
    fireEvent.click(await screen.findByTestId('bill-dispute-image', {}, { timeout: 12_000 }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://blob.test/q.jpg?sig=1', '_blank', 'noopener'),
    );
  });
});

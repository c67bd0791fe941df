// Tenants who read their own meters on the screens (issue 27; web/src/features/meterRecords): the tenant's
// 'Ghi chỉ số điện nước' form (indexes, a photo of each meter, the server's refusals under their field) and
// the meter board's card of sendings (accept as sent, or correct). fetch is faked; the photo's scaling is
// replaced (it needs a real browser, tests/e2e covers it).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PhotoFile from '../../web/src/components/photoFile';
import { TenantMeterReadingSection } from '../../web/src/features/meterRecords/TenantMeterReading';
import { MeterSubmissionsCard } from '../../web/src/features/meterRecords/MeterSubmissionsCard';
import { TenantReadingSetting } from '../../web/src/features/meterRecords/TenantReadingSetting';
import { MonthlyBillPage } from '../../web/src/features/monthlyBills/MonthlyBillPage';
import { HOUSE, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

vi.mock('../../web/src/components/photoFile', async (original) => ({
  ...(await original<typeof PhotoFile>()),
  preparePhoto: (file: Blob) => Promise.resolve({ blob: file, contentType: 'image/jpeg', extension: 'jpg' }),
}));

const SUBMISSION = {
  meterSubmissionID: 'room-1_sub_2026-11',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  roomName: 'P101',
  contractID: 'contract-1',
  month: '2026-11',
  electricityIndex: 160,
  waterIndex: 22,
  electricityImage: 'h1/room-e.jpg',
  waterImage: 'h1/room-w.jpg',
  status: 'pending',
  submittedBy: 'user-lessee',
  submittedByName: 'Nguyễn Văn An',
  submittedOn: '2026-11-03T03:00:00.000Z',
  photos: {
    electricity: {
      sent: { blobName: 'h1/room-e.jpg', url: 'https://blob.test/e.jpg' },
      previous: { blobName: 'h1/room-old.jpg', url: 'https://blob.test/old.jpg' },
    },
    water: { sent: { blobName: 'h1/room-w.jpg', url: 'https://blob.test/w.jpg' } },
  },
};

let api: FakeApi;
let uploads = 0;
beforeEach(() => {
  uploads = 0;
  api = fakeApi();
  api
    .on('GET', '/api/BlobAccess/GetRoomImageContainerSAS', () => {
      uploads += 1;
      return { body: { blobName: `h1/room-${uploads}.jpg`, uploadURL: `https://blob.test/put-${uploads}` } };
    })
    .on('PUT', /^\/put-/, { status: 201 })
    .on('GET', '/api/MeterSubmission', collection([]));
});

function takePhoto(kind: 'electricity' | 'water') {
  const input = screen.getByTestId(`tenant-meter-photo-${kind}`) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], `${kind}.jpg`, { type: 'image/jpeg' })] } });
}

describe('the tenant’s “Ghi chỉ số điện nước”', () => {
  it('opens the phone’s camera and asks for both photos and indexes before sending anything', async () => {
    signIn('lessee');
    renderPage(<TenantMeterReadingSection houseID={HOUSE.houseID} deadlineDay={5} />, '/lesseeRoomDetail');
    const card = await screen.findByTestId('tenant-meters');
    expect(card.textContent).toContain('trước hết ngày 5 hằng tháng');
    const input = within(card).getByTestId('tenant-meter-photo-electricity');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.click(within(card).getByTestId('tenant-meter-send'));
    await within(card).findByText('Hãy chụp ảnh đồng hồ điện.');
    expect(within(card).getByText('Hãy chụp ảnh đồng hồ nước.')).toBeTruthy();
    expect(within(card).getByText('Chỉ số điện phải là số.')).toBeTruthy();
    expect(api.sent('POST', '/api/MeterSubmission')).toEqual([]);
  });

  it('sends the indexes with the uploaded photos, and shows the server’s refusal under its field', async () => {
    api.on('POST', '/api/MeterSubmission', {
      status: 400,
      body: [
        {
          field: 'electricityIndex',
          errorMessage: 'Chỉ số điện không được nhỏ hơn chỉ số tháng trước (150).',
        },
      ],
    });
    signIn('lessee');
    renderPage(<TenantMeterReadingSection houseID={HOUSE.houseID} />, '/lesseeRoomDetail');
    await screen.findByTestId('tenant-meters');
    fireEvent.change(screen.getByTestId('tenant-meter-electricity'), { target: { value: '149' } });
    fireEvent.change(screen.getByTestId('tenant-meter-water'), { target: { value: '22' } });
    takePhoto('electricity');
    await screen.findByText(/Đã chụp đồng hồ điện/);
    takePhoto('water');
    await screen.findByText(/Đã chụp đồng hồ nước/);
    fireEvent.click(screen.getByTestId('tenant-meter-send'));
    await screen.findByText('Chỉ số điện không được nhỏ hơn chỉ số tháng trước (150).');
    expect(api.sent('POST', '/api/MeterSubmission').map((request) => request.body)).toEqual([
      {
        electricityIndex: 149,
        waterIndex: 22,
        electricityImage: 'h1/room-1.jpg',
        waterImage: 'h1/room-2.jpg',
      },
    ]);
  });

  it('shows what was sent and the landlord’s correction once decided, without the form', async () => {
    api.on(
      'GET',
      '/api/MeterSubmission',
      collection([
        { ...SUBMISSION, status: 'corrected', correctedElectricityIndex: 158, correctedWaterIndex: 22 },
      ]),
    );
    signIn('lessee');
    renderPage(<TenantMeterReadingSection houseID={HOUSE.houseID} />, '/lesseeRoomDetail');
    const sent = await screen.findByTestId('tenant-meter-sent');
    expect(sent.textContent).toContain(
      'Đã gửi: điện 160, nước 22 — Đã sửa và duyệt (chủ nhà sửa: điện 158, nước 22)',
    );
    expect(screen.queryByTestId('tenant-meter-send')).toBeNull();
  });
});

describe('the meter board’s sendings', () => {
  function accepted() {
    return api.sent('POST', `/api/MeterSubmission/${SUBMISSION.meterSubmissionID}/Accept`).map((r) => r.body);
  }

  beforeEach(() => {
    api
      .on('GET', '/api/MeterSubmission', collection([SUBMISSION]))
      .on('POST', `/api/MeterSubmission/${SUBMISSION.meterSubmissionID}/Accept`, {
        body: { data: { ...SUBMISSION, status: 'accepted' }, message: 'Đã duyệt chỉ số khách gửi.' },
      });
  });

  it('shows each meter’s photo beside last month’s, and accepts as sent', async () => {
    signIn('landlord');
    renderPage(<MeterSubmissionsCard houseID={HOUSE.houseID} month="2026-11" />, '/MeterRecord');
    const card = await screen.findByTestId('meter-submissions');
    expect(card.textContent).toContain('Chỉ số khách gửi (1 chờ duyệt)');
    const item = within(card).getByTestId('submission-P101');
    expect(within(item).getAllByTestId('submission-photo-electricity')[0]?.getAttribute('href')).toBe(
      'https://blob.test/e.jpg',
    );
    expect(within(item).getByTestId('submission-previous-photo-electricity').getAttribute('href')).toBe(
      'https://blob.test/old.jpg',
    );
    expect(within(item).getByTestId('submission-previous-photo-water').textContent).toBe('Chưa có ảnh');
    fireEvent.click(within(item).getByTestId('submission-accept'));
    await waitFor(() => expect(accepted()).toEqual([{}]));
    await waitFor(() => expect(toasts('success')).toContain('Đã duyệt chỉ số khách gửi.'));
  });

  it('corrects: the values typed are sent, a negative one is refused on the spot', async () => {
    signIn('staff');
    renderPage(<MeterSubmissionsCard houseID={HOUSE.houseID} month="2026-11" />, '/MeterRecord');
    fireEvent.click(await screen.findByTestId('submission-correct'));
    fireEvent.change(screen.getByTestId('submission-correct-water'), { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('submission-correct-save'));
    await screen.findByText('Chỉ số nước không được âm.');
    expect(accepted()).toEqual([]);
    fireEvent.change(screen.getByTestId('submission-correct-water'), { target: { value: '22' } });
    fireEvent.change(screen.getByTestId('submission-correct-electricity'), { target: { value: '158' } });
    fireEvent.click(screen.getByTestId('submission-correct-save'));
    await waitFor(() =>
      expect(accepted()).toEqual([{ electricityIndex: 158, waterIndex: 22, confirmed: true }]),
    );
  });
});

describe('the landlord’s setting on the meter page', () => {
  it('turns tenants’ readings on, then sets the deadline day', async () => {
    let house: Record<string, unknown> = { ...HOUSE, rooms: [] };
    api
      .on('GET', `/odata/House/${HOUSE.houseID}`, () => ({ body: house }))
      .on('PATCH', `/odata/House/${HOUSE.houseID}`, (request) => {
        house = { ...house, ...(request.body as object) };
        return { body: house };
      });
    signIn('landlord');
    renderPage(<TenantReadingSetting houseID={HOUSE.houseID} />, '/MeterRecord');
    const toggle = await screen.findByRole('switch', { name: 'Khách tự ghi chỉ số' });
    expect(screen.queryByTestId('tenant-reading-deadline')).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(api.sent('PATCH', `/odata/House/${HOUSE.houseID}`).map((r) => r.body)).toEqual([
        { tenantMeterReading: true },
      ]),
    );
    const deadline = await screen.findByTestId('tenant-reading-deadline');
    expect((deadline as HTMLInputElement).value).toBe('5');
  });
});

describe('the meter photo on the tenant’s bill', () => {
  it('shows “Ảnh đồng hồ” under a line whose reading has a photo, and opens it with a read link', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const line = (kind: string, description: string) => ({
      kind,
      description,
      quantity: 80,
      unit: kind === 'electricity' ? 'kWh' : 'm³',
      unitPrice: 3_500,
      amount: 280_000,
    });
    api
      .on('GET', '/odata/MonthlyBill/bill-1', {
        body: {
          monthlyBillID: 'bill-1',
          houseID: HOUSE.houseID,
          roomID: 'room-1',
          contractID: 'contract-1',
          houseTicketID: `${HOUSE.houseID}_2026-11`,
          month: '2026-11',
          billName: 'Hóa đơn tháng 11/2026 – P101',
          billCode: 'NTABCD2345',
          createdOn: '2026-11-02T03:00:00Z',
          dueDate: '2026-11-10',
          total: 560_000,
          paidAmount: 0,
          status: 1,
          billDetails: [line('electricity', 'Tiền điện'), line('water', 'Tiền nước')],
          payments: [],
        },
      })
      .on('GET', '/odata/MeterRecord', (request) => {
        expect(request.url.searchParams.get('roomID')).toBe('room-1');
        expect(request.url.searchParams.get('month')).toBe('2026-11');
        return collection([{ kind: 'electricity', imageBlobName: 'h1/room-e.jpg' }, { kind: 'water' }]);
      })
      .on('GET', '/api/BlobAccess/GetReadURL', { body: { url: 'https://blob.test/e.jpg?sig=1' } });
    signIn('lessee');
    renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    const photo = await screen.findByTestId('bill-meter-photo-electricity');
    expect(screen.queryByTestId('bill-meter-photo-water')).toBeNull();
    fireEvent.click(photo);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://blob.test/e.jpg?sig=1', '_blank', 'noopener'),
    );
    expect(api.sent('GET', '/api/BlobAccess/GetReadURL')[0]?.url.searchParams.get('blobName')).toBe(
      'h1/room-e.jpg',
    );
  });
});

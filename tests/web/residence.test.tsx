// Residence declarations and personal data on screen (issue 27): the days left as a landlord reads them,
// what "Đã khai báo" sends (with the receipt's photo), the receipt on the person's page, the dashboard
// card's count, and a tenant's own-data page with its consent. A JPEG's scaling is replaced (it needs a
// real browser); any other file goes through the real preparation, which refuses it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PhotoFile from '../../web/src/components/photoFile';
import { HOUSE, renderApp, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

vi.mock('../../web/src/components/photoFile', async (original) => {
  const real = await original<typeof PhotoFile>();
  return {
    ...real,
    preparePhoto: (file: File) =>
      file.type === 'image/jpeg'
        ? Promise.resolve({ blob: file, contentType: 'image/jpeg', extension: 'jpg' })
        : real.preparePhoto(file),
  };
});

const DUE = [
  {
    lesseeInfoID: 'lessee-1',
    contractID: 'contract-1',
    roomID: 'room-1',
    roomName: 'P101',
    occupantName: 'Lê Minh Tuấn',
    kind: 'tamTru',
    moveInDate: '2026-09-01',
    dueDate: '2026-09-30',
    daysLeft: -3,
    state: 'overdue',
  },
  {
    lesseeInfoID: 'lessee-2',
    contractID: 'contract-1',
    roomID: 'room-1',
    roomName: 'P101',
    occupantName: 'Phan Thị Mai',
    kind: 'luuTru',
    moveInDate: '2026-11-28',
    dueDate: '2026-11-28',
    daysLeft: 0,
    state: 'dueToday',
  },
];

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', /.*/, { status: 404, body: {} })
    .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [], lessorInfo: { status: 1 } }]))
    .on('GET', '/odata/House/h1', { body: { ...HOUSE, rooms: [] } })
    .on('GET', '/odata/HouseTicket', collection([]))
    .on('GET', '/odata/Notification', collection([]))
    .on('GET', '/api/Residence/Deadlines', { body: { status: true, data: DUE } });
});

describe('the residence page', () => {
  it('says overdue and due today in words, and sends the declaration with its method and date', async () => {
    api.on('POST', '/api/Residence/Declaration', { body: { lesseeInfoID: 'lessee-2' } });
    signIn('landlord');
    renderApp('/residence');
    const rows = await screen.findAllByTestId('residence-deadline', {}, { timeout: 12_000 });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Quá hạn 3 ngày'),
      expect.stringContaining('Hạn hôm nay'),
    ]);
    expect(rows[1]?.textContent).toContain('Thông báo lưu trú — vào ở 28/11/2026, hạn 28/11/2026');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('residence-declare'));
    const date = await screen.findByTestId('residence-declared-on');
    fireEvent.change(date, { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByTestId('residence-save'));
    await waitFor(() => expect(api.sent('POST', '/api/Residence/Declaration')).toHaveLength(1));
    expect(api.sent('POST', '/api/Residence/Declaration')[0]?.body).toEqual({
      lesseeInfoID: 'lessee-2',
      method: 'vneid',
      declaredOn: '2026-11-28',
    });
    await waitFor(() => expect(toasts('success')).toContain('Đã lưu khai báo cư trú.'));
  });

  it('attaches the receipt photo to the declaration; a file that is not a photo is refused in Vietnamese', async () => {
    api
      .on('POST', '/api/Residence/Declaration', { body: { lesseeInfoID: 'lessee-1' } })
      .on('GET', '/api/BlobAccess/GetLesseeInforContainerSAS', {
        body: { blobName: 'h1/lessee-receipt.jpg', uploadURL: 'https://blob.test/put-receipt' },
      })
      .on('PUT', /^\/put-receipt/, { status: 201 });
    signIn('landlord');
    renderApp('/residence');
    const rows = await screen.findAllByTestId('residence-deadline', {}, { timeout: 12_000 });
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('residence-declare'));
    const file = await screen.findByTestId('residence-photo-file-residenceReceiptImage');
    fireEvent.change(file, {
      target: { files: [new File(['không phải ảnh'], 'bien-nhan.txt', { type: 'text/plain' })] },
    });
    await waitFor(
      () =>
        expect(toasts('error')).toContain(
          'Tải ảnh lên thất bại! Không đọc được ảnh. Vui lòng chọn tệp ảnh JPEG hoặc PNG.',
        ),
      { timeout: 8_000 },
    );
    expect(api.sent('GET', '/api/BlobAccess/GetLesseeInforContainerSAS')).toHaveLength(0);
    fireEvent.change(file, {
      target: { files: [new File(['jpeg'], 'bien-nhan.jpg', { type: 'image/jpeg' })] },
    });
    await screen.findByRole('button', { name: 'Đổi ảnh biên nhận khai báo' }, { timeout: 8_000 });
    expect(api.sent('PUT', '/put-receipt')).toHaveLength(1);
    // 'Lưu' waits for the upload to finish.
    const save = screen.getByTestId('residence-save') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api.sent('POST', '/api/Residence/Declaration')).toHaveLength(1), {
      timeout: 8_000,
    });
    expect(api.sent('POST', '/api/Residence/Declaration')[0]?.body).toMatchObject({
      lesseeInfoID: 'lessee-1',
      receiptImage: 'h1/lessee-receipt.jpg',
    });
  });

  it("the person's page shows the declaration with its receipt, opening the photo", async () => {
    const lessee = {
      lesseeInfoID: 'lessee-1',
      houseID: 'h1',
      contractID: 'contract-1',
      roomID: 'room-1',
      occupantName: 'Lê Minh Tuấn',
      gender: 1,
      status: 1,
      isRepresentative: true,
      residenceDeclaredOn: '2026-11-27',
      residenceMethod: 'police',
      residenceReceiptImage: 'h1/lessee-receipt.jpg',
      imageURLs: [{ blobName: 'h1/lessee-receipt.jpg', url: 'https://blob.test/receipt.jpg?sig=1' }],
      vehicles: [],
    };
    api.on('GET', '/odata/Lessee/lessee-1', { body: lessee });
    signIn('landlord');
    renderApp('/lessees/lessee-1');
    const receipt = await screen.findByTestId('lessee-residence-receipt', {}, { timeout: 12_000 });
    expect(receipt.getAttribute('href')).toBe('https://blob.test/receipt.jpg?sig=1');
    expect(receipt.closest('dd')?.textContent).toContain('27/11/2026 · Tại công an');
    expect(within(receipt).getByRole('img').getAttribute('alt')).toBe('Ảnh biên nhận khai báo cư trú');
  });

  it('the dashboard card counts who is undeclared and who is late', async () => {
    signIn('landlord');
    renderApp('/dashboard');
    const text = await screen.findByTestId('residence-card-text', {}, { timeout: 12_000 });
    expect(text.textContent).toBe('2 người chưa khai báo cư trú, 1 người đã quá hạn');
  });
});

describe("a tenant's own data", () => {
  it('shows the consent and the retention, confirms the consent and asks for erasure', async () => {
    const mine = {
      exportedAt: '2026-11-28T01:00:00.000Z',
      account: {
        userID: 'u4',
        username: 'nguoithue',
        fullName: 'Lê Minh Tuấn',
        role: 'Người thuê',
        createdOn: '2026-01-01T00:00:00.000Z',
      },
      occupant: {
        occupantName: 'Lê Minh Tuấn',
        citizenID: '079203004567',
        consentPurpose: 'Khai báo tạm trú, lưu trú với công an.',
        consentAt: '2026-09-01T03:00:00.000Z',
        consentBy: 'Nguyễn Văn Hùng (chunha)',
      },
      tenancy: {
        houseName: 'Nhà trọ Hoa Sen',
        houseAddress: '12 Võ Văn Ngân',
        roomName: 'P101',
        startDate: '2026-09-01',
        endDate: '2027-08-31',
      },
      identityPhotos: ['Ảnh CCCD mặt trước'],
      retention: { months: 12 },
    };
    api
      .on('GET', '/api/User/MyData', { body: { status: true, data: mine } })
      .on('POST', '/api/User/MyData/Consent', { body: { status: true, message: 'Đã ghi nhận bạn đồng ý.' } })
      .on('POST', '/api/User/MyData/Erasure', {
        body: { status: true, data: {}, message: 'Đã gửi yêu cầu xóa dữ liệu. Chủ trọ đã được thông báo.' },
      });
    signIn('lessee');
    renderApp('/myData');
    const consent = await screen.findByTestId('my-data-consent', {}, { timeout: 12_000 });
    expect(consent.textContent).toContain('Ảnh đã lưu: Ảnh CCCD mặt trước.');
    expect(consent.textContent).toContain('bởi Nguyễn Văn Hùng (chunha)');
    expect(consent.textContent).toContain('được giữ 12 tháng sau khi bạn chuyển đi');
    expect(screen.getByTestId('my-data-summary').textContent).toContain('Số CCCD: 079203004567');
    fireEvent.click(within(consent).getByTestId('my-data-confirm-consent'));
    await waitFor(() => expect(toasts('success')).toContain('Đã ghi nhận bạn đồng ý.'));
    fireEvent.click(within(consent).getByTestId('my-data-request-erasure'));
    await waitFor(() => expect(api.sent('POST', '/api/User/MyData/Erasure')).toHaveLength(1));
  });
});

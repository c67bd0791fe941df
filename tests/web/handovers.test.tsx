// Handover records on the contract page: the form's rules (Vietnamese numbers, indexes not below the
// room's last reading, the shared schema's messages), what each state of a record offers, and the
// tenant's guest page.
import type { HandoverList, HandoverPrefill, HandoverView } from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GuestHandoverPage } from '../../web/src/features/handovers/GuestHandoverPage';
import { HandoverSection } from '../../web/src/features/handovers/HandoverSection';
import { draftOf, handoverInput } from '../../web/src/features/handovers/handoverRules';
import { renderPage, signIn, toasts } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const PREFILL: HandoverPrefill = {
  electricityIndex: 1200,
  waterIndex: 80,
  minElectricityIndex: 1200,
  minWaterIndex: 80,
  devices: [
    { deviceID: 'device-fan', deviceName: 'Quạt trần', quantity: 1, state: 'good' },
    { deviceID: 'device-bed', deviceName: 'Giường', quantity: 1, state: 'worn' },
  ],
};

function record(overrides: Partial<HandoverView> = {}): HandoverView {
  return {
    handoverID: 'contract-1-moveIn',
    houseID: 'house-1',
    roomID: 'room-1',
    contractID: 'contract-1',
    kind: 'moveIn',
    handoverDate: '2026-11-20',
    electricityIndex: 1200,
    waterIndex: 80,
    keyCount: 2,
    devices: PREFILL.devices,
    images: [],
    imageURLs: [],
    createdOn: '2026-11-20T03:00:00.000Z',
    createdBy: 'user-1',
    locked: false,
    damages: [],
    ...overrides,
  };
}

function list(value: HandoverView[]): HandoverList {
  return { value, prefill: { moveIn: PREFILL, moveOut: PREFILL } };
}

describe('the handover form’s rules', () => {
  it('reads numbers as Vietnamese write them and keeps damage amounts for move-out only', () => {
    const draft = {
      ...draftOf(undefined, PREFILL, '2026-11-20'),
      electricityIndex: '1.234,5',
      keyCount: '3',
    };
    draft.devices[0] = { ...draft.devices[0]!, state: 'broken', damageAmount: '250.000' };
    const moveOut = handoverInput('contract-1', 'moveOut', draft, PREFILL);
    expect(moveOut.input?.electricityIndex).toBe(1234.5);
    expect(moveOut.input?.devices[0]).toEqual({
      deviceID: 'device-fan',
      state: 'broken',
      damageAmount: 250_000,
    });
    const moveIn = handoverInput('contract-1', 'moveIn', draft, PREFILL);
    expect(moveIn.input?.devices[0]).toEqual({ deviceID: 'device-fan', state: 'broken' });
  });

  it('names each wrong field with the server’s words', () => {
    const draft = {
      ...draftOf(undefined, PREFILL, ''),
      electricityIndex: '1199',
      waterIndex: 'abc',
      keyCount: '-1',
    };
    const { errors } = handoverInput('contract-1', 'moveIn', draft, PREFILL);
    expect(errors).toMatchObject({
      handoverDate: 'Ngày bàn giao không hợp lệ (định dạng yyyy-mm-dd).',
      electricityIndex: 'Chỉ số điện không được nhỏ hơn chỉ số ghi gần nhất của phòng (1200).',
      waterIndex: 'Chỉ số nước phải là số.',
      keyCount: 'Số chìa khoá không được âm.',
    });
  });
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  signIn('landlord');
});

describe('the contract page’s handover records', () => {
  it('are made from the prefilled form, refusing an index below the last reading before sending', async () => {
    api.on('GET', '/api/Handover', { status: 200, body: list([]) });
    api.on('POST', '/api/Handover', { status: 200, body: { status: true, data: record() } });
    renderPage(
      <HandoverSection contractID="contract-1" canEdit />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    expect(await screen.findByTestId('handover-status-moveIn')).toHaveProperty('textContent', 'Chưa lập');
    fireEvent.click(screen.getByTestId('handover-edit-moveIn'));
    const dialog = await screen.findByTestId('handover-dialog');
    const electricity = within(dialog).getByTestId('handover-electricityIndex');
    expect((electricity as HTMLInputElement).value).toBe('1200');
    fireEvent.change(electricity, { target: { value: '1100' } });
    fireEvent.click(within(dialog).getByTestId('handover-save'));
    expect(
      await within(dialog).findByText('Chỉ số điện không được nhỏ hơn chỉ số ghi gần nhất của phòng (1200).'),
    ).toBeTruthy();
    expect(api.sent('POST', '/api/Handover')).toHaveLength(0);

    fireEvent.change(electricity, { target: { value: '1.250' } });
    fireEvent.click(within(dialog).getByTestId('handover-save'));
    await waitFor(() => expect(toasts('success')).toContain('Đã lưu biên bản bàn giao.'));
    expect(api.sent('POST', '/api/Handover')[0]?.body).toMatchObject({
      contractID: 'contract-1',
      kind: 'moveIn',
      electricityIndex: 1250,
      waterIndex: 80,
      keyCount: 1,
      devices: [
        { deviceID: 'device-fan', state: 'good' },
        { deviceID: 'device-bed', state: 'worn' },
      ],
    });
  });

  it('shows the server’s field message when it refuses', async () => {
    api.on('GET', '/api/Handover', { status: 200, body: list([]) });
    api.on('POST', '/api/Handover', {
      status: 400,
      body: [
        {
          field: 'electricityIndex',
          errorMessage: 'Chỉ số điện không được nhỏ hơn chỉ số ghi gần nhất của phòng (1300).',
        },
      ],
    });
    renderPage(
      <HandoverSection contractID="contract-1" canEdit />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    fireEvent.click(await screen.findByTestId('handover-edit-moveOut'));
    const dialog = await screen.findByTestId('handover-dialog');
    fireEvent.click(within(dialog).getByTestId('handover-save'));
    expect(
      await within(dialog).findByText('Chỉ số điện không được nhỏ hơn chỉ số ghi gần nhất của phòng (1300).'),
    ).toBeTruthy();
    expect(toasts('error').join(' ')).toContain('Lưu biên bản thất bại');
  });

  it('a record signed by both is locked: only its PDF; a move-out shows its damages', async () => {
    api.on('GET', '/api/Handover', {
      status: 200,
      body: list([
        record({
          locked: true,
          lessorSignedOn: '2026-11-20T03:00:00.000Z',
          lesseeSignedOn: '2026-11-20T04:00:00.000Z',
        }),
        record({
          handoverID: 'contract-1-moveOut',
          kind: 'moveOut',
          damages: [{ deviceID: 'device-fan', description: 'Quạt trần: Tốt → Hỏng', amount: 250_000 }],
        }),
      ]),
    });
    renderPage(
      <HandoverSection contractID="contract-1" canEdit />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    expect(await screen.findByTestId('handover-status-moveIn')).toHaveProperty(
      'textContent',
      'Đã ký đủ hai bên',
    );
    expect(screen.queryByTestId('handover-edit-moveIn')).toBeNull();
    expect(screen.queryByTestId('handover-sign-moveIn')).toBeNull();
    expect(screen.getByTestId('handover-pdf-moveIn')).toBeTruthy();
    expect(screen.getByTestId('handover-edit-moveOut').textContent).toBe('Sửa biên bản');
    expect(screen.getByTestId('handover-damages').textContent).toContain('Quạt trần: Tốt → Hỏng');
  });

  it('read only without the right to change contracts', async () => {
    api.on('GET', '/api/Handover', { status: 200, body: list([record()]) });
    renderPage(
      <HandoverSection contractID="contract-1" canEdit={false} />,
      '/contracts/contract-1',
      '/contracts/:id',
    );
    expect(await screen.findByTestId('handover-pdf-moveIn')).toBeTruthy();
    expect(screen.queryByTestId('handover-edit-moveIn')).toBeNull();
    expect(screen.queryByTestId('handover-share-moveIn')).toBeNull();
  });
});

describe('the tenant’s guest page', () => {
  it('says so when the link is not valid any more', async () => {
    api.on('GET', '/api/GuestHandover', {
      status: 404,
      body: {
        status: false,
        errorMessage:
          'Liên kết biên bản bàn giao không hợp lệ, đã hết hạn hoặc đã bị thay. Hãy xin chủ trọ liên kết mới.',
      },
    });
    renderPage(
      <GuestHandoverPage />,
      '/guestHandover/contract-1-moveIn?token=abc',
      '/guestHandover/:handoverId',
    );
    expect((await screen.findByTestId('guest-handover-invalid')).textContent).toContain('đã hết hạn');
  });

  it('shows the record; signing waits for the drawing and the agreement', async () => {
    api.on('GET', '/api/GuestHandover', {
      status: 200,
      body: {
        status: true,
        data: {
          handover: record(),
          houseName: 'Nhà trọ Hoa Sữa',
          houseAddress: '1 Nguyễn Trãi',
          roomName: 'P101',
          lessorName: 'Trần Văn Chủ',
          representativeName: 'Nguyễn Thị Hằng',
        },
      },
    });
    renderPage(
      <GuestHandoverPage />,
      '/guestHandover/contract-1-moveIn?token=abc',
      '/guestHandover/:handoverId',
    );
    expect((await screen.findByTestId('guest-handover-room')).textContent).toBe(
      'Phòng P101 · Nhà trọ Hoa Sữa',
    );
    expect(screen.getByTestId('guest-handover-devices').textContent).toContain('Giường (SL 1): Hỏng nhẹ');
    const sign = screen.getByTestId('guest-handover-sign') as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('guest-handover-agree'));
    expect(sign.disabled).toBe(true);
  });
});

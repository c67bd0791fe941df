// The service-fee page (web/src/features/fees, /settingAdmin and /settingAdmin/{type}): how a refused
// creation is reported and an unknown tab. The journey (the table, the tabs, create / edit / delete) is
// tests/e2e/fees.test.ts.
import type { Fee } from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FeesPage } from '../../web/src/features/fees/FeesPage';
import { HOUSE, renderApp, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const HOUSE_ID = 'house-1';
const FEES: Fee[] = [
  {
    serviceID: 's1',
    houseID: HOUSE_ID,
    serviceName: 'Điện',
    price: 3_500,
    unit: 'kWh',
    pricing: 'flat',
  },
  { serviceID: 's2', houseID: HOUSE_ID, serviceName: 'Nước', price: 18_000, unit: 'm3' },
  { serviceID: 's3', houseID: HOUSE_ID, serviceName: 'Internet', price: 100_000, unit: 'room' },
];

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().on('GET', '/odata/Service', collection(FEES));
});

describe('the service fees', () => {
  it("a refused creation shows 'Thêm dịch vụ thất bại! ' and the server's message, and keeps the dialog open", async () => {
    api.on('POST', '/odata/Service', {
      status: 409,
      body: { status: false, value: 'Trùng dịch vụ.', errorMessage: 'Trùng dịch vụ.' },
    });
    // A house ID the form's schema accepts (6 to 64 letters, digits, '-' or '_').
    signIn('landlord', {
      houseID: HOUSE_ID,
      houses: [{ ...HOUSE, houseID: HOUSE_ID, lessorInfo: { status: 1 } }],
    });
    renderPage(<FeesPage />, '/settingAdmin', '/settingAdmin/:type?');
    await screen.findByRole('table', { name: 'Phí dịch vụ' });
    fireEvent.click(screen.getByRole('button', { name: 'Thêm dịch vụ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm dịch vụ' });
    fireEvent.change(within(dialog).getByTestId('service-name'), { target: { value: 'Wifi' } });
    fireEvent.change(within(dialog).getByTestId('service-price'), { target: { value: '50000' } });
    fireEvent.click(within(dialog).getByTestId('service-submit'));
    await waitFor(() => expect(toasts('error')).toEqual(['Thêm dịch vụ thất bại! Trùng dịch vụ.']));
    expect(api.sent('POST', '/odata/Service').map((request) => request.body)).toEqual([
      { houseID: HOUSE_ID, serviceName: 'Wifi', price: 50_000, unit: 'room' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Thêm dịch vụ' })).toBe(dialog);
  });

  it('another {type} than metered or fixed is the 404 content', async () => {
    signIn('landlord');
    renderApp('/settingAdmin/khong-co');
    const notFound = await screen.findByTestId('not-found-title');
    expect(notFound.textContent).toBe('Không tìm thấy trang');
  });
});

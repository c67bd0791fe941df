import type { AddedStaff } from '@nhatro/common';
import { expect } from 'vitest';
import type { ApiSession } from '../api/helpers.js';
import type { apiClient } from './product.js';

/** The devices and `$filter`s tests/api/attack25Scope.test.ts compares in memory and in the store, and its disabled staff. */

const text = (body: unknown) => JSON.stringify(body);

export const DEVICES = [
  { deviceName: 'Máy lạnh Daikin', quantity: 1, condition: 'Tốt', value: 8_500_000 },
  { deviceName: 'Tủ lạnh', quantity: 1, condition: 'Cũ', value: 3_200_000 },
  { deviceName: 'Giường gỗ', quantity: 2, condition: 'Tốt', value: 1_500_000 },
  { deviceName: 'quạt trần', quantity: 3, condition: 'Hỏng nhẹ', value: 450_000 },
  { deviceName: 'Đèn bàn', quantity: 1, condition: 'Tốt', value: 250_000 },
  { deviceName: 'ấm siêu tốc', quantity: 1, condition: 'Cũ', value: 300_000 },
];
export const DEVICE_FILTERS = [
  "contains(deviceName,'lạnh')",
  "contains(deviceName,'LẠNH')",
  "startswith(deviceName,'máy')",
  "startswith(deviceName,'quạt')",
  "contains(deviceName,'gỗ')",
  "tolower(deviceName) eq 'tủ lạnh'",
  'value gt 1000000',
  'quantity eq 2 or value lt 500000',
  "not (condition eq 'Tốt')",
  "deviceName in ('Tủ lạnh','Giường gỗ')",
  "condition ne null and quantity ge 1 and contains(condition,'ỏ')",
];

/** A new staff member of `houseIDs` (added by `landlord`), signed in with their own password: their session. */
export async function staffSession(
  api: ReturnType<typeof apiClient>,
  landlord: ApiSession,
  staff: { fullName: string; phoneNumber: string; username: string; password: string; houseIDs: string[] },
) {
  const { password, ...body } = staff;
  const token = landlord.token.accessToken;
  const added = await api.request<{ data: AddedStaff }>('POST', '/api/Staff/AddStaff', { token, body });
  expect(added.status, text(added.body)).toBe(200);
  const oldPassword = added.body.data.oneTimePassword;
  const first = await api.login(staff.username, oldPassword);
  await api.request('POST', '/api/User/ChangePassword', {
    token: first.token.accessToken,
    body: { oldPassword, newPassword: password },
  });
  return api.login(staff.username, password);
}

/** A staff member of `houseID` who signed in (and could read the house), then was disabled: their session. */
export async function disabledStaff(
  api: ReturnType<typeof apiClient>,
  landlord: ApiSession,
  houseID: string,
) {
  const token = landlord.token.accessToken;
  const session = await staffSession(api, landlord, {
    fullName: 'Đỗ Văn Nghỉ',
    phoneNumber: '0933444777',
    username: 'dovannghi',
    password: 'NghiViecRoi2026',
    houseIDs: [houseID],
  });
  const read = await api.request('GET', `/odata/MonthlyBill?houseID=${houseID}`, {
    token: session.token.accessToken,
  });
  expect(read.status).toBe(200);
  const path = `/api/Staff/DisableStaffAccount?userID=${session.userID}`;
  expect((await api.request('DELETE', path, { token })).status).toBe(200);
  return session;
}

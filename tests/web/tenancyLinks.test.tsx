// The page a tenant opens from the code message (web/src/features/tenancyLinks/TenancyLinkPage.tsx,
// issue 21): the code and a password of their own open their tenancy; a wrong code stays on the form
// under its field; a link that cannot be used any more says so and sends nothing else.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TENANCY_LINK_MESSAGES } from '@nhatro/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const LINK_ID = 'AbCdEfGhIjKlMnOpQrSt';
const PASSWORD = 'NhaMoi2030';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

function input(id: string): HTMLInputElement {
  return document.getElementById(id) as HTMLInputElement;
}

async function fillAndSend(code: string) {
  renderApp(`/tenancyLink/${LINK_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Xác nhận hợp đồng thuê mới' });
  fireEvent.change(input('tenancy-link-code'), { target: { value: code } });
  fireEvent.change(input('tenancy-link-newPassword'), { target: { value: PASSWORD } });
  fireEvent.change(input('tenancy-link-confirmPassword'), { target: { value: PASSWORD } });
  fireEvent.click(screen.getByTestId('tenancy-link-submit'));
}

describe('confirming a new tenancy', () => {
  it('sends the link, the code and the new password; then says where the tenant now lives', async () => {
    api.on('POST', '/api/TenancyLink/Confirm', {
      status: 200,
      body: {
        status: true,
        data: { username: '0901234567', houseName: 'Nhà trọ Hoa Sen', roomName: 'P101' },
      },
    });
    await fillAndSend(' 042917 ');
    const done = await screen.findByTestId('tenancy-link-done');
    expect(done.textContent).toBe(`Phòng P101 (Nhà trọ Hoa Sen). ${TENANCY_LINK_MESSAGES.linked}`);
    expect(api.sent('POST', '/api/TenancyLink/Confirm').map((request) => request.body)).toEqual([
      { linkID: LINK_ID, code: '042917', newPassword: PASSWORD },
    ]);
  });

  it('a code that is not six digits is refused on the page and nothing is sent', async () => {
    await fillAndSend('4291');
    await waitFor(() =>
      expect(document.getElementById('tenancy-link-code-helper-text')?.textContent).toBe(
        TENANCY_LINK_MESSAGES.codeFormat,
      ),
    );
    expect(api.sent('POST', '/api/TenancyLink/Confirm')).toEqual([]);
  });

  it('a wrong code stays on the form, under the code', async () => {
    api.on('POST', '/api/TenancyLink/Confirm', {
      status: 400,
      body: [{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.codeInvalid }],
    });
    await fillAndSend('111111');
    await waitFor(() =>
      expect(document.getElementById('tenancy-link-code-helper-text')?.textContent).toBe(
        TENANCY_LINK_MESSAGES.codeInvalid,
      ),
    );
    expect(screen.queryByTestId('tenancy-link-done')).toBeNull();
  });

  it('a link that was used or whose contract ended: the reason, and the way to sign in', async () => {
    api.on('POST', '/api/TenancyLink/Confirm', {
      status: 409,
      body: { status: false, errorMessage: TENANCY_LINK_MESSAGES.notPending },
    });
    await fillAndSend('042917');
    expect((await screen.findByTestId('tenancy-link-refused')).textContent).toBe(
      TENANCY_LINK_MESSAGES.notPending,
    );
    expect(screen.getByRole('link', { name: 'Đăng nhập' }).getAttribute('href')).toBe('/login');
  });
});

// /newPassword after a login with a one-time password (web/src/features/auth/NewPasswordPage.tsx): the
// one-time password just typed is not asked for again, and the new one is typed once, with its eye
// button instead of a repeat field. After a reload (nothing remembered) the one-time password is asked.
import { DEFAULT_ROLES } from '@nhatro/common';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, signIn } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const ONE_TIME = 'Tam1lan2026';
const CHOSEN = 'NhaCuaToi2026';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('POST', '/api/User/Login', {
      body: {
        status: true,
        token: { accessToken: 'token-1', refreshToken: 'refresh-1' },
        role: DEFAULT_ROLES[4],
        userID: 'user-lessee',
        username: '0912345678',
        houseID: 'h1',
        lesseeID: 'lessee-1',
        contractID: 'contract-1',
        roomID: 'room-1',
        mustChangePassword: true,
      },
    })
    .on('POST', '/api/User/ChangePassword', { body: {} });
});

function field(testId: string): HTMLInputElement | null {
  return screen.queryByTestId(testId) as HTMLInputElement | null;
}

describe('the new password after a one-time password', () => {
  it('asks only for the new password, once, with show/hide', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' }, { timeout: 12_000 });
    fireEvent.change(screen.getByLabelText('Tên đăng nhập'), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu', { exact: true }), { target: { value: ONE_TIME } });
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await screen.findByTestId('new-password-page', {}, { timeout: 12_000 });
    expect(currentPath()).toBe('/newPassword');
    expect(field('new-password-oldPassword')).toBeNull();
    expect(screen.queryByLabelText(/Nhập lại/)).toBeNull();
    const newPassword = field('new-password-newPassword')!;
    expect(newPassword.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Hiện mật khẩu mới' }));
    expect(newPassword.type).toBe('text');
    fireEvent.change(newPassword, { target: { value: CHOSEN } });
    fireEvent.click(screen.getByTestId('new-password-submit'));
    await waitFor(() => expect(api.sent('POST', '/api/User/ChangePassword')).toHaveLength(1));
    expect(api.sent('POST', '/api/User/ChangePassword')[0]?.body).toEqual({
      oldPassword: ONE_TIME,
      newPassword: CHOSEN,
    });
  });

  it('asks for the one-time password when it was not just typed (a reload)', async () => {
    signIn('lessee', { mustChangePassword: true });
    renderApp('/newPassword');
    await screen.findByTestId('new-password-page', {}, { timeout: 12_000 });
    expect(field('new-password-oldPassword')).not.toBeNull();
    expect(document.querySelector('label[for="new-password-oldPassword"]')?.textContent).toContain(
      'Mật khẩu một lần',
    );
  });
});

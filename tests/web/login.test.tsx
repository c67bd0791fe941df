// The login form's rules (web/src/features/auth/LoginPage.tsx): a required message only once its field
// was touched, recomputed on every change; an empty form sends nothing; a 400 reply becomes error toasts
// (top right), not the alert. The browser tests (tests/e2e/shell-login.test.ts) keep the journeys:
// a wrong password against the real API, the keyboard alone, the phone layout.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, toasts } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

const USERNAME_REQUIRED = 'Tên đăng nhập không được để trống!';
const PASSWORD_REQUIRED = 'Mật khẩu không được để trống!';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

async function openLogin(): Promise<{ username: HTMLInputElement; password: HTMLInputElement }> {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
  return {
    username: screen.getByLabelText('Tên đăng nhập') as HTMLInputElement,
    password: screen.getByLabelText('Mật khẩu', { exact: true }) as HTMLInputElement,
  };
}

function messageOf(field: 'username' | 'password'): string | null {
  return document.getElementById(`${field}-helper-text`)?.textContent ?? null;
}

describe('the login form', () => {
  it('shows each required message only once its field was typed in and left, and clears it when typing', async () => {
    const { username, password } = await openLogin();
    await waitFor(() => expect(document.title).toBe('Đăng nhập — Nhà trọ'));
    expect(messageOf('username')).toBeNull();
    expect(messageOf('password')).toBeNull();

    // Focus passing through the empty fields marks nothing.
    fireEvent.focus(username);
    fireEvent.blur(username);
    fireEvent.focus(password);
    fireEvent.blur(password);
    expect(messageOf('username')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBe('false');
    expect(messageOf('password')).toBeNull();

    // Typed, emptied and left: its message only (the password was not typed in yet).
    fireEvent.change(username, { target: { value: 'a' } });
    fireEvent.change(username, { target: { value: '' } });
    fireEvent.blur(username);
    expect(messageOf('username')).toBe(USERNAME_REQUIRED);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('password')).toBeNull();
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.change(password, { target: { value: '' } });
    fireEvent.blur(password);
    expect(messageOf('password')).toBe(PASSWORD_REQUIRED);

    // Spaces only (and tabs) count as empty, on change.
    fireEvent.change(username, { target: { value: '   ' } });
    fireEvent.change(password, { target: { value: ' \t  ' } });
    expect(messageOf('username')).toBe(USERNAME_REQUIRED);
    expect(messageOf('password')).toBe(PASSWORD_REQUIRED);

    // Typing clears the message at once; emptying the field shows it again.
    fireEvent.change(username, { target: { value: 'a' } });
    expect(messageOf('username')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(password, { target: { value: 'x' } });
    expect(messageOf('password')).toBeNull();
    fireEvent.change(username, { target: { value: '' } });
    expect(messageOf('username')).toBe(USERNAME_REQUIRED);
  });

  it('marks both fields touched when an empty form is submitted, focuses the first and sends nothing', async () => {
    const { username } = await openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(messageOf('username')).toBe(USERNAME_REQUIRED);
    expect(messageOf('password')).toBe(PASSWORD_REQUIRED);
    expect(document.activeElement).toBe(username);
    expect(api.requests).toEqual([]);
    expect(currentPath()).toBe('/login');
  });

  it('turns a 400 reply into one error toast per message at the top right, not into the alert', async () => {
    // The form checks everything the API checks, so typed input never reaches a 400 from the real API:
    // its 400 list (spec section 8) is answered here, and each item must become a toast.
    const messages = ['Tên đăng nhập không hợp lệ.', 'Mật khẩu không hợp lệ.'];
    api.on('POST', '/api/User/Login', {
      status: 400,
      body: messages.map((errorMessage) => ({ errorMessage })),
    });
    const { username, password } = await openLogin();
    fireEvent.change(username, { target: { value: 'chunha' } });
    fireEvent.change(password, { target: { value: 'Matkhau@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    await waitFor(() => expect(toasts('error')).toEqual(messages));
    const container = document.querySelector('.Toastify__toast-container');
    expect(container?.classList.contains('Toastify__toast-container--top-right')).toBe(true);
    expect(screen.queryByTestId('login-error')).toBeNull();
    await waitFor(() =>
      expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(api.sent('POST', '/api/User/Login')[0]?.body).toEqual({
      username: 'chunha',
      password: 'Matkhau@123',
    });
  });
});

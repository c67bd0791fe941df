import { ApiError, apiRequest } from '../../lib/api';
import { ROLE_IDS, getRefreshToken, idOrNull, parseHouses, parseRole, type Session } from '../../lib/session';
import type { LoginCredentials } from './loginValidation';
import type { ChangePasswordInput } from '@nhatro/common';

export const LOGIN_PATH = '/api/User/Login';
export const LOGOUT_PATH = '/api/User/Logout';

/** Statuses whose errorMessage the login form shows above itself. */
export const LOGIN_FAILURE_STATUSES = [401, 429] as const;

interface LoginReply {
  status: boolean;
  errorMessage?: string;
  token?: { accessToken?: string; refreshToken?: string };
  role?: unknown;
  houses?: unknown;
  userID?: string | number;
  username?: string;
  fullName?: string;
  lesseeID?: string | number;
  houseID?: string | number;
  contractID?: string | number;
  roomID?: string | number;
  /** A tenant signing in with a one-time password must choose their own first. */
  mustChangePassword?: boolean;
}

interface LogoutReply {
  status: boolean;
  isLogoutSuccess?: boolean;
}

const UNREADABLE_LOGIN_REPLY = 'Máy chủ trả về dữ liệu đăng nhập không hợp lệ. Vui lòng thử lại.';

function sessionFromLoginReply(reply: LoginReply): Session {
  const accessToken = reply.token?.accessToken;
  const role = parseRole(reply.role);
  if (!reply.status || !accessToken || !role) {
    throw new ApiError(200, reply, reply.errorMessage ?? UNREADABLE_LOGIN_REPLY);
  }
  const isLessee = role.roleID === ROLE_IDS.lessee;
  return {
    accessToken,
    refreshToken: reply.token?.refreshToken ?? null,
    role,
    userID: idOrNull(reply.userID) ?? '',
    fullName: reply.fullName ?? reply.username ?? null,
    houses: parseHouses(reply.houses),
    // Roles 2 and 3 choose their house after login; a lessee's house comes with the login.
    houseID: isLessee ? idOrNull(reply.houseID) : null,
    isUserActive: true,
    lesseeID: isLessee ? idOrNull(reply.lesseeID) : null,
    contractID: isLessee ? idOrNull(reply.contractID) : null,
    roomID: isLessee ? idOrNull(reply.roomID) : null,
    mustChangePassword: reply.mustChangePassword === true,
  };
}

/** Throws ApiError; 401 and 429 carry the message to show in the form. */
export async function requestLogin(credentials: LoginCredentials): Promise<Session> {
  const reply = await apiRequest<LoginReply>(LOGIN_PATH, {
    method: 'POST',
    body: credentials,
    authenticated: false,
    handledStatuses: LOGIN_FAILURE_STATUSES,
  });
  return sessionFromLoginReply(reply);
}

/** Revokes the session on the server. Resolves false when the server could not be told. */
export async function requestLogout(): Promise<boolean> {
  try {
    const refreshToken = getRefreshToken();
    const reply = await apiRequest<LogoutReply>(LOGOUT_PATH, {
      method: 'POST',
      body: refreshToken ? { refreshToken } : {},
      toastBadRequest: false,
    });
    return reply.status;
  } catch (error) {
    console.error('Đăng xuất trên máy chủ không thành công.', error);
    return false;
  }
}

/** `POST /api/User/ChangePassword` for the signed-in user; a 400 (wrong old password) is the form's to show. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiRequest('/api/User/ChangePassword', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400],
  });
}

import type { PasswordResetInput } from '@nhatro/common';
import { apiRequest } from '../../lib/api';

const OWN_ERROR_HANDLING = {
  authenticated: false,
  toastBadRequest: false,
  handledStatuses: [400, 429],
} as const;

/** `GET /api/ForgotPassword/RequestPasswordChange`: the same reply whether or not an account matches. */
export function requestPasswordChange(emailOrPhoneNumber: string): Promise<unknown> {
  return apiRequest(
    `/api/ForgotPassword/RequestPasswordChange?emailOrPhoneNumber=${encodeURIComponent(emailOrPhoneNumber)}`,
    OWN_ERROR_HANDLING,
  );
}

/** `POST /api/ForgotPassword/ChangePassword`: the link's token and the new password. */
export function resetPassword(input: PasswordResetInput): Promise<unknown> {
  return apiRequest('/api/ForgotPassword/ChangePassword', {
    method: 'POST',
    body: input,
    ...OWN_ERROR_HANDLING,
  });
}

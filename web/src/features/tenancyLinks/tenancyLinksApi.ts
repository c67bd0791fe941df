import type { TenancyLinkConfirmInput, TenancyLinked } from '@nhatro/common';
import { apiRequest } from '../../lib/api';

/** `POST /api/TenancyLink/Confirm`: the code sent to the tenant's number and the password they choose. */
export async function confirmTenancyLink(input: TenancyLinkConfirmInput): Promise<TenancyLinked> {
  const reply = await apiRequest<{ data: TenancyLinked }>('/api/TenancyLink/Confirm', {
    method: 'POST',
    body: input,
    authenticated: false,
    toastBadRequest: false,
    handledStatuses: [400, 409],
  });
  return reply.data;
}

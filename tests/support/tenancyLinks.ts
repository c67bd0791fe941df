/**
 * Tenant accounts after a contract (issue 21): the code a representative's number received, read from the
 * outbox as its owner would, and the confirmation that opens the tenancy with their account.
 */
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { confirmTenancyLink } from '../../api/src/useCases/tenancyLinks.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { outboxMessages } from './notificationBuilders.js';
import type { apiClient } from './product.js';
import { TEST_ORIGIN } from './useCaseHarness.js';

/** The code and the link's id in the newest code message about `contractID`. */
function codeIn(messages: OutboxMessage[], contractID: string): { linkID: string; code: string } {
  const latest = messages
    .filter((message) => message.event === 'tenancyLinkCode' && message.subjectID === contractID)
    .sort((a, b) => a.createdOn.localeCompare(b.createdOn))
    .at(-1);
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  const linkID = decodeURIComponent(/\/tenancyLink\/([^/?#]+)$/.exec(latest?.link ?? '')?.[1] ?? '');
  if (!code || !linkID) throw new Error(`no link code was sent for ${contractID}`);
  return { linkID, code };
}

/** The latest code sent for the contract's link, and the link's id, from the message the number got. */
export async function linkCodeSent(
  deps: Deps,
  contractID: string,
): Promise<{ linkID: string; code: string }> {
  return codeIn(await outboxMessages(deps, 'tenancyLinkCode'), contractID);
}

/** The representative confirms (use-case tier): their account opens the contract with `password`. */
export async function tenantConfirms(deps: Deps, contractID: string, password: string) {
  return confirmTenancyLink(deps, TEST_ORIGIN, {
    ...(await linkCodeSent(deps, contractID)),
    newPassword: password,
  });
}

/**
 * The representative confirms through the running product (API and browser tiers): the code from the
 * local outbox (`/_dev/outbox`), then `POST /api/TenancyLink/Confirm`. Their account then signs in with
 * their phone number and `password`.
 */
export async function tenantConfirmsOverHttp(
  api: ReturnType<typeof apiClient>,
  contractID: string,
  password: string,
): Promise<void> {
  const outbox = await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json');
  const reply = await api.request('POST', '/api/TenancyLink/Confirm', {
    body: { ...codeIn(outbox.body.data, contractID), newPassword: password },
  });
  if (reply.status !== 200) {
    throw new Error(`confirming ${contractID} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

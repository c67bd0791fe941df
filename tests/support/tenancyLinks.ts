/**
 * Tenant accounts after a contract (issue 21): the one-time password of a new account, and the code a
 * number that already had a login received, read from the outbox as its owner would.
 */
import type { RepresentativeAccount } from '@nhatro/common';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { outboxMessages } from './notificationBuilders.js';

/** The one-time password of a new account; fails the test when the contract invited an existing one. */
export function oneTimePasswordOf(account: RepresentativeAccount): string {
  if (!('oneTimePassword' in account)) throw new Error(`no new account: ${JSON.stringify(account)}`);
  return account.oneTimePassword;
}

/** The latest code sent for the contract's link, and the link's id, from the message the number got. */
export async function linkCodeSent(
  deps: Deps,
  contractID: string,
): Promise<{ linkID: string; code: string }> {
  const messages = (await outboxMessages(deps, 'tenancyLinkCode')).filter(
    (message) => message.subjectID === contractID,
  );
  const latest = messages.sort((a, b) => a.createdOn.localeCompare(b.createdOn)).at(-1);
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  const linkID = decodeURIComponent(/\/tenancyLink\/([^/?#]+)$/.exec(latest?.link ?? '')?.[1] ?? '');
  if (!code || !linkID) throw new Error(`no link code was sent for ${contractID}`);
  return { linkID, code };
}

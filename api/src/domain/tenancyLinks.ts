import { CONTRACT_STATUS, ROLE, TENANCY_LINK_MESSAGES, TENANCY_LINK_RULES } from '@nhatro/common';
import { AppError } from './shared/errors.js';
import type { ContractDoc, TenancyLinkDoc, UserDoc } from './shared/model.js';
import { decideSend, type SendDecision } from './verification.js';

/**
 * Linking a new tenancy to its tenant's account, free of I/O (issue 21). A contract never opens, moves or
 * resets an account: a code goes to the representative's number, and the person confirms with it and a
 * password they choose; then the account the number has (or a new one) opens the tenancy. Six digits,
 * valid three days, five wrong tries, single use; a new code at most once a minute and five an hour (the
 * verification codes' rules).
 */

const HOUR_MS = 60 * 60 * 1000;

/** Whether a new code may be sent now, given the link's previous sends. */
export function decideLinkSend(
  previous: Pick<TenancyLinkDoc, 'sendTimes'> | undefined,
  now: Date,
): SendDecision {
  return decideSend(previous, now);
}

/** The code fields of a link sent `now` (what is stored: never the code itself). */
export function freshLinkCode(
  codeHash: string,
  sendTimes: string[],
  now: Date,
): Pick<TenancyLinkDoc, 'codeHash' | 'sentOn' | 'expiresOn' | 'attempts' | 'sendTimes'> {
  return {
    codeHash,
    sentOn: now.toISOString(),
    expiresOn: new Date(now.getTime() + TENANCY_LINK_RULES.validHours * HOUR_MS).toISOString(),
    attempts: 0,
    sendTimes,
  };
}

export type LinkCodeCheck = 'used' | 'exhausted' | 'expired' | 'valid' | 'wrong';

/** What a presented code is worth (`matches`: its hash equals the stored one, compared in constant time). */
export function checkLinkCode(
  link: Pick<TenancyLinkDoc, 'usedOn' | 'attempts' | 'expiresOn'>,
  matches: boolean,
  now: Date,
): LinkCodeCheck {
  if (link.usedOn) return 'used';
  if (link.attempts >= TENANCY_LINK_RULES.maxTries) return 'exhausted';
  if (Date.parse(link.expiresOn) <= now.getTime()) return 'expired';
  return matches ? 'valid' : 'wrong';
}

/** The refusal of each code check that is not `valid` (400 naming `code`, or the link as a whole). */
export function linkCodeRefusal(check: Exclude<LinkCodeCheck, 'valid'>): AppError {
  switch (check) {
    case 'used':
      return AppError.validation([{ field: 'linkID', errorMessage: TENANCY_LINK_MESSAGES.linkInvalid }]);
    case 'exhausted':
      return AppError.validation([{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.tooManyTries }]);
    case 'expired':
      return AppError.validation([{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.expired }]);
    default:
      return AppError.validation([{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.codeInvalid }]);
  }
}

/**
 * Whether the tenancy may be taken now (told only to whoever holds the code, the number's owner): a
 * contract still active and waiting, and the number's account, when it has one, a tenant's and enabled.
 */
export function assertMayLink(
  account: Pick<UserDoc, 'roleID' | 'disabled'> | undefined,
  contract: Pick<ContractDoc, 'status' | 'accountLinkPending'> | undefined,
): void {
  if (!contract || contract.status !== CONTRACT_STATUS.active || !contract.accountLinkPending) {
    throw AppError.conflict(TENANCY_LINK_MESSAGES.notPending);
  }
  if (!account) return;
  if (account.roleID !== ROLE.lessee) throw AppError.conflict(TENANCY_LINK_MESSAGES.notTenantAccount);
  if (account.disabled) throw AppError.conflict(TENANCY_LINK_MESSAGES.accountDisabled);
}

/**
 * An existing account once linked: it now opens the new tenancy (and only it; earlier tenancies stay with
 * their landlords), with the password the person just chose.
 */
export function linkedAccount(
  account: UserDoc,
  link: Pick<TenancyLinkDoc, 'houseID' | 'contractID' | 'roomID' | 'lesseeID'>,
  passwordHash: string,
): UserDoc {
  const { mustChangePassword: _oneTime, ...rest } = account;
  return {
    ...rest,
    houseID: link.houseID,
    contractID: link.contractID,
    roomID: link.roomID,
    lesseeID: link.lesseeID,
    passwordHash,
  };
}

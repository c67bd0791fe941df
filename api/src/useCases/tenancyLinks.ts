import {
  CONTRACT_STATUS,
  ROLE,
  TENANCY_LINK_MESSAGES,
  type TenancyLinkConfirmInput,
  type TenancyLinked,
  type TenancyLinkSent,
} from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  RoomDoc,
  TenancyLinkDoc,
  UserDoc,
  UsernameClaimDoc,
} from '../domain/shared/model.js';
import {
  assertMayLink,
  checkLinkCode,
  decideLinkSend,
  linkCodeRefusal,
  linkedAccount,
} from '../domain/tenancyLinks.js';
import { isStoreError, type BatchOp } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { recordAudit, type RequestOrigin } from './shared/audit.js';
import { contractForCaller } from './shared/contractScope.js';
import type { Deps } from './shared/deps.js';
import { houseDocs, listInHouse, readHouse } from './shared/houseScope.js';
import { hashPassword } from './shared/passwords.js';
import { endSessions } from './shared/sessionRevocation.js';
import { sameCodeHash, tenancyLinkCode, tenancyLinkCodeHash } from './shared/tenantAccounts.js';
import { createUser, findUserByUsername, usernameClaimID } from './shared/users.js';

/**
 * Opening a new tenancy with its representative's account (issue 21): the person confirms with the code
 * sent to their number (their account, the one the number has or a new one, then opens it) (`POST /api/TenancyLink/Confirm`, public: the code is the
 * proof), and the landlord or their staff may send a new code (`POST /api/TenancyLink/Resend`). The
 * invitation itself is written with the contract (useCases/shared/tenantAccounts.ts).
 */

/** How often a check that lost a race with another one is tried again. */
const CHECK_ATTEMPTS = 5;

/** A link by its id alone (the person's link carries no house): one indexed lookup. */
async function findLink(deps: Deps, linkID: string): Promise<TenancyLinkDoc | undefined> {
  const page = await houseDocs<TenancyLinkDoc>(deps).query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'tenancyLink' },
        { op: 'eq', field: 'id', value: linkID },
      ],
    },
    top: 1,
  });
  return page.items[0];
}

/** Compared against when no link has the id, so an unknown link costs what a known one does. */
const ABSENT_HASH = '0'.repeat(64);

/**
 * Spends the link if `code` is its code (a wrong code spends one of five tries, recorded before the
 * answer against the link's ETag, so parallel guesses cannot share a try). Answers the link as it was.
 */
async function acceptCode(deps: Deps, linkID: string, code: string): Promise<TenancyLinkDoc> {
  for (let attempt = 1; ; attempt += 1) {
    const link = await findLink(deps, linkID);
    const presented = link ? tenancyLinkCodeHash(deps.config.jwt.secret, link, code) : ABSENT_HASH;
    const matches = sameCodeHash(link?.codeHash ?? ABSENT_HASH, presented) && link !== undefined;
    if (!link) throw linkCodeRefusal('used');
    const outcome = checkLinkCode(link, matches, deps.now());
    if (outcome === 'valid') return link;
    if (outcome !== 'wrong') throw linkCodeRefusal(outcome);
    try {
      await houseDocs<TenancyLinkDoc>(deps).replace(
        { ...link, attempts: link.attempts + 1 },
        { ifMatch: link._etag as string },
      );
    } catch (error) {
      if (isStoreError(error, 'precondition_failed') && attempt < CHECK_ATTEMPTS) continue;
      throw error;
    }
    throw linkCodeRefusal('wrong');
  }
}

/**
 * The account the tenancy opens, written before the contract: the one the number has, now on the new
 * tenancy with the password just chosen (under its ETag), or a new tenant account (username: the number)
 * with that password. Answers how to undo it if the contract cannot be written.
 */
async function takeTenancy(
  deps: Deps,
  link: TenancyLinkDoc,
  contract: ContractDoc | undefined,
  newPassword: string,
): Promise<{ account: UserDoc; undo: () => Promise<void>; existed: boolean }> {
  const users = deps.store.container<UserDoc | UsernameClaimDoc>('users');
  const existing = await findUserByUsername(deps, link.phoneNumber);
  assertMayLink(existing, contract);
  const passwordHash = await hashPassword(newPassword);
  if (existing) {
    const linked = linkedAccount(existing, link, passwordHash);
    try {
      await users.replace(linked, { ifMatch: existing._etag as string });
    } catch (error) {
      if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
      throw error;
    }
    return { account: existing, existed: true, undo: async () => void (await users.replace(existing)) };
  }
  const representative = await houseDocs<LesseeInfoDoc>(deps).read(link.houseID, link.lesseeID);
  try {
    const account = await createUser(deps, {
      username: link.phoneNumber,
      password: newPassword,
      passwordHash,
      roleID: ROLE.lessee,
      fullName: representative?.occupantName ?? link.phoneNumber,
      phoneNumber: link.phoneNumber,
      ...(contract?.representativeLesseeEmail ? { email: contract.representativeLesseeEmail } : {}),
      extra: {
        houseID: link.houseID,
        contractID: link.contractID,
        roomID: link.roomID,
        lesseeID: link.lesseeID,
      },
    });
    const claimID = usernameClaimID(account.username);
    const undo = async () => {
      await users.delete(account.userID, account.userID);
      await users.delete(claimID, claimID);
    };
    return { account, existed: false, undo };
  } catch (error) {
    // The number got an account in the meantime (another of its links, confirmed at the same instant).
    if (error instanceof AppError && error.kind === 'conflict') throw AppError.stale();
    throw error;
  }
}

/**
 * `POST /api/TenancyLink/Confirm { linkID, code, newPassword }`: the person whose number the contract
 * names confirms with the code sent to it. The account the number has (enabled, a tenant's) or a new one
 * then opens the new tenancy, and only it, with the password they chose now (nobody who knew an earlier
 * password reads it); every session of an existing account ends. The account is written first, then the
 * contract and the spent link in one batch guarded by their ETags; if that batch fails, the account is put
 * back (a new one removed).
 */
export async function confirmTenancyLink(
  deps: Deps,
  origin: RequestOrigin,
  input: TenancyLinkConfirmInput,
): Promise<TenancyLinked> {
  const link = await acceptCode(deps, input.linkID, input.code);
  const contract = await houseDocs<ContractDoc>(deps).read(link.houseID, link.contractID);
  const current = contract?.type === 'contract' ? contract : undefined;
  const { account, existed, undo } = await takeTenancy(deps, link, current, input.newPassword);
  const { accountLinkPending: _pending, ...rest } = current as ContractDoc;
  const operations: BatchOp<HouseScopedDoc>[] = [
    {
      op: 'replace',
      doc: { ...rest, lesseeAccountID: account.userID } satisfies ContractDoc,
      ifMatch: (current as ContractDoc)._etag as string,
    },
    {
      op: 'replace',
      doc: { ...link, usedOn: deps.now().toISOString() } satisfies TenancyLinkDoc,
      ifMatch: link._etag as string,
    },
  ];
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(link.houseID, operations);
  } catch (error) {
    await undo();
    if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  if (existed) await endSessions(deps, account.userID, 'password');
  await recordAudit(deps, account, origin, {
    action: 'linkTenancy',
    entity: 'contract',
    entityID: link.contractID,
    houseID: link.houseID,
    details: { account: existed ? 'existing' : 'new' },
  });
  const [house, room] = await Promise.all([
    readHouse(deps, link.houseID),
    houseDocs<RoomDoc>(deps).read(link.houseID, link.roomID),
  ]);
  return { username: account.username, houseName: house?.houseName ?? '', roomName: room?.roomName ?? '' };
}

/**
 * `POST /api/TenancyLink/Resend { contractID }`: a new code to the representative's number for a
 * contract whose link waits (the landlord and their staff; a tenant never). At most once a minute and
 * five an hour (429 with the wait); the new code replaces the old one and starts three new days.
 */
export async function resendTenancyLink(actor: Actor, contractID: string): Promise<TenancyLinkSent> {
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const { deps } = actor;
  const contract = await contractForCaller(actor, contractID);
  const [link] = await listInHouse<TenancyLinkDoc>(deps, contract.houseID, 'tenancyLink', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  if (!link || link.usedOn || !contract.accountLinkPending || contract.status !== CONTRACT_STATUS.active) {
    throw AppError.conflict(TENANCY_LINK_MESSAGES.noPendingLink);
  }
  const decision = decideLinkSend(link, deps.now());
  if (!decision.allowed) {
    throw AppError.tooManyRequests(
      decision.reason === 'resendTooSoon'
        ? TENANCY_LINK_MESSAGES.resendWait(Math.ceil(decision.retryAfterMs / 1000))
        : TENANCY_LINK_MESSAGES.tooManyCodes,
      decision.retryAfterMs,
    );
  }
  const [house, room, representative] = await Promise.all([
    readHouse(deps, contract.houseID),
    houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID),
    houseDocs<LesseeInfoDoc>(deps).read(contract.houseID, link.lesseeID),
  ]);
  const { _etag, _ts, codeHash: _old, ...unchanged } = link;
  const fresh = tenancyLinkCode(
    deps,
    { ...unchanged, sendTimes: decision.sendTimes },
    {
      houseName: house?.houseName ?? '',
      roomName: room?.roomName ?? '',
      name: representative?.occupantName ?? '',
    },
  );
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(contract.houseID, [
      { op: 'replace', doc: fresh.link, ifMatch: _etag as string },
      fresh.message,
    ]);
  } catch (error) {
    // Another resend won the same instant: its code is the one sent.
    if (isStoreError(error, 'precondition_failed')) {
      throw AppError.tooManyRequests(TENANCY_LINK_MESSAGES.resendWait(60), 60_000);
    }
    throw error;
  }
  await audit(actor, {
    action: 'resendTenancyLink',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
  });
  return fresh.sent;
}

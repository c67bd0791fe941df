import { randomUUID } from 'node:crypto';
import { DEFAULT_ROLES, type LessorInfo, type RoleID, ROLE } from '@nhatro/common';
import type { UserDoc, UsernameClaimDoc } from '../../domain/shared/model.js';
import { isStoreError, type Filter } from '../../store/store.js';
import type { Deps } from './deps.js';
import { hashPassword } from './passwords.js';
import { AppError } from '../../domain/shared/errors.js';
import { queryAll } from './queryAll.js';

export function usernameClaimID(username: string): string {
  return `username:${username.normalize('NFC').toLocaleLowerCase('vi')}`;
}

export async function findUserByUsername(services: Deps, username: string): Promise<UserDoc | undefined> {
  const users = services.store.container<UserDoc | UsernameClaimDoc>('users');
  const claimID = usernameClaimID(username);
  const claim = await users.read(claimID, claimID);
  if (!claim || claim.type !== 'usernameClaim') return undefined;
  return findUser(services, claim.userID);
}

export async function findUser(services: Deps, userID: string): Promise<UserDoc | undefined> {
  const doc = await services.store.container<UserDoc>('users').read(userID, userID);
  return doc?.type === 'user' ? doc : undefined;
}

export interface NewUser {
  username: string;
  password: string;
  /** A hash computed beforehand (the demo seed hashes its passwords in parallel). */
  passwordHash?: string;
  roleID: RoleID;
  fullName: string;
  email?: string;
  phoneNumber?: string;
  extra?: Partial<Omit<UserDoc, 'id' | 'pk' | 'type' | 'userID' | 'username' | 'passwordHash' | 'roleID'>>;
}

/** Creates an account; the username claim makes usernames unique across partitions. */
export async function createUser(services: Deps, input: NewUser): Promise<UserDoc> {
  const users = services.store.container<UserDoc | UsernameClaimDoc>('users');
  const userID = randomUUID();
  const claimID = usernameClaimID(input.username);
  try {
    await users.create({ id: claimID, pk: claimID, type: 'usernameClaim', userID });
  } catch (error) {
    if (isStoreError(error, 'conflict')) {
      throw AppError.conflict('Tên đăng nhập đã được sử dụng.');
    }
    throw error;
  }
  const user: UserDoc = {
    id: userID,
    pk: userID,
    type: 'user',
    userID,
    username: input.username,
    passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
    roleID: input.roleID,
    fullName: input.fullName,
    disabled: false,
    createdOn: services.now().toISOString(),
    ...(input.email ? { email: input.email } : {}),
    ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
    ...input.extra,
  };
  return (await users.create(user)) as UserDoc;
}

export function roleOf(user: Pick<UserDoc, 'roleID'>) {
  return DEFAULT_ROLES[user.roleID];
}

/**
 * The landlord's details shown on contracts and to tenants; status 2 (incomplete) when missing. The
 * identity photos stay out: only the landlord sees them (`GET /odata/LessorInfor`).
 */
export async function lessorInfoOf(deps: Deps, ownerID: string): Promise<LessorInfo> {
  return shownLessorInfo((await findUser(deps, ownerID))?.lessorInfo);
}

/** A landlord's details as others see them: without the identity photos (status 2 when none yet). */
export function shownLessorInfo(info: UserDoc['lessorInfo']): LessorInfo {
  if (!info) return { status: 2 };
  const { citizenIDFrontImage: _front, citizenIDBackImage: _back, ...shown } = info;
  return shown;
}

/**
 * Up to two landlords whose lessor info names this receiving account: landlords never share one (the
 * bank feed credits bills by the account it names), so a second holder is what a check looks for.
 */
export async function accountNumberHolders(deps: Deps, accountNumber: string): Promise<UserDoc[]> {
  const page = await deps.store.container<UserDoc>('users').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'user' },
        { op: 'eq', field: 'lessorInfo.bankAccountNumber', value: accountNumber },
      ],
    },
    top: 2,
  });
  return page.items;
}

/** Every landlord account (role 2) matching `conditions` too, all pages. */
export function landlordAccounts(deps: Deps, ...conditions: Filter[]): Promise<UserDoc[]> {
  return queryAll(deps.store.container<UserDoc>('users'), {
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'user' },
        { op: 'eq', field: 'roleID', value: ROLE.houseModerator },
        ...conditions,
      ],
    },
  });
}

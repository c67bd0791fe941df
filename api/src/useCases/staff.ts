import {
  isValidID,
  ROLE,
  STAFF_MESSAGES,
  type AddedStaff,
  type StaffCreateInput,
  type StaffMember,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { HouseDoc, UserDoc, UsernameClaimDoc } from '../domain/shared/model.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { hashOneTimePassword, oneTimePassword } from './shared/passwords.js';
import { endSessions } from './shared/sessionRevocation.js';
import type { Deps } from './shared/deps.js';
import { authorizeHouse, houseDocs, readHouse } from './shared/houseScope.js';
import { createUser, findUser, usernameClaimID } from './shared/users.js';

/**
 * A landlord's staff (`/api/Staff/*`): accounts opened with a one-time password for the houses they
 * work in (a house lists them in `staffIDs`, which is what access checks read; the account keeps
 * `assignedHouseIDs`). A landlord sees and disables only staff of their own houses; another landlord's
 * staff do not exist for them (404). Staff count against no quota.
 */

function requireLandlord(actor: Actor): void {
  if (actor.user.roleID !== ROLE.houseModerator) throw AppError.forbidden();
}

/** An id from the query string, or a 400 naming the parameter. */
function queryID(value: string | undefined, field: string, message: string): string {
  if (!isValidID(value)) throw AppError.validation([{ field, errorMessage: message }]);
  return value;
}

/** Tries of a change to a house's staff list that met a concurrent change of the house. */
const HOUSE_WRITE_ATTEMPTS = 5;

/** Adds or removes one staff member in a house's `staffIDs`, keeping whatever else changed meanwhile. */
async function changeStaffList(deps: Deps, houseID: string, userID: string, add: boolean): Promise<void> {
  const houses = houseDocs<HouseDoc>(deps);
  for (let attempt = 1; ; attempt += 1) {
    const house = await readHouse(deps, houseID);
    if (!house) return;
    const has = house.staffIDs.includes(userID);
    if (has === add) return;
    const staffIDs = add ? [...house.staffIDs, userID] : house.staffIDs.filter((id) => id !== userID);
    try {
      await houses.patch(houseID, houseID, [{ op: 'set', path: '/staffIDs', value: staffIDs }], {
        ifMatch: house._etag as string,
      });
      return;
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= HOUSE_WRITE_ATTEMPTS) throw error;
    }
  }
}

function memberView(account: UserDoc, houses: ReadonlyMap<string, HouseDoc>): StaffMember {
  return {
    userID: account.userID,
    username: account.username,
    fullName: account.fullName,
    ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
    ...(account.email ? { email: account.email } : {}),
    houses: (account.assignedHouseIDs ?? []).flatMap((houseID) => {
      const house = houses.get(houseID);
      return house ? [{ houseID, houseName: house.houseName }] : [];
    }),
    createdOn: account.createdOn,
    mustChangePassword: account.mustChangePassword === true,
  };
}

/** The caller's houses among `houseIDs`, by id. */
async function ownHouses(actor: Actor, houseIDs: readonly string[]): Promise<Map<string, HouseDoc>> {
  const found = await Promise.all([...new Set(houseIDs)].map((houseID) => readHouse(actor.deps, houseID)));
  return new Map(
    found
      .filter((house): house is HouseDoc => house?.ownerID === actor.user.userID)
      .map((house) => [house.houseID, house]),
  );
}

/**
 * `POST /api/Staff/AddStaff`: a staff account for some of the caller's houses, with a one-time password
 * returned this once (the staff member chooses their own at first login). The account is opened first,
 * then each house lists it; if a house cannot be written, the account is closed again.
 */
export async function addStaff(actor: Actor, input: StaffCreateInput): Promise<AddedStaff> {
  requireLandlord(actor);
  const { deps } = actor;
  const houses = new Map<string, HouseDoc>();
  for (const houseID of input.houseIDs) houses.set(houseID, await authorizeHouse(deps, actor.user, houseID));

  const password = oneTimePassword();
  const account = await createUser(deps, {
    username: input.username,
    password,
    passwordHash: await hashOneTimePassword(password),
    roleID: ROLE.staff,
    fullName: input.fullName,
    phoneNumber: input.phoneNumber,
    ...(input.email ? { email: input.email } : {}),
    extra: { assignedHouseIDs: input.houseIDs, mustChangePassword: true },
  });
  try {
    for (const houseID of input.houseIDs) await changeStaffList(deps, houseID, account.userID, true);
  } catch (error) {
    for (const houseID of input.houseIDs) await changeStaffList(deps, houseID, account.userID, false);
    const users = deps.store.container<UserDoc | UsernameClaimDoc>('users');
    await users.delete(account.userID, account.userID);
    const claimID = usernameClaimID(account.username);
    await users.delete(claimID, claimID);
    throw error;
  }
  await audit(actor, {
    action: 'create',
    entity: 'staff',
    entityID: account.userID,
    details: { username: account.username, houseIDs: input.houseIDs },
  });
  return { ...memberView(account, houses), oneTimePassword: password };
}

/** Accounts by id (one query), in the order asked. */
async function accountsByID(deps: Deps, userIDs: readonly string[]): Promise<UserDoc[]> {
  if (userIDs.length === 0) return [];
  const page = await deps.store.container<UserDoc>('users').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'user' },
        { op: 'in', field: 'id', values: [...userIDs] },
      ],
    },
    top: userIDs.length,
  });
  return page.items;
}

/** `GET /api/Staff/GetHouseStaffs?houseID=…`: the enabled staff of one of the caller's houses, by name. */
export async function listHouseStaff(actor: Actor, houseID: string | undefined): Promise<StaffMember[]> {
  requireLandlord(actor);
  const house = await authorizeHouse(
    actor.deps,
    actor.user,
    queryID(
      houseID,
      'houseID',
      houseID ? 'Mã nhà trọ (houseID) không hợp lệ.' : STAFF_MESSAGES.houseIDRequired,
    ),
  );
  const staff = (await accountsByID(actor.deps, house.staffIDs)).filter(
    (account) => account.roleID === ROLE.staff && !account.disabled,
  );
  const houses = await ownHouses(
    actor,
    staff.flatMap((account) => account.assignedHouseIDs ?? []),
  );
  return staff
    .map((account) => memberView(account, houses))
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.username.localeCompare(b.username));
}

/**
 * `DELETE /api/Staff/DisableStaffAccount?userID=…`: the account is disabled (its sessions end at once:
 * every request reads the account) and leaves the caller's houses. The account is kept, disabled, for
 * the audit trail; its username stays taken.
 */
export async function disableStaff(actor: Actor, userID: string | undefined): Promise<{ userID: string }> {
  requireLandlord(actor);
  const id = queryID(userID, 'userID', STAFF_MESSAGES.userIDInvalid);
  const { deps } = actor;
  const account = await findUser(deps, id);
  const houses =
    account?.roleID === ROLE.staff ? await ownHouses(actor, account.assignedHouseIDs ?? []) : undefined;
  if (!account || account.disabled || !houses || houses.size === 0)
    throw AppError.notFound(STAFF_MESSAGES.notFound);

  try {
    await deps.store
      .container<UserDoc>('users')
      .replace({ ...account, disabled: true }, { ifMatch: account._etag as string });
  } catch (error) {
    if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  await endSessions(deps, id, 'disabled');
  for (const houseID of houses.keys()) await changeStaffList(deps, houseID, id, false);
  await audit(actor, {
    action: 'disable',
    entity: 'staff',
    entityID: id,
    details: { username: account.username },
  });
  return { userID: id };
}

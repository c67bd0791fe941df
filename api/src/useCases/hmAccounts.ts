import { HM_ACCOUNT_MESSAGES, LEVEL, ROLE, type HMAccount } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import type { HouseDoc, UserDoc } from '../domain/shared/model.js';
import { isExpired } from '../domain/platformRequests.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { endSessions } from './shared/sessionRevocation.js';
import type { Deps } from './shared/deps.js';
import { houseDocs, acrossHouses } from './shared/houseScope.js';
import { findUser, landlordAccounts } from './shared/users.js';

/**
 * The super admin's landlord accounts (/hmAccountsManage): `GET /api/User/GetAllHMAccounts` with each
 * account's quota, rooms used, houses and paid term; disabling one ends its sessions at once (every
 * request reads the account) and keeps its staff from writing; enabling lets it log in again.
 */

function everyHouse(deps: Deps): Promise<HouseDoc[]> {
  return acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' });
}

function accountView(account: UserDoc, usage: { houses: number; rooms: number }, today: string): HMAccount {
  return {
    userID: account.userID,
    username: account.username,
    fullName: account.fullName,
    ...(account.phoneNumber ? { phoneNumber: account.phoneNumber } : {}),
    ...(account.email ? { email: account.email } : {}),
    roomQuota: account.roomQuota ?? 0,
    roomsUsed: usage.rooms,
    houses: usage.houses,
    ...(account.accountExpiresOn ? { accountExpiresOn: account.accountExpiresOn } : {}),
    expired: isExpired(account.accountExpiresOn, today),
    disabled: account.disabled,
    lessorStatus: account.lessorInfo?.status ?? 2,
    createdOn: account.createdOn,
  };
}

/** `GET /api/User/GetAllHMAccounts`: every landlord, by name. Rooms are counted per house (one count each). */
export async function listHMAccounts(actor: Actor): Promise<HMAccount[]> {
  requireSuperAdmin(actor.user, LEVEL.read);
  const { deps } = actor;
  const [landlords, houses] = await Promise.all([landlordAccounts(deps), everyHouse(deps)]);
  const rooms = await Promise.all(
    houses.map((house) =>
      houseDocs(deps).count({
        partitionKey: house.houseID,
        filter: { op: 'eq', field: 'type', value: 'room' },
      }),
    ),
  );
  const usage = new Map<string, { houses: number; rooms: number }>();
  houses.forEach((house, index) => {
    const owned = usage.get(house.ownerID) ?? { houses: 0, rooms: 0 };
    usage.set(house.ownerID, { houses: owned.houses + 1, rooms: owned.rooms + (rooms[index] ?? 0) });
  });
  const today = vietnamDate(deps.now());
  return landlords
    .map((account) => accountView(account, usage.get(account.userID) ?? { houses: 0, rooms: 0 }, today))
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.username.localeCompare(b.username));
}

/**
 * `POST /api/User/DisableHMAccount` / `EnableHMAccount` `{ userID }`: a landlord's account only (another
 * role's id: 404). Disabling again, or enabling an enabled one, changes nothing. Disabling ends every
 * session of the account.
 */
export async function setHMAccountDisabled(
  actor: Actor,
  userID: string,
  disabled: boolean,
): Promise<{ userID: string; disabled: boolean }> {
  requireSuperAdmin(actor.user, LEVEL.update);
  const { deps } = actor;
  const account = await findUser(deps, userID);
  if (!account || account.roleID !== ROLE.houseModerator)
    throw AppError.notFound(HM_ACCOUNT_MESSAGES.notFound);
  if (account.disabled !== disabled) {
    try {
      await deps.store
        .container<UserDoc>('users')
        .replace({ ...account, disabled }, account._etag ? { ifMatch: account._etag } : {});
    } catch (error) {
      if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
      throw error;
    }
    await audit(actor, {
      action: disabled ? 'disable' : 'enable',
      entity: 'user',
      entityID: userID,
      details: { username: account.username },
    });
  }
  if (disabled) await endSessions(deps, userID, 'disabled');
  return { userID, disabled };
}

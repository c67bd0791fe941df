import { normalizeLicensePlate, ROLE } from '@nhatro/common';
import type { TenancyHouse } from '../../domain/contracts.js';
import type {
  ContractDoc,
  FeeDoc,
  UserDoc,
  UsernameClaimDoc,
  VehicleDoc,
} from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { houseDocs, listInHouse } from './houseScope.js';
import { ACTIVE_CONTRACT } from './contractScope.js';
import { createUser, findUserByUsername, usernameClaimID } from './users.js';
import { hashOneTimePassword } from './passwords.js';

/**
 * The representative's tenant account (username: their phone number) opened with a tenancy, and undone
 * when the tenancy cannot be written; the house's services and plates new tenancies are checked against.
 */

/**
 * The house's services and registered plates, which new tenancies are checked against. With `plates`,
 * only those plates are looked up (one contract's); without, every plate of the house (an import).
 */
export async function tenancyHouse(deps: Deps, houseID: string, plates?: string[]): Promise<TenancyHouse> {
  const keys = plates?.filter(Boolean).map(normalizeLicensePlate);
  const [fees, vehicles] = await Promise.all([
    listInHouse<FeeDoc>(deps, houseID, 'service'),
    keys?.length === 0
      ? []
      : listInHouse<VehicleDoc>(
          deps,
          houseID,
          'vehicle',
          keys ? { op: 'in', field: 'plateKey', values: keys } : undefined,
        ),
  ]);
  return {
    houseID,
    serviceIDs: new Set(fees.map((fee) => fee.serviceID)),
    knownPlates: new Set(vehicles.map((vehicle) => normalizeLicensePlate(vehicle.licensePlate))),
  };
}

/**
 * Whether the representative's phone number may become (or stay) a tenant account: refused when it
 * belongs to a landlord, staff or super admin, or to a tenant whose contract is still active.
 */
export async function tenantAccountBlocker(
  deps: Deps,
  username: string,
): Promise<{ existing: UserDoc | undefined; blocked: boolean }> {
  const existing = await findUserByUsername(deps, username);
  if (!existing) return { existing, blocked: false };
  if (existing.roleID !== ROLE.lessee) return { existing, blocked: true };
  if (!existing.contractID) return { existing, blocked: false };
  const current = await houseDocs<ContractDoc>(deps).read(existing.houseID ?? '', existing.contractID);
  return { existing, blocked: current?.status === ACTIVE_CONTRACT };
}

export interface TenantAccountInput {
  username: string;
  password: string;
  fullName: string;
  email: string | undefined;
  houseID: string;
  contractID: string;
  roomID: string;
  lesseeID: string;
}

/**
 * The representative's account, with a one-time password they must replace at first login. A returning
 * tenant keeps their account: it moves to the new contract with a new one-time password.
 */
export async function openTenantAccount(
  deps: Deps,
  existing: UserDoc | undefined,
  tenant: TenantAccountInput,
): Promise<UserDoc> {
  const home = {
    houseID: tenant.houseID,
    contractID: tenant.contractID,
    roomID: tenant.roomID,
    lesseeID: tenant.lesseeID,
    mustChangePassword: true,
  };
  const passwordHash = await hashOneTimePassword(tenant.password);
  if (existing) {
    return deps.store
      .container<UserDoc>('users')
      .replace({ ...existing, ...home, passwordHash, disabled: false });
  }
  return createUser(deps, {
    username: tenant.username,
    password: tenant.password,
    passwordHash,
    roleID: ROLE.lessee,
    fullName: tenant.fullName,
    phoneNumber: tenant.username,
    ...(tenant.email ? { email: tenant.email } : {}),
    extra: home,
  });
}

/** An account `openTenantAccount` opened, and the returning tenant's account as it was before. */
export interface OpenedTenantAccount {
  account: UserDoc;
  previous: UserDoc | undefined;
}

/** Undoes `openTenantAccount`: new accounts and their username claims go, moved ones move back. */
export async function closeTenantAccounts(deps: Deps, opened: OpenedTenantAccount[]): Promise<void> {
  const users = deps.store.container<UserDoc | UsernameClaimDoc>('users');
  for (const { account, previous } of opened) {
    if (previous) {
      await users.replace(previous);
      continue;
    }
    await users.delete(account.userID, account.userID);
    const claimID = usernameClaimID(account.username);
    await users.delete(claimID, claimID);
  }
}

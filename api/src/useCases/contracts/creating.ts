import { type ContractCreateInput, CONTRACT_MESSAGES } from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import { contractCreationBlocker, buildTenancy } from '../../domain/contracts.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  ReservationDoc,
  LesseeInfoDoc,
  UserDoc,
  ContractDoc,
  HouseScopedDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { tenantAccountText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { type Actor, audit } from '../shared/actor.js';
import { activeContractOfRoom } from '../shared/contractScope.js';
import { roomForCaller, listInHouse, readHouse, houseDocs } from '../shared/houseScope.js';
import { outboxCreate } from '../shared/outboxMessages.js';
import { oneTimePassword } from '../shared/passwords.js';
import {
  tenancyHouse,
  tenantAccountBlocker,
  openTenantAccount,
  closeTenantAccounts,
  type OpenedTenantAccount,
} from '../shared/tenantAccounts.js';
import { entityView } from '../shared/views.js';
import type { Deps } from '../shared/deps.js';
import type { BatchOp } from '../../store/store.js';
import { checkIdentityPhotos } from '../shared/identityPhotos.js';

/** Signing a room over to its tenants: `POST /odata/Contract`. */

type Tenancy = ReturnType<typeof buildTenancy>;

/**
 * The room (one the caller may touch) and what decides whether it can be signed over now: its active
 * reservation, whether it has an active contract, the house's services and the plates already
 * registered. Refused (409) when the room cannot take a contract.
 */
async function roomToSign(actor: Actor, input: ContractCreateInput) {
  const { deps } = actor;
  const room = await roomForCaller(actor, input.roomID);
  const houseID = room.houseID;
  const [reservations, activeContract, house, houseDoc] = await Promise.all([
    listInHouse<ReservationDoc>(deps, houseID, 'reservation', {
      op: 'and',
      items: [
        { op: 'eq', field: 'roomID', value: room.roomID },
        { op: 'eq', field: 'status', value: 'active' },
      ],
    }),
    activeContractOfRoom(actor, houseID, room.roomID),
    tenancyHouse(
      deps,
      houseID,
      input.vehicles.map((vehicle) => vehicle.licensePlate ?? ''),
    ),
    readHouse(deps, houseID),
  ]);
  const reservation = reservations[0];
  const blocker = contractCreationBlocker(room, Boolean(activeContract), reservation, input.reservationID);
  if (blocker) throw AppError.conflict(blocker);
  return { room, reservation, house, houseName: houseDoc?.houseName ?? '' };
}

/**
 * The representative's account (username: their phone number) with a new one-time password, opened
 * before the contract is written so both go in one transaction; a returning tenant's account moves.
 */
async function openRepresentativeAccount(
  deps: Deps,
  input: ContractCreateInput,
  tenancy: Tenancy,
  room: RoomDoc,
): Promise<{ opened: OpenedTenantAccount; password: string }> {
  const representative = tenancy.lessees[0] as LesseeInfoDoc;
  const username = input.representative.phoneNumber;
  const { existing, blocked } = await tenantAccountBlocker(deps, username);
  if (blocked) throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);
  const password = oneTimePassword();
  try {
    const account = await openTenantAccount(deps, existing, {
      username,
      password,
      fullName: representative.occupantName,
      email: input.representative.email,
      houseID: room.houseID,
      contractID: tenancy.contract.contractID,
      roomID: room.roomID,
      lesseeID: representative.lesseeInfoID,
    });
    return { opened: { account, previous: existing }, password };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict')
      throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);
    throw error;
  }
}

/**
 * The tenancy's writes, one transaction: the contract (with its account), the message telling the
 * representative their username, the occupants, vehicles and services, the room occupied and the
 * reservation it comes from contracted (both under the ETags they were read with).
 */
function tenancyWrites(
  deps: Deps,
  tenancy: Tenancy,
  account: { doc: UserDoc; username: string },
  place: { room: RoomDoc; reservation: ReservationDoc | undefined; houseName: string },
): Array<BatchOp<HouseScopedDoc>> {
  const { contract, lessees, vehicles, services } = tenancy;
  const { room, reservation } = place;
  const representative = lessees[0] as LesseeInfoDoc;
  const { username } = account;
  const recipient = {
    userID: account.doc.userID,
    name: representative.occupantName,
    phoneNumber: username,
    ...(account.doc.email ? { email: account.doc.email } : {}),
  };
  return [
    { op: 'create', doc: { ...contract, lesseeAccountID: account.doc.userID } satisfies ContractDoc },
    outboxCreate(deps, room.houseID, {
      event: 'tenantAccountOpened',
      houseID: room.houseID,
      recipient,
      ...tenantAccountText(
        { username },
        { houseName: place.houseName, roomName: room.roomName },
        recipient,
        deps.config.webOrigin,
      ),
      subjectID: contract.contractID,
    }),
    ...[...lessees, ...vehicles, ...services].map((doc) => ({ op: 'create' as const, doc })),
    {
      op: 'replace',
      doc: { ...room, status: 'occupied' } satisfies RoomDoc,
      ...(room._etag ? { ifMatch: room._etag } : {}),
    },
    ...(reservation
      ? [
          {
            op: 'replace' as const,
            doc: {
              ...reservation,
              status: 'contracted' as const,
              contractID: contract.contractID,
            } satisfies ReservationDoc,
            ...(reservation._etag ? { ifMatch: reservation._etag } : {}),
          },
        ]
      : []),
  ];
}

/**
 * Signs a room over to its tenants: the contract, its occupants, vehicles and services, the room's
 * status and the reservation it comes from are written in one transaction; then the representative
 * gets a lessee account (username: their phone number) with a one-time password shown once. The
 * message telling them their username (never the password) is written with the contract.
 */
export async function createContract(
  actor: Actor,
  input: ContractCreateInput,
): Promise<
  Record<string, unknown> & { representativeAccount: { username: string; oneTimePassword: string } }
> {
  const { deps } = actor;
  const place = await roomToSign(actor, input);
  const { room, reservation, house } = place;
  const houseID = room.houseID;
  await checkIdentityPhotos(deps, houseID, input.representative, undefined, 'representative.');
  for (const [index, occupant] of input.occupants.entries()) {
    await checkIdentityPhotos(deps, houseID, occupant, undefined, `occupants.${index}.`);
  }
  const { roomID: _roomID, reservationID: _reservationID, ...terms } = input;
  const tenancy = buildTenancy({
    house,
    room,
    reservation,
    input: terms,
    today: vietnamDate(deps.now()),
    createdOn: deps.now().toISOString(),
    newID: randomUUID,
  });
  const { contract, lessees, vehicles } = tenancy;

  // The account first, so the contract is written with it in one transaction; if that transaction
  // fails, the account is closed again (a returning tenant's moves back to where it was).
  const username = input.representative.phoneNumber;
  const { opened, password } = await openRepresentativeAccount(deps, input, tenancy, room);
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(
      houseID,
      tenancyWrites(deps, tenancy, { doc: opened.account, username }, place),
    );
  } catch (error) {
    await closeTenantAccounts(deps, [opened]);
    throw error;
  }
  await audit(actor, {
    action: 'create',
    entity: 'contract',
    entityID: contract.contractID,
    houseID,
    details: { occupants: lessees.length, vehicles: vehicles.length },
  });
  const saved = { ...contract, lesseeAccountID: opened.account.userID };
  const written = (await houseDocs<ContractDoc>(deps).read(houseID, contract.contractID)) ?? saved;
  return { ...entityView(written), representativeAccount: { username, oneTimePassword: password } };
}

import { type ContractCreateInput, type RepresentativeAccount, type TenancyLinkSent } from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import { contractCreationBlocker, buildTenancy } from '../../domain/contracts.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  ReservationDoc,
  LesseeInfoDoc,
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
import {
  closeTenantAccounts,
  representativeAccess,
  tenancyHouse,
  tenancyInvitation,
  type RepresentativeAccess,
} from '../shared/tenantAccounts.js';
import { entityView } from '../shared/views.js';
import type { Deps } from '../shared/deps.js';
import type { BatchOp } from '../../store/store.js';

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
 * The representative's account, settled before the contract is written so that both go in one
 * transaction: a new account (username: their phone number, a one-time password) when the number has no
 * login, or an invitation to the login it has, which links only when its owner confirms.
 */
async function representativeOf(deps: Deps, input: ContractCreateInput, tenancy: Tenancy, room: RoomDoc) {
  const representative = tenancy.lessees[0] as LesseeInfoDoc;
  return representativeAccess(deps, {
    username: input.representative.phoneNumber,
    fullName: representative.occupantName,
    email: input.representative.email,
    houseID: room.houseID,
    contractID: tenancy.contract.contractID,
    roomID: room.roomID,
    lesseeID: representative.lesseeInfoID,
  });
}

/**
 * What the representative is sent with the contract: their new username (never the password), or the
 * code that links the tenancy to the login they have; and the contract's own fields for it.
 */
function accountWrites(
  deps: Deps,
  access: RepresentativeAccess,
  tenancy: Tenancy,
  place: { room: RoomDoc; houseName: string; username: string },
): { contract: Partial<ContractDoc>; ops: Array<BatchOp<HouseScopedDoc>>; sent?: TenancyLinkSent } {
  const { contract } = tenancy;
  const { room, username } = place;
  const representative = tenancy.lessees[0] as LesseeInfoDoc;
  if (access.kind === 'invited') {
    const invitation = tenancyInvitation(
      deps,
      access.existing,
      {
        houseID: room.houseID,
        contractID: contract.contractID,
        roomID: room.roomID,
        lesseeID: representative.lesseeInfoID,
        phoneNumber: username,
      },
      { houseName: place.houseName, roomName: room.roomName, name: representative.occupantName },
    );
    return {
      contract: { accountLinkPending: true },
      ops: [{ op: 'create', doc: invitation.link }, invitation.message],
      sent: invitation.sent,
    };
  }
  const recipient = {
    userID: access.account.userID,
    name: representative.occupantName,
    phoneNumber: username,
    ...(access.account.email ? { email: access.account.email } : {}),
  };
  return {
    contract: { lesseeAccountID: access.account.userID },
    ops: [
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
    ],
  };
}

/**
 * The tenancy's writes, one transaction: the contract (with its account, or waiting for the link), what
 * the representative is sent, the occupants, vehicles and services, the room occupied and the
 * reservation it comes from contracted (both under the ETags they were read with).
 */
function tenancyWrites(
  tenancy: Tenancy,
  account: ReturnType<typeof accountWrites>,
  place: { room: RoomDoc; reservation: ReservationDoc | undefined },
): Array<BatchOp<HouseScopedDoc>> {
  const { contract, lessees, vehicles, services } = tenancy;
  const { room, reservation } = place;
  return [
    { op: 'create', doc: { ...contract, ...account.contract } satisfies ContractDoc },
    ...account.ops,
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
 * status and the reservation it comes from are written in one transaction. The representative gets a
 * tenant account (username: their phone number) with a one-time password shown once, and a message
 * with their username (never the password); or, when the number already has a login, a code to link the
 * tenancy to it (the reply says only that: `linkPending`, where the code went, until when).
 */
export async function createContract(
  actor: Actor,
  input: ContractCreateInput,
): Promise<Record<string, unknown> & { representativeAccount: RepresentativeAccount }> {
  const { deps } = actor;
  const place = await roomToSign(actor, input);
  const { room, reservation, house } = place;
  const houseID = room.houseID;
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
  // fails, a new account is closed again (an existing one was never touched).
  const username = input.representative.phoneNumber;
  const access = await representativeOf(deps, input, tenancy, room);
  const account = accountWrites(deps, access, tenancy, { ...place, username });
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(houseID, tenancyWrites(tenancy, account, place));
  } catch (error) {
    if (access.kind === 'opened') await closeTenantAccounts(deps, [access.account]);
    throw error;
  }
  await audit(actor, {
    action: 'create',
    entity: 'contract',
    entityID: contract.contractID,
    houseID,
    details: {
      occupants: lessees.length,
      vehicles: vehicles.length,
      tenantAccount: access.kind === 'opened' ? 'opened' : 'linkPending',
    },
  });
  const saved = { ...contract, ...account.contract };
  const written = (await houseDocs<ContractDoc>(deps).read(houseID, contract.contractID)) ?? saved;
  const representativeAccount: RepresentativeAccount =
    access.kind === 'opened'
      ? { username, oneTimePassword: access.password }
      : { username, linkPending: true, ...(account.sent as TenancyLinkSent) };
  return { ...entityView(written), representativeAccount };
}

import {
  CONTRACT_MESSAGES,
  METER_KINDS,
  type ContractCreateInput,
  type MeterKind,
  type RepresentativeAccount,
} from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import { contractCreationBlocker, buildTenancy } from '../../domain/contracts.js';
import { indexesOnTheDay } from '../../domain/shared/moveIndexes.js';
import { activeMeter } from '../../domain/meterRecords.js';
import { occupiedUnder } from '../../domain/rooms.js';
import { AppError } from '../../domain/shared/errors.js';
import { consentRecord } from '../shared/identityConsent.js';
import type {
  ReservationDoc,
  LesseeInfoDoc,
  ContractDoc,
  HouseScopedDoc,
  MeterDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { type Actor, writeAudited } from '../shared/actor.js';
import { activeContractOfRoom } from '../shared/contractScope.js';
import { roomForCaller, listInHouse, readHouse } from '../shared/houseScope.js';
import { tenancyHouse, tenancyInvitation } from '../shared/tenantAccounts.js';
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
  const [reservations, activeContract, house, houseDoc, meters] = await Promise.all([
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
    listInHouse<MeterDoc>(deps, houseID, 'meter', { op: 'eq', field: 'roomID', value: room.roomID }),
  ]);
  const reservation = reservations[0];
  const blocker = contractCreationBlocker(room, Boolean(activeContract), reservation, input.reservationID);
  if (blocker) throw AppError.conflict(blocker);
  return { room, reservation, house, houseName: houseDoc?.houseName ?? '', meters };
}

/**
 * The meters on the move-in day (typed, or the room's last reading; never lower): kept on the contract
 * with the meter each was read on, and as the room's current indexes. The first bill charges from them.
 */
function moveInMarks(room: RoomDoc, meters: readonly MeterDoc[], input: ContractCreateInput) {
  const indexes = indexesOnTheDay(
    { electricity: room.currentElectricityIndex, water: room.currentWaterIndex },
    input,
    CONTRACT_MESSAGES.moveInBelowLast,
  );
  const moveInMeterIDs: Partial<Record<MeterKind, string>> = {};
  for (const kind of METER_KINDS) {
    const meter = activeMeter(meters.filter((candidate) => candidate.kind === kind));
    if (meter) moveInMeterIDs[kind] = meter.meterID;
  }
  return {
    contract: {
      moveInElectricityIndex: indexes.electricity,
      moveInWaterIndex: indexes.water,
      ...(Object.keys(moveInMeterIDs).length > 0 ? { moveInMeterIDs } : {}),
    },
    room: { currentElectricityIndex: indexes.electricity, currentWaterIndex: indexes.water },
  };
}

/**
 * The invitation written with the contract: a code to the representative's number, which the person
 * confirms to open the tenancy with their account (the one the number has, or a new one). No account is
 * read here: the landlord's reply and the contract are the same for every number.
 */
function invitationOf(
  deps: Deps,
  tenancy: Tenancy,
  place: { room: RoomDoc; houseName: string },
  phoneNumber: string,
) {
  const representative = tenancy.lessees[0] as LesseeInfoDoc;
  const { room } = place;
  return tenancyInvitation(
    deps,
    {
      houseID: room.houseID,
      contractID: tenancy.contract.contractID,
      roomID: room.roomID,
      lesseeID: representative.lesseeInfoID,
      phoneNumber,
    },
    { houseName: place.houseName, roomName: room.roomName, name: representative.occupantName },
  );
}

/**
 * The tenancy's writes, one transaction: the contract (waiting for its tenant to confirm), the link and
 * the code sent to the representative, the occupants, vehicles and services, the room occupied and the
 * reservation it comes from contracted (both under the ETags they were read with).
 */
function tenancyWrites(
  tenancy: Tenancy,
  invitation: ReturnType<typeof invitationOf>,
  place: { room: RoomDoc; reservation: ReservationDoc | undefined },
): Array<BatchOp<HouseScopedDoc>> {
  const { contract, lessees, vehicles, services } = tenancy;
  const { room, reservation } = place;
  return [
    { op: 'create', doc: { ...contract, accountLinkPending: true } satisfies ContractDoc },
    { op: 'create', doc: invitation.link },
    invitation.message,
    ...[...lessees, ...vehicles, ...services].map((doc) => ({ op: 'create' as const, doc })),
    {
      op: 'replace',
      doc: occupiedUnder(room, contract.contractID) satisfies RoomDoc,
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
 * status and the reservation it comes from are written in one transaction, with a code sent to the
 * representative's number. They confirm it on the link of the message with a password of their own, and
 * their account (username: their phone number; the one it has or a new one) opens the tenancy. The
 * reply says only that: `linkPending`, where the code went (masked) and until when, for every number.
 */
export async function createContract(
  actor: Actor,
  input: ContractCreateInput,
): Promise<Record<string, unknown> & { representativeAccount: RepresentativeAccount }> {
  const { deps } = actor;
  const signing = await roomToSign(actor, input);
  const marks = moveInMarks(signing.room, signing.meters, input);
  const place = { ...signing, room: { ...signing.room, ...marks.room } };
  const { room, reservation, house } = place;
  const houseID = room.houseID;
  await checkIdentityPhotos(deps, houseID, input.representative, undefined, 'representative.');
  for (const [index, occupant] of input.occupants.entries()) {
    await checkIdentityPhotos(deps, houseID, occupant, undefined, `occupants.${index}.`);
  }
  const {
    roomID: _roomID,
    reservationID: _reservationID,
    electricityIndex: _electricityIndex,
    waterIndex: _waterIndex,
    ...terms
  } = input;
  const built = buildTenancy({
    house,
    room,
    reservation,
    input: terms,
    today: vietnamDate(deps.now()),
    createdOn: deps.now().toISOString(),
    newID: randomUUID,
  });
  const tenancy = { ...built, contract: { ...built.contract, ...marks.contract } };
  // The consent to keep identity data is recorded with the people who gave it (Law 91/2025/QH15).
  tenancy.lessees = tenancy.lessees.map((lessee) => ({
    ...lessee,
    ...consentRecord(lessee, actor.user.account, deps.now()),
  }));
  const { contract, lessees, vehicles } = tenancy;

  const username = input.representative.phoneNumber;
  const invitation = invitationOf(deps, tenancy, place, username);
  // At most 97 operations with the audit entry (20 occupants, 20 vehicles, 50 fees): one batch.
  const [written] = await writeAudited(actor, houseID, tenancyWrites(tenancy, invitation, place), {
    action: 'create',
    entity: 'contract',
    entityID: contract.contractID,
    details: { occupants: lessees.length, vehicles: vehicles.length },
  });
  const representativeAccount: RepresentativeAccount = { username, linkPending: true, ...invitation.sent };
  return { ...entityView(written as ContractDoc), representativeAccount };
}

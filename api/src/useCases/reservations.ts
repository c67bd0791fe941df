import { randomUUID } from 'node:crypto';
import {
  RESERVATION_MESSAGES,
  ROLE,
  defaultHoldUntil,
  type DepositOutcome,
  type ReservationCreateInput,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { HouseScopedDoc, ReservationDoc, RoomDoc } from '../domain/shared/model.js';
import { hasLapsed, lapsedNotice, reservationBlocker } from '../domain/reservations.js';
import { vietnamDate } from '../domain/shared/time.js';
import { indexesOnTheDay } from '../domain/shared/moveIndexes.js';
import { audit, type Actor, replaceAudited } from './shared/actor.js';
import { activeContractOfRoom } from './shared/contractScope.js';
import {
  authorizeHouseID,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  readHouse,
  requireID,
  roomForCaller,
} from './shared/houseScope.js';
import type { Deps } from './shared/deps.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { landlordRecipient } from './shared/receivedPayments.js';
import { entityView } from './shared/views.js';

/** Takes a deposit for an empty room: the reservation and the room's new status are written together. */
export async function reserveRoom(actor: Actor, input: ReservationCreateInput) {
  const { deps } = actor;
  const room = await roomForCaller(actor, input.roomID);
  const blocker = reservationBlocker(
    room,
    (await activeContractOfRoom(actor, room.houseID, room.roomID)) ? 1 : 0,
  );
  if (blocker) throw AppError.conflict(blocker);
  if (input.expectedMoveInDate < vietnamDate(deps.now())) {
    throw AppError.validation([
      { field: 'expectedMoveInDate', errorMessage: RESERVATION_MESSAGES.moveInPast },
    ]);
  }
  // The meters read on the day of the deposit, when typed: never below the last reading; the room keeps them.
  const typed = input.electricityIndex !== undefined || input.waterIndex !== undefined;
  const indexes = typed
    ? indexesOnTheDay(
        { electricity: room.currentElectricityIndex, water: room.currentWaterIndex },
        input,
        RESERVATION_MESSAGES.indexBelowLast,
      )
    : undefined;
  const reservationID = randomUUID();
  const reservation: ReservationDoc = {
    id: reservationID,
    pk: room.houseID,
    type: 'reservation',
    reservationID,
    houseID: room.houseID,
    roomID: room.roomID,
    fullName: input.fullName,
    phoneNumber: input.phoneNumber,
    deposit: input.deposit,
    expectedMoveInDate: input.expectedMoveInDate,
    holdUntil: input.holdUntil ?? defaultHoldUntil(input.expectedMoveInDate),
    ...(input.note ? { note: input.note } : {}),
    ...(indexes ? { electricityIndex: indexes.electricity, waterIndex: indexes.water } : {}),
    status: 'active',
    createdOn: deps.now().toISOString(),
  };
  await houseDocs<HouseScopedDoc>(deps).batch(room.houseID, [
    { op: 'create', doc: reservation },
    {
      op: 'replace',
      doc: {
        ...room,
        ...(indexes
          ? { currentElectricityIndex: indexes.electricity, currentWaterIndex: indexes.water }
          : {}),
        status: 'reserved',
      } satisfies RoomDoc,
      ...(room._etag ? { ifMatch: room._etag } : {}),
    },
  ]);
  await audit(actor, {
    action: 'create',
    entity: 'reservation',
    entityID: reservationID,
    houseID: room.houseID,
  });
  return entityView(reservation);
}

/** A house's reservations, active ones first, newest first within each group. */
export async function listReservations(actor: Actor, houseID: string | undefined) {
  const houseIDChecked = await authorizeHouseID(actor.deps, actor.user, requireID(houseID, 'Mã nhà trọ'));
  const reservations = await listInHouse<ReservationDoc>(actor.deps, houseIDChecked, 'reservation');
  return reservations
    .sort(
      (a, b) =>
        Number(b.status === 'active') - Number(a.status === 'active') ||
        b.createdOn.localeCompare(a.createdOn),
    )
    .map(entityView);
}

/** Gives the deposit back: the reservation is cancelled and the room is free again. */
export async function cancelReservation(actor: Actor, reservationID: string, reason: string | undefined) {
  const { deps } = actor;
  const { doc: reservation } = await findInCallersHouse<ReservationDoc>(
    deps,
    actor.user,
    'reservation',
    reservationID,
  );
  if (reservation.status !== 'active') throw AppError.conflict(RESERVATION_MESSAGES.notActive);
  const room = await houseDocs<RoomDoc>(deps).read(reservation.houseID, reservation.roomID);
  const cancelled: ReservationDoc = {
    ...reservation,
    status: 'cancelled',
    cancelledOn: deps.now().toISOString(),
    ...(reason ? { cancelReason: reason } : {}),
  };
  await houseDocs<HouseScopedDoc>(deps).batch(reservation.houseID, [
    { op: 'replace', doc: cancelled, ...(reservation._etag ? { ifMatch: reservation._etag } : {}) },
    ...(room?.type === 'room' && room.status === 'reserved'
      ? [
          {
            op: 'replace' as const,
            doc: { ...room, status: 'empty' as const },
            ...(room._etag ? { ifMatch: room._etag } : {}),
          },
        ]
      : []),
  ]);
  await audit(actor, {
    action: 'cancel',
    entity: 'reservation',
    entityID: reservationID,
    houseID: reservation.houseID,
  });
  return entityView(cancelled);
}

/**
 * The nightly job: every active reservation whose hold-until date has passed (in Vietnam) lapses. The
 * reservation is recorded as lapsed with its deposit forfeited, the room is empty again, and the landlord
 * is told, all in one write per reservation (guarded by its ETag, so a second run finds nothing to do).
 * Returns how many lapsed.
 */
export async function lapseReservations(deps: Deps): Promise<number> {
  const today = vietnamDate(deps.now());
  const active = await deps.store.container<ReservationDoc>('houses').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'reservation' },
        { op: 'eq', field: 'status', value: 'active' },
      ],
    },
    top: 1000,
  });
  let lapsed = 0;
  for (const reservation of active.items.filter((item) => hasLapsed(item, today))) {
    const house = await readHouse(deps, reservation.houseID);
    const room = await houseDocs<RoomDoc>(deps).read(reservation.houseID, reservation.roomID);
    const roomDoc = room?.type === 'room' ? room : undefined;
    const notice = lapsedNotice(reservation, {
      houseName: house?.houseName ?? '',
      roomName: roomDoc?.roomName ?? '',
    });
    await houseDocs<HouseScopedDoc>(deps).batch(reservation.houseID, [
      {
        op: 'replace',
        doc: {
          ...reservation,
          status: 'lapsed',
          lapsedOn: deps.now().toISOString(),
          depositOutcome: 'forfeited',
        } satisfies ReservationDoc,
        ...(reservation._etag ? { ifMatch: reservation._etag } : {}),
      },
      ...(roomDoc?.status === 'reserved'
        ? [
            {
              op: 'replace' as const,
              doc: { ...roomDoc, status: 'empty' as const },
              ...(roomDoc._etag ? { ifMatch: roomDoc._etag } : {}),
            },
          ]
        : []),
      ...(house
        ? [
            outboxCreate(deps, reservation.houseID, {
              event: 'reservationLapsed',
              houseID: reservation.houseID,
              subjectID: reservation.reservationID,
              recipient: await landlordRecipient(deps, house),
              ...notice,
            }),
          ]
        : []),
    ]);
    lapsed += 1;
  }
  return lapsed;
}

/** Says what became of a lapsed reservation's deposit (forfeited, or refunded after all). */
export async function setReservationDeposit(
  actor: Actor,
  reservationID: string,
  depositOutcome: DepositOutcome,
) {
  // The landlord's and their staff's money: a tenant of the house may not say what became of it.
  if (actor.user.roleID === ROLE.lessee) throw AppError.forbidden();
  const { doc: reservation } = await findInCallersHouse<ReservationDoc>(
    actor.deps,
    actor.user,
    'reservation',
    reservationID,
  );
  if (reservation.status !== 'lapsed') throw AppError.conflict(RESERVATION_MESSAGES.notLapsed);
  const changed: ReservationDoc = { ...reservation, depositOutcome };
  const saved = await replaceAudited(actor, changed, reservation._etag, {
    action: 'update',
    entity: 'reservation',
    entityID: reservationID,
    details: { depositOutcome },
  });
  return entityView(saved);
}

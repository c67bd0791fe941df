import { randomUUID } from 'node:crypto';
import { RESERVATION_MESSAGES, type ReservationCreateInput } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { HouseScopedDoc, ReservationDoc, RoomDoc } from '../domain/shared/model.js';
import { reservationBlocker } from '../domain/reservations.js';
import { vietnamDate } from '../domain/shared/time.js';
import { audit, type Actor } from './shared/actor.js';
import { activeContractOfRoom } from './shared/contractScope.js';
import {
  authorizeHouse,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  requireID,
  roomForCaller,
} from './shared/houseScope.js';
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
    ...(input.note ? { note: input.note } : {}),
    status: 'active',
    createdOn: deps.now().toISOString(),
  };
  await houseDocs<HouseScopedDoc>(deps).batch(room.houseID, [
    { op: 'create', doc: reservation },
    {
      op: 'replace',
      doc: { ...room, status: 'reserved' } satisfies RoomDoc,
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
  const house = await authorizeHouse(actor.deps, actor.user, requireID(houseID, 'Mã nhà trọ'));
  const reservations = await listInHouse<ReservationDoc>(actor.deps, house.houseID, 'reservation');
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

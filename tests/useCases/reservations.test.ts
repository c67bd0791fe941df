import { reservationCreateSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDoc, ReservationDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { cancelReservation, listReservations, reserveRoom } from '../../api/src/useCases/reservations.js';
import { deleteRoom } from '../../api/src/useCases/rooms.js';
import { aContract, aHouse, aLandlord, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') }));
  room = await aRoom(deps, house);
});
afterEach(() => h.close());

const deposit = (roomID: string, change: Record<string, unknown> = {}) =>
  reservationCreateSchema.parse({
    roomID,
    fullName: 'Phạm Gia Bảo',
    phoneNumber: '0938111222',
    deposit: 2_000_000,
    expectedMoveInDate: '2026-12-01',
    ...change,
  });

async function roomStatus(roomID = room.roomID) {
  return (await houseDocs<RoomDoc>(deps).read(house.houseID, roomID))?.status;
}

describe('reservations', () => {
  it('a deposit reserves an empty room, and cancelling frees it again', async () => {
    const actor = actorFor(deps, landlord);
    const reservation = await reserveRoom(actor, deposit(room.roomID));
    expect(reservation).toMatchObject({ status: 'active', deposit: 2_000_000, roomID: room.roomID });
    expect(await roomStatus()).toBe('reserved');
    const cancelled = await cancelReservation(actor, reservation.reservationID as string, 'Khách đổi ý');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Khách đổi ý' });
    expect(await roomStatus()).toBe('empty');
    expect((await auditEntries(deps)).map((entry) => `${entry.action} ${entry.entity}`)).toEqual(
      expect.arrayContaining(['create reservation', 'cancel reservation']),
    );
  });

  it('a reserved or occupied room refuses another deposit (409) and nothing is written', async () => {
    const actor = actorFor(deps, landlord);
    await reserveRoom(actor, deposit(room.roomID));
    await expectRefusal(
      reserveRoom(actor, deposit(room.roomID)),
      'conflict',
      'Phòng đã được đặt cọc. Hãy hủy cọc cũ trước khi nhận cọc mới.',
    );
    const rented = await aRoom(deps, house);
    await aContract(deps, rented);
    await expectRefusal(
      reserveRoom(actor, deposit(rented.roomID)),
      'conflict',
      'Phòng đang có người thuê, không thể nhận cọc.',
    );
    expect(await roomStatus(rented.roomID)).toBe('empty');
    expect(await listReservations(actor, house.houseID)).toHaveLength(1);
  });

  it('a move-in date in the past is refused naming the field', async () => {
    const error = await expectRefusal(
      reserveRoom(actorFor(deps, landlord), deposit(room.roomID, { expectedMoveInDate: '2026-11-22' })),
      'badRequest',
      'Ngày dự kiến dọn vào không được ở quá khứ.',
    );
    expect(error.details.fieldErrors?.[0]?.field).toBe('expectedMoveInDate');
    expect(await roomStatus()).toBe('empty');
  });

  it('a cancelled reservation cannot be cancelled again, and no longer blocks deleting the room', async () => {
    const actor = actorFor(deps, landlord);
    const reservation = await reserveRoom(actor, deposit(room.roomID));
    await expectRefusal(
      deleteRoom(actor, room.roomID),
      'conflict',
      'Không thể xóa phòng đã được đặt cọc. Hãy hủy đặt cọc trước.',
    );
    await cancelReservation(actor, reservation.reservationID as string, undefined);
    await expectRefusal(
      cancelReservation(actor, reservation.reservationID as string, undefined),
      'conflict',
      'Khoản cọc này đã được hủy hoặc đã chuyển thành hợp đồng.',
    );
    await deleteRoom(actor, room.roomID);
    expect(await houseDocs<ReservationDoc>(deps).read(house.houseID, room.roomID)).toBeUndefined();
  });

  it('lists active reservations first; other landlords and unassigned staff get notFound', async () => {
    const actor = actorFor(deps, landlord);
    const first = await reserveRoom(actor, deposit(room.roomID));
    await cancelReservation(actor, first.reservationID as string, undefined);
    h.clock.advance(60_000);
    const second = await reserveRoom(actor, deposit(room.roomID, { fullName: 'Ngô Thảo' }));
    expect((await listReservations(actor, house.houseID)).map((item) => item.reservationID)).toEqual([
      second.reservationID,
      first.reservationID,
    ]);
    const stranger = actorFor(deps, await aLandlord(deps));
    const staff = actorFor(deps, await aStaff(deps, { houses: [await aHouse(deps, landlord)] }));
    for (const other of [stranger, staff]) {
      await expectRefusal(
        listReservations(other, house.houseID),
        'notFound',
        'Không tìm thấy dữ liệu yêu cầu.',
      );
      await expectRefusal(
        cancelReservation(other, second.reservationID as string, undefined),
        'notFound',
        'Không tìm thấy dữ liệu yêu cầu.',
      );
      await expectRefusal(
        reserveRoom(other, deposit(room.roomID)),
        'notFound',
        'Không tìm thấy dữ liệu yêu cầu.',
      );
    }
  });
});

// Deposits lapse (issue 22): a reservation holds its room until its hold-until date (default: the expected
// move-in date + 7 days); the nightly job then releases it, records the deposit as forfeited, frees the
// room and tells the landlord. The landlord or their staff may say the deposit was refunded after all.
import { reservationCreateSchema, reservationDepositSchema } from '@nhatro/common';
import azureFunctions, { type Timer } from '@azure/functions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDepsFactory, useDeps } from '../../api/src/composition/deps.js';
import type {
  HouseDoc,
  OutboxMessageDoc,
  ReservationDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import '../../api/src/functions/maintenance.js';
import { timerFunctions } from '../../api/src/http/registry.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import {
  lapseReservations,
  reserveRoom,
  setReservationDeposit,
} from '../../api/src/useCases/reservations.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;

// 2026-11-23 10:00 in Vietnam.
beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') }));
  room = await aRoom(deps, house);
});
afterEach(async () => {
  setDepsFactory();
  await h.close();
});

const deposit = (change: Record<string, unknown> = {}) =>
  reservationCreateSchema.parse({
    roomID: room.roomID,
    fullName: 'Phạm Gia Bảo',
    phoneNumber: '0938111222',
    deposit: 2_000_000,
    expectedMoveInDate: '2026-12-01',
    ...change,
  });

/** The clock at 00:05 in Vietnam on `day` (when the nightly job runs). */
function nightOf(day: string): void {
  h.clock.set(new Date(`${day}T00:05:00+07:00`));
}

async function roomStatus() {
  return (await houseDocs<RoomDoc>(deps).read(house.houseID, room.roomID))?.status;
}

async function stored(reservationID: string) {
  return houseDocs<ReservationDoc>(deps).read(house.houseID, reservationID);
}

async function lapseNotices() {
  return (await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage')).filter(
    (message) => message.event === 'reservationLapsed',
  );
}

const TIMER: Timer = {
  isPastDue: false,
  schedule: { adjustForDST: false },
  scheduleStatus: { last: '', next: '', lastUpdated: '' },
};

async function fireNightly(): Promise<void> {
  const timer = timerFunctions.find((definition) => definition.name === 'nightlyMaintenance');
  if (!timer) throw new Error('no nightly timer');
  const context = new azureFunctions.InvocationContext({ functionName: timer.name, invocationId: 'n-1' });
  context.log = () => undefined;
  context.error = () => undefined;
  useDeps(deps);
  await timer.handler(TIMER, context);
}

describe('a reservation holds its room until its hold-until date', () => {
  it('defaults to the expected move-in date plus 7 days, across a month end', async () => {
    const reservation = await reserveRoom(
      actorFor(deps, landlord),
      deposit({ expectedMoveInDate: '2026-12-28' }),
    );
    expect(reservation.holdUntil).toBe('2027-01-04');
    expect((await stored(reservation.reservationID as string))?.holdUntil).toBe('2027-01-04');
  });

  it('keeps a hold-until date the landlord chose', async () => {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit({ holdUntil: '2026-12-20' }));
    expect(reservation.holdUntil).toBe('2026-12-20');
  });

  it('refuses a hold-until date before the move-in date or not a date, in Vietnamese, and writes nothing', () => {
    const early = reservationCreateSchema.safeParse({ ...deposit(), holdUntil: '2026-11-30' });
    expect(early.success).toBe(false);
    expect(early.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['holdUntil', 'Ngày giữ phòng đến không được trước ngày dự kiến dọn vào.'],
    ]);
    const malformed = reservationCreateSchema.safeParse({ ...deposit(), holdUntil: '2026-02-30' });
    expect(malformed.error?.issues[0]?.message).toBe(
      'Ngày giữ phòng đến không hợp lệ (định dạng yyyy-mm-dd).',
    );
  });
});

describe('the nightly job releases a lapsed hold', () => {
  it('not on or before the hold-until date', async () => {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit());
    nightOf('2026-12-08');
    expect(await lapseReservations(deps)).toBe(0);
    expect((await stored(reservation.reservationID as string))?.status).toBe('active');
    expect(await roomStatus()).toBe('reserved');
    expect(await lapseNotices()).toEqual([]);
  });

  it('the day after: lapsed, deposit forfeited, room free, the landlord told once even when run twice', async () => {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit());
    nightOf('2026-12-09');
    await fireNightly();
    const lapsed = await stored(reservation.reservationID as string);
    expect(lapsed).toMatchObject({
      status: 'lapsed',
      depositOutcome: 'forfeited',
      deposit: 2_000_000,
      lapsedOn: h.clock.now().toISOString(),
    });
    expect(await roomStatus()).toBe('empty');
    const notices = await lapseNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      recipient: expect.objectContaining({ userID: landlord.userID }),
      subjectID: reservation.reservationID,
      subject: `Phòng ${room.roomName} hết hạn giữ cọc`,
    });
    expect(notices[0]?.body).toContain('08/12/2026');
    expect(notices[0]?.body).toContain('2.000.000 ₫');
    expect(notices[0]?.body).toContain('mất cọc');

    h.clock.advance(60_000);
    expect(await lapseReservations(deps)).toBe(0);
    await fireNightly();
    expect(await lapseNotices()).toHaveLength(1);
    expect((await stored(reservation.reservationID as string))?.lapsedOn).toBe(lapsed?.lapsedOn);
    // The freed room takes a new deposit.
    nightOf('2026-12-09');
    const again = await reserveRoom(actorFor(deps, landlord), deposit({ expectedMoveInDate: '2026-12-15' }));
    expect(again.status).toBe('active');
  });

  it('a reservation stored before hold-until dates lapses 7 days after its move-in date', async () => {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit());
    const doc = (await stored(reservation.reservationID as string)) as ReservationDoc;
    const { holdUntil: _dropped, ...older } = doc;
    await houseDocs<ReservationDoc>(deps).replace(older);
    nightOf('2026-12-08');
    expect(await lapseReservations(deps)).toBe(0);
    nightOf('2026-12-09');
    expect(await lapseReservations(deps)).toBe(1);
  });
});

describe('the landlord says the deposit was refunded', () => {
  async function lapsedReservation(): Promise<string> {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit());
    nightOf('2026-12-09');
    await lapseReservations(deps);
    return reservation.reservationID as string;
  }

  it('the landlord and the house staff may change forfeited to refunded and back', async () => {
    const reservationID = await lapsedReservation();
    const refunded = await setReservationDeposit(actorFor(deps, landlord), reservationID, 'refunded');
    expect(refunded).toMatchObject({ status: 'lapsed', depositOutcome: 'refunded' });
    expect((await stored(reservationID))?.depositOutcome).toBe('refunded');
    const staff = await aStaff(deps, { houses: [house] });
    await setReservationDeposit(actorFor(deps, staff), reservationID, 'forfeited');
    expect((await stored(reservationID))?.depositOutcome).toBe('forfeited');
    expect(
      (await auditEntries(deps)).filter(
        (entry) => entry.action === 'update' && entry.entity === 'reservation',
      ),
    ).toHaveLength(2);
  });

  it('another landlord gets notFound, a tenant of the house forbidden, and nothing changes', async () => {
    const reservationID = await lapsedReservation();
    const other = await aLandlord(deps);
    await aHouse(deps, other);
    await expectRefusal(
      setReservationDeposit(actorFor(deps, other), reservationID, 'refunded'),
      'notFound',
      /./,
    );
    const rented = await aRoom(deps, house);
    const contract = await aContract(deps, rented);
    const tenant = await aLessee(deps, { house, room: rented, contract });
    await expectRefusal(
      setReservationDeposit(actorFor(deps, tenant), reservationID, 'refunded'),
      'forbidden',
      /./,
    );
    expect((await stored(reservationID))?.depositOutcome).toBe('forfeited');
  });

  it('an active reservation has no outcome to change (409), and bad input is refused in Vietnamese', async () => {
    const reservation = await reserveRoom(actorFor(deps, landlord), deposit());
    await expectRefusal(
      setReservationDeposit(actorFor(deps, landlord), reservation.reservationID as string, 'refunded'),
      'conflict',
      'Chỉ đổi được tiền cọc của khoản cọc đã quá hạn giữ phòng.',
    );
    expect((await stored(reservation.reservationID as string))?.depositOutcome).toBeUndefined();
    const bad = reservationDepositSchema.safeParse({
      reservationID: reservation.reservationID,
      depositOutcome: 'lost',
    });
    expect(bad.error?.issues[0]?.message).toBe('Tiền cọc chỉ có thể là "mất cọc" hoặc "đã hoàn cọc".');
    const noID = reservationDepositSchema.safeParse({ depositOutcome: 'refunded' });
    expect(noID.error?.issues[0]?.message).toBe('Mã đặt cọc không hợp lệ.');
  });
});

import {
  isRoomLeaving,
  LEAVE_NOTICE_MESSAGES,
  leaveDateWindow,
  leaveNoticeCreateSchema,
  MESSAGES,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { leaveDateProblem } from '../../api/src/domain/leaveNotices.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { updateHouse } from '../../api/src/useCases/houses.js';
import {
  acknowledgeLeaveNotice,
  giveLeaveNotice,
  listLeaveNotices,
  withdrawLeaveNotice,
} from '../../api/src/useCases/leaveNotices.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** Notices of leaving (issue 27): the notice period, one live notice, withdrawing, acknowledging, rights. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;

beforeEach(async () => {
  // 08:00 UTC is 15:00 in Vietnam: today is 2026-11-20 there.
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T08:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room, { endDate: '2027-06-30' });
  tenant = await aLessee(deps, { house, room, contract });
});
afterEach(() => h.close());

function notice(leaveDate: string, extra: Record<string, unknown> = {}) {
  return leaveNoticeCreateSchema.parse({ leaveDate, ...extra });
}

async function storedRoom(): Promise<RoomDoc | undefined> {
  return houseDocs<RoomDoc>(deps).read(house.houseID, room.roomID);
}

describe('the day a tenant may name', () => {
  it('is on or after today + the notice, and not after the contract ends', () => {
    expect(leaveDateWindow('2026-11-20', 30, '2027-06-30')).toEqual({
      earliest: '2026-12-20',
      latest: '2027-06-30',
    });
    expect(leaveDateProblem('2026-12-19', '2026-11-20', 30, '2027-06-30')).toBe(
      'Nhà trọ yêu cầu báo trước 30 ngày: ngày trả phòng sớm nhất là 20/12/2026.',
    );
    expect(leaveDateProblem('2026-12-20', '2026-11-20', 30, '2027-06-30')).toBeUndefined();
    expect(leaveDateProblem('2027-07-01', '2026-11-20', 30, '2027-06-30')).toBe(
      'Ngày trả phòng không được sau ngày hết hạn hợp đồng 30/06/2027.',
    );
  });

  it('is the contract end itself when the contract ends before the notice would', () => {
    expect(leaveDateWindow('2026-11-20', 30, '2026-12-05')).toEqual({
      earliest: '2026-12-05',
      latest: '2026-12-05',
    });
    expect(leaveDateProblem('2026-12-04', '2026-11-20', 30, '2026-12-05')).toBe(
      'Ngày trả phòng sớm nhất là ngày hết hạn hợp đồng 05/12/2026.',
    );
    expect(leaveDateProblem('2026-12-05', '2026-11-20', 30, '2026-12-05')).toBeUndefined();
  });

  it('is never today, and there is none once the contract has ended', () => {
    expect(leaveDateWindow('2026-11-20', 0, '2027-06-30')?.earliest).toBe('2026-11-21');
    expect(leaveDateProblem('2026-11-20', '2026-11-20', 0, '2027-06-30')).toMatch(/sớm nhất là 21\/11\/2026/);
    expect(leaveDateWindow('2026-11-20', 30, '2026-11-20')).toBeUndefined();
    expect(leaveDateProblem('2026-12-20', '2026-11-20', 30, '2026-11-19')).toBe(
      'Hợp đồng đã hết hạn, không cần báo trả phòng.',
    );
  });
});

describe('giving notice', () => {
  it('records the notice, marks the room leaving from that day and is audited', async () => {
    const given = await giveLeaveNotice(
      actorFor(deps, tenant),
      notice('2026-12-31', { note: 'Chuyển việc' }),
    );
    expect(given).toMatchObject({
      contractID: contract.contractID,
      roomID: room.roomID,
      roomName: 'P101',
      leaveDate: '2026-12-31',
      note: 'Chuyển việc',
      status: 'open',
      noticeDays: 30,
      createdBy: tenant.userID,
    });
    expect((await storedRoom())?.leavingOn).toBe('2026-12-31');
    const entries = await auditEntries(deps);
    expect(entries.at(-1)).toMatchObject({ action: 'create', entity: 'leaveNotice', houseID: house.houseID });
  });

  it('refuses a day inside the notice period with the earliest day, and writes nothing', async () => {
    const message = 'Nhà trọ yêu cầu báo trước 30 ngày: ngày trả phòng sớm nhất là 20/12/2026.';
    const error = await expectRefusal(
      giveLeaveNotice(actorFor(deps, tenant), notice('2026-12-01')),
      'badRequest',
      message,
    );
    expect(error.details.fieldErrors).toEqual([{ field: 'leaveDate', errorMessage: message }]);
    expect((await storedRoom())?.leavingOn).toBeUndefined();
    expect(
      (await listLeaveNotices(actorFor(deps, landlord), { houseID: house.houseID }, true)).value,
    ).toEqual([]);
  });

  it("follows the house's own notice period", async () => {
    await updateHouse(actorFor(deps, landlord), house.houseID, { noticeDays: 7 });
    const given = await giveLeaveNotice(actorFor(deps, tenant), notice('2026-11-27'));
    expect(given).toMatchObject({ leaveDate: '2026-11-27', noticeDays: 7 });
  });

  it('allows one live notice per contract: a second is refused until the first is withdrawn', async () => {
    const first = await giveLeaveNotice(actorFor(deps, tenant), notice('2026-12-31'));
    await expectRefusal(
      giveLeaveNotice(actorFor(deps, tenant), notice('2027-01-15')),
      'conflict',
      LEAVE_NOTICE_MESSAGES.alreadyGiven,
    );
    await withdrawLeaveNotice(actorFor(deps, tenant), first.leaveNoticeID as string);
    const second = await giveLeaveNotice(actorFor(deps, tenant), notice('2027-01-15'));
    expect(second).toMatchObject({ leaveDate: '2027-01-15', status: 'open' });
    expect((await storedRoom())?.leavingOn).toBe('2027-01-15');
  });

  it('is for a tenant of an active contract, their own only', async () => {
    await expectRefusal(
      giveLeaveNotice(actorFor(deps, landlord), notice('2026-12-31')),
      'forbidden',
      LEAVE_NOTICE_MESSAGES.tenantOnly,
    );
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
    const neighbourContract = await aContract(deps, neighbourRoom);
    await expectRefusal(
      giveLeaveNotice(
        actorFor(deps, tenant),
        notice('2026-12-31', { contractID: neighbourContract.contractID }),
      ),
      'notFound',
      MESSAGES.notFound,
    );
    const endedRoom = await aRoom(deps, house, { roomName: 'P103' });
    const ended = await aContract(deps, endedRoom, { status: 3 });
    const formerTenant = await aLessee(deps, { house, room: endedRoom, contract: ended });
    await expectRefusal(
      giveLeaveNotice(actorFor(deps, formerTenant), notice('2026-12-31')),
      'conflict',
      LEAVE_NOTICE_MESSAGES.contractNotActive,
    );
  });
});

describe('withdrawing and acknowledging', () => {
  it('a withdrawn notice frees the room of its leaving day and leaves the list', async () => {
    const given = await giveLeaveNotice(actorFor(deps, tenant), notice('2026-12-31'));
    const withdrawn = await withdrawLeaveNotice(actorFor(deps, tenant), given.leaveNoticeID as string);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawnOn: '2026-11-20T08:00:00.000Z' });
    expect((await storedRoom())?.leavingOn).toBeUndefined();
    const landlordActor = actorFor(deps, landlord);
    expect((await listLeaveNotices(landlordActor, { houseID: house.houseID }, false)).value).toEqual([]);
    expect((await listLeaveNotices(landlordActor, { houseID: house.houseID }, true)).value).toHaveLength(1);
  });

  it('once acknowledged by staff of the house it can no longer be withdrawn, nor acknowledged again', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const given = await giveLeaveNotice(actorFor(deps, tenant), notice('2026-12-31'));
    const id = given.leaveNoticeID as string;
    const acknowledged = await acknowledgeLeaveNotice(actorFor(deps, staff), id);
    expect(acknowledged).toMatchObject({ status: 'acknowledged', acknowledgedBy: staff.userID });
    await expectRefusal(
      withdrawLeaveNotice(actorFor(deps, tenant), id),
      'conflict',
      LEAVE_NOTICE_MESSAGES.notOpen,
    );
    await expectRefusal(
      acknowledgeLeaveNotice(actorFor(deps, landlord), id),
      'conflict',
      LEAVE_NOTICE_MESSAGES.notOpen,
    );
    expect((await storedRoom())?.leavingOn).toBe('2026-12-31');
  });

  it('another landlord, staff of another house and another tenant do not find it', async () => {
    const given = await giveLeaveNotice(actorFor(deps, tenant), notice('2026-12-31'));
    const id = given.leaveNoticeID as string;
    const stranger = await aLandlord(deps);
    const strangersHouse = await aHouse(deps, stranger);
    const otherStaff = await aStaff(deps, { houses: [strangersHouse] });
    for (const outsider of [stranger, otherStaff]) {
      await expectRefusal(
        acknowledgeLeaveNotice(actorFor(deps, outsider), id),
        'notFound',
        MESSAGES.notFound,
      );
      await expectRefusal(
        listLeaveNotices(actorFor(deps, outsider), { houseID: house.houseID }, false),
        'notFound',
        MESSAGES.notFound,
      );
    }
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
    const neighbourContract = await aContract(deps, neighbourRoom);
    const neighbour = await aLessee(deps, { house, room: neighbourRoom, contract: neighbourContract });
    await expectRefusal(withdrawLeaveNotice(actorFor(deps, neighbour), id), 'notFound', MESSAGES.notFound);
    expect((await listLeaveNotices(actorFor(deps, neighbour), {}, true)).value).toEqual([]);
    expect((await listLeaveNotices(actorFor(deps, tenant), {}, false)).value).toHaveLength(1);
    await expectRefusal(
      acknowledgeLeaveNotice(actorFor(deps, tenant), id),
      'forbidden',
      LEAVE_NOTICE_MESSAGES.cannotAcknowledgeOwn,
    );
  });
});

describe("the room's status", () => {
  it("is 'Sắp trống' only while rented with a leaving day", () => {
    expect(isRoomLeaving({ status: 'occupied', leavingOn: '2026-12-31' })).toBe(true);
    expect(isRoomLeaving({ status: 'occupied' })).toBe(false);
    // After the contract ends the room is empty again, whatever day it had.
    expect(isRoomLeaving({ status: 'empty', leavingOn: '2026-12-31' })).toBe(false);
  });
});

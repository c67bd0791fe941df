import {
  BILL_DISPUTE_MESSAGES,
  billDisputeAnswerSchema,
  LEAVE_NOTICE_MESSAGES,
  leaveNoticeCreateSchema,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import type {
  HouseDoc,
  MonthlyBillDoc,
  NotificationDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { answerBillDispute, createBillDispute } from '../../api/src/useCases/billDisputes.js';
import {
  acknowledgeLeaveNotice,
  giveLeaveNotice,
  withdrawLeaveNotice,
} from '../../api/src/useCases/leaveNotices.js';
import { listNotifications } from '../../api/src/useCases/notifications.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { NOTIFICATION_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aRoom, aStaff } from '../support/builders.js';
import { aReachableTenancy, outboxMessages, type Tenancy } from '../support/notificationBuilders.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * Issue 27: a bill question reaches the landlord and the staff who issue bills, its answer reaches the
 * tenant (in the app and through the outbox); a notice of leaving reaches the landlord, its acknowledgement
 * the tenant. A retried request tells nobody twice, and a tenant of another room is never told.
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let tenancy: Tenancy;
let neighbour: Tenancy;
let bill: MonthlyBillDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T08:00:00Z'),
    landlord: { fullName: 'Trần Văn Chủ', lessorInfo: { status: 1, phoneNumber: '0912000111' } },
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  tenancy = await aReachableTenancy(deps, house, room, { name: 'Lê Minh Tuấn', email: 'tuan@example.vn' });
  const other = await aRoom(deps, house, { roomName: 'P102' });
  neighbour = await aReachableTenancy(deps, house, other, { name: 'Phạm Thị Hoa' });
  // Rent 2.500.000 ₫ + water 120.000 ₫ = 2.620.000 ₫.
  bill = await aMonthlyBill(deps, tenancy.contract);
});
afterEach(() => h.close());

const WATER = 1;

function ask() {
  return createBillDispute(actorFor(deps, tenancy.tenant), {
    monthlyBillID: bill.monthlyBillID,
    lineIndex: WATER,
    reason: 'Tháng này tôi đi vắng, nước không thể dùng 6 khối.',
  });
}

function recipientsOf(messages: OutboxMessage[]): Array<string | undefined> {
  return messages.map((message) => message.recipient.userID).sort();
}

async function tenantNotices(tenant: UserDoc) {
  const page = await listNotifications(actorFor(deps, tenant), {}, odata(NOTIFICATION_MODEL));
  return page.value as Array<{ title: string; body: string }>;
}

function neverTheNeighbour(messages: OutboxMessage[]) {
  for (const message of messages) {
    expect(message.recipient.userID).not.toBe(neighbour.tenant.userID);
    expect(message.recipient.phoneNumber).not.toBe(neighbour.representative.phoneNumber);
  }
}

describe('a bill question', () => {
  it('reaches the landlord and the billing staff of the house, naming the room, the month and the line', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const elsewhere = await aStaff(deps, { houses: [] });
    const asked = await ask();
    const messages = await outboxMessages(deps, 'billQuestionAsked');
    expect(recipientsOf(messages)).toEqual([landlord.userID, staff.userID].sort());
    expect(recipientsOf(messages)).not.toContain(elsewhere.userID);
    const toLandlord = messages.find((message) => message.recipient.userID === landlord.userID);
    expect(toLandlord).toMatchObject({
      houseID: house.houseID,
      subjectID: asked.billDisputeID,
      recipient: { phoneNumber: '0912000111' },
      subject: 'Nhà trọ Hoa Sen: khiếu nại hóa đơn tháng 11/2026 phòng P101',
    });
    expect(toLandlord?.body).toBe(
      'Lê Minh Tuấn (phòng P101) khiếu nại dòng "Tiền nước" (120.000 ₫) của hóa đơn tháng 11/2026: ' +
        'Tháng này tôi đi vắng, nước không thể dùng 6 khối.',
    );
    expect(toLandlord?.link).toContain(`/bill/${bill.monthlyBillID}`);
    neverTheNeighbour(messages);
  });

  it('a retried question is refused and tells nobody again', async () => {
    await ask();
    await expectRefusal(ask(), 'conflict', BILL_DISPUTE_MESSAGES.alreadyOpen);
    expect(await outboxMessages(deps, 'billQuestionAsked')).toHaveLength(1);
  });

  it('a rejection reaches the tenant with the reason, in the app and through the outbox, once', async () => {
    const asked = await ask();
    const reject = () =>
      answerBillDispute(
        actorFor(deps, landlord),
        asked.billDisputeID as string,
        billDisputeAnswerSchema.parse({ outcome: 'rejected', answer: 'Đồng hồ nước đã được kiểm tra.' }),
      );
    await reject();
    await expectRefusal(reject(), 'conflict', BILL_DISPUTE_MESSAGES.notOpen);
    const messages = await outboxMessages(deps, 'billQuestionAnswered');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      recipient: {
        userID: tenancy.tenant.userID,
        phoneNumber: tenancy.representative.phoneNumber,
        email: 'tuan@example.vn',
      },
      subject: 'Nhà trọ Hoa Sen: trả lời khiếu nại hóa đơn tháng 11/2026',
      body:
        'Chủ trọ không chấp nhận khiếu nại dòng "Tiền nước" của hóa đơn tháng 11/2026 phòng P101. ' +
        'Lý do: Đồng hồ nước đã được kiểm tra.',
    });
    const inApp = await tenantNotices(tenancy.tenant);
    expect(inApp).toHaveLength(1);
    expect(inApp[0]).toMatchObject({ title: messages[0]?.subject, body: messages[0]?.body });
    expect(await tenantNotices(neighbour.tenant)).toEqual([]);
  });

  it("a correction tells the tenant the line's old and new amounts and the new total", async () => {
    const asked = await ask();
    await answerBillDispute(
      actorFor(deps, landlord),
      asked.billDisputeID as string,
      billDisputeAnswerSchema.parse({ outcome: 'corrected', newAmount: 40_000, answer: 'Ghi nhầm chỉ số.' }),
    );
    const [message, ...more] = await outboxMessages(deps, 'billQuestionAnswered');
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      recipient: { userID: tenancy.tenant.userID },
      subject: 'Nhà trọ Hoa Sen: hóa đơn tháng 11/2026 đã được điều chỉnh',
      body:
        'Chủ trọ đã điều chỉnh dòng "Tiền nước" của hóa đơn tháng 11/2026 phòng P101: từ 120.000 ₫ thành ' +
        '40.000 ₫; tổng hóa đơn nay là 2.540.000 ₫. Ghi chú: Ghi nhầm chỉ số.',
    });
    const notices = await listInHouse<NotificationDoc>(deps, house.houseID, 'notification');
    expect(notices.map((notice) => notice.contractIDs)).toEqual([[tenancy.contract.contractID]]);
    neverTheNeighbour(await outboxMessages(deps));
  });
});

describe('a notice of leaving', () => {
  const give = () =>
    giveLeaveNotice(
      actorFor(deps, tenancy.tenant),
      leaveNoticeCreateSchema.parse({ leaveDate: '2026-12-31', note: 'Chuyển công tác.' }),
    );

  it('reaches the landlord with the room and the day, once', async () => {
    const given = await give();
    await expectRefusal(give(), 'conflict', LEAVE_NOTICE_MESSAGES.alreadyGiven);
    const messages = await outboxMessages(deps, 'leaveNoticeGiven');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      subjectID: given.leaveNoticeID,
      recipient: { userID: landlord.userID, phoneNumber: '0912000111' },
      subject: 'Nhà trọ Hoa Sen: phòng P101 báo trả phòng ngày 31/12/2026',
      body:
        'Lê Minh Tuấn (phòng P101) báo sẽ trả phòng ngày 31/12/2026. Ghi chú: Chuyển công tác. ' +
        'Hãy xác nhận đã nhận thông báo trên trang tổng quan.',
    });
  });

  it('its acknowledgement reaches the tenant in the app and through the outbox, once', async () => {
    const given = await give();
    const acknowledge = () => acknowledgeLeaveNotice(actorFor(deps, landlord), given.leaveNoticeID as string);
    await acknowledge();
    await expectRefusal(acknowledge(), 'conflict', LEAVE_NOTICE_MESSAGES.notOpen);
    const messages = await outboxMessages(deps, 'leaveNoticeAcknowledged');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      recipient: { userID: tenancy.tenant.userID, phoneNumber: tenancy.representative.phoneNumber },
      body:
        'Chủ trọ đã nhận thông báo trả phòng P101 ngày 31/12/2026 của bạn. ' +
        'Hai bên sẽ hẹn ngày bàn giao phòng, đọc chỉ số điện nước và quyết toán tiền cọc.',
    });
    expect(await tenantNotices(tenancy.tenant)).toMatchObject([{ body: messages[0]?.body }]);
    expect(await tenantNotices(neighbour.tenant)).toEqual([]);
    neverTheNeighbour(await outboxMessages(deps));
  });

  it('a withdrawal tells the landlord that the room stays', async () => {
    const given = await give();
    await withdrawLeaveNotice(actorFor(deps, tenancy.tenant), given.leaveNoticeID as string);
    await expectRefusal(
      withdrawLeaveNotice(actorFor(deps, tenancy.tenant), given.leaveNoticeID as string),
      'conflict',
      LEAVE_NOTICE_MESSAGES.notOpen,
    );
    const messages = await outboxMessages(deps, 'leaveNoticeWithdrawn');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      recipient: { userID: landlord.userID },
      body: 'Người thuê phòng P101 đã rút lại thông báo trả phòng ngày 31/12/2026; phòng không còn "Sắp trống".',
    });
  });
});

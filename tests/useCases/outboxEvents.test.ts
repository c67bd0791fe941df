import { BILL_STATUS, contractCreateSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, IssueDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { updateIssue } from '../../api/src/useCases/issues.js';
import { importLessees } from '../../api/src/useCases/lesseeSheets/importing.js';
import { sendDueMessages } from '../../api/src/useCases/outbox.js';
import { writeDueReminders } from '../../api/src/useCases/reminders.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aRoom } from '../support/builders.js';
import { anIssue } from '../support/issueBuilders.js';
import { aReachableTenancy, outboxMessages, type Tenancy } from '../support/notificationBuilders.js';
import { actorFor, refusal, type UseCaseHarness, landlordWithHouse } from '../support/useCaseHarness.js';
import { lesseeImportFile } from '../support/xlsx.js';

/**
 * The changes that tell a tenant something write their outbox message with the change: a bill issued,
 * an issue's new status, a new tenant account (username only), and the daily reminders (at most once).
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let tenancy: Tenancy;

beforeEach(async () => {
  // 10:00 on 20/11/2026 in Vietnam.
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  room = await aRoom(deps, house, { roomName: 'P101', price: 2_800_000 });
  tenancy = await aReachableTenancy(deps, house, room, {
    name: 'Lê Minh Tuấn',
    phoneNumber: '0987654321',
    email: 'tuan@example.vn',
  });
});
afterEach(() => h.close());

describe('a bill issued', () => {
  it('each bill of the issue tells its tenant the amount and due date, with a link to the bill', async () => {
    const other = await aRoom(deps, house, { roomName: 'P102' });
    await aReachableTenancy(deps, house, other, { name: 'Trần Thị Lan' });
    const draft = await draftHouseTicket(deps, house, '2026-11');
    const ticketID = draft.ticket?.houseTicketID as string;
    await updateHouseTicket(actorFor(deps, landlord), ticketID, { issue: true }, undefined);
    const messages = await outboxMessages(deps, 'billIssued');
    expect(messages).toHaveLength(2);
    const toTuan = messages.find((message) => message.recipient.name === 'Lê Minh Tuấn');
    const bill = await houseDocs(deps).read(house.houseID, `${tenancy.contract.contractID}_2026-11`);
    expect(bill?.type).toBe('monthlyBill');
    expect(toTuan).toMatchObject({
      houseID: house.houseID,
      subjectID: bill?.id,
      recipient: { phoneNumber: '0987654321', email: 'tuan@example.vn' },
      subject: 'Hóa đơn tháng 11/2026 – P101',
      link: `http://localhost:4280/bill/${bill?.id}`,
    });
    expect(toTuan?.body).toMatch(
      /^Chào Lê Minh Tuấn, Nhà trọ Hoa Sen đã lập hóa đơn tháng 11\/2026 – P101: [\d.]+ ₫, hạn thanh toán \d\d\/\d\d\/2026\.$/,
    );
  });
});

describe('an issue’s status', () => {
  let issue: IssueDoc;
  beforeEach(async () => {
    issue = await anIssue(deps, tenancy.contract, room, { title: 'Vòi nước rò' });
  });

  it('a new status is told to the tenant of the report, with the landlord’s answer', async () => {
    await updateIssue(
      actorFor(deps, landlord),
      issue.issueID,
      { status: 3, response: 'Đã thay vòi mới.' },
      undefined,
    );
    const [message] = await outboxMessages(deps, 'issueStatusChanged');
    expect(message).toMatchObject({
      subjectID: issue.issueID,
      recipient: { userID: tenancy.tenant.userID, phoneNumber: '0987654321' },
      subject: 'Báo cáo sự cố đã được xử lý xong',
      body: 'Báo cáo “Vòi nước rò” của phòng P101 (Nhà trọ Hoa Sen) đã được xử lý xong. Phản hồi của chủ trọ: Đã thay vòi mới.',
    });
  });

  it('only an answer changed, or a stale ETag: no message', async () => {
    await updateIssue(
      actorFor(deps, landlord),
      issue.issueID,
      { status: 1, response: 'Mai thợ đến.' },
      undefined,
    );
    expect(await outboxMessages(deps, 'issueStatusChanged')).toHaveLength(0);
    expect(
      (await refusal(updateIssue(actorFor(deps, landlord), issue.issueID, { status: 2 }, '"stale"'))).kind,
    ).toBe('stale');
    expect(await outboxMessages(deps, 'issueStatusChanged')).toHaveLength(0);
  });
});

describe('a new tenancy’s code', () => {
  it('a contract sends its representative a code to their phone only (never to the e-mail the landlord typed)', async () => {
    const free = await aRoom(deps, house, { roomName: 'P201' });
    const created = await createContract(
      actorFor(deps, landlord),
      contractCreateSchema.parse({
        roomID: free.roomID,
        startDate: '2026-12-01',
        endDate: '2027-11-30',
        deposit: 3_000_000,
        representative: {
          occupantName: 'Nguyễn Thị Lan',
          gender: 'nữ',
          phoneNumber: '0901234567',
          citizenID: '079301001234',
          email: 'lan@example.vn',
        },
        occupants: [],
        vehicles: [],
      }),
    );
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    const [message] = await outboxMessages(deps, 'tenancyLinkCode');
    expect(message).toMatchObject({
      subjectID: created.contractID,
      recipient: { name: 'Nguyễn Thị Lan', phoneNumber: '0901234567' },
      channels: ['zalo', 'sms'],
      subject: 'Xác nhận hợp đồng thuê mới',
      secret: true,
    });
    expect(message?.recipient.email).toBeUndefined();
    expect(message?.link).toMatch(/^http:\/\/localhost:4280\/tenancyLink\/[A-Za-z0-9_-]{16,}$/);
    expect(message?.body).toMatch(/Mã xác nhận: \d{6} /);
  });

  it('an import tells each new representative, in the same write as their tenancy', async () => {
    await aRoom(deps, house, { roomName: 'P301' });
    await aRoom(deps, house, { roomName: 'P302' });
    const person = (roomName: string, name: string, phone: string, citizenID: string) => ({
      room: roomName,
      name,
      gender: 'Nam',
      birth: '01/01/2000',
      phone,
      citizenID,
      hometown: 'Quảng Ngãi',
      representative: 'x',
      start: '01/01/2026',
      end: '31/12/2026',
    });
    const outcome = await importLessees(
      actorFor(deps, landlord),
      house.houseID,
      await lesseeImportFile([
        person('P301', 'Phạm Văn An', '0901111222', '079098001234'),
        person('P302', 'Võ Thị Bình', '0903333444', '079098005678'),
      ]),
    );
    expect(outcome).toMatchObject({ ok: true, contracts: 2 });
    const messages = await outboxMessages(deps, 'tenancyLinkCode');
    expect(messages.map((message) => message.recipient.phoneNumber).sort()).toEqual([
      '0901111222',
      '0903333444',
    ]);
    for (const message of messages) expect(message.body).toMatch(/Mã xác nhận: \d{6} /);
  });
});

describe('daily reminders', () => {
  async function billDue(
    dueDate: string,
    change: { status?: number; paidAmount?: number; month?: string } = {},
  ) {
    return aMonthlyBill(deps, tenancy.contract, { dueDate, month: change.month ?? '2026-10', ...change });
  }

  it('a bill due in three days or less and one a day late: one reminder each; paid or later bills none', async () => {
    const soon = await billDue('2026-11-23', { month: '2026-10' });
    const late = await billDue('2026-11-19', { month: '2026-09' });
    await billDue('2026-11-30', { month: '2026-08' });
    await billDue('2026-11-22', { month: '2026-07', status: BILL_STATUS.paid, paidAmount: 3_000_000 });
    const summary = await writeDueReminders(deps);
    expect(summary).toMatchObject({ today: '2026-11-20', billsDueSoon: 1, billsOverdue: 1, written: 2 });
    const dueSoon = await outboxMessages(deps, 'billDueSoon');
    expect(dueSoon).toEqual([
      expect.objectContaining({
        subjectID: soon.monthlyBillID,
        subject: `Nhắc thanh toán: ${soon.billName}`,
        recipient: expect.objectContaining({ phoneNumber: '0987654321' }),
      }),
    ]);
    expect(dueSoon[0]?.body).toContain('hạn 23/11/2026 (còn 3 ngày)');
    const overdue = await outboxMessages(deps, 'billOverdue');
    expect(overdue.map((message) => message.subjectID)).toEqual([late.monthlyBillID]);
  });

  it('a contract ending within thirty days gets one reminder; running again (or the next day) writes nothing more', async () => {
    const ending = await aReachableTenancy(deps, house, await aRoom(deps, house, { roomName: 'P105' }), {
      endDate: '2026-12-15',
    });
    await houseDocs<ContractDoc>(deps).replace({ ...tenancy.contract, endDate: '2027-03-01' });
    expect(await writeDueReminders(deps)).toMatchObject({ contractsEnding: 1, written: 1 });
    const [message] = await outboxMessages(deps, 'contractEnding');
    expect(message).toMatchObject({
      subjectID: ending.contract.contractID,
      subject: 'Hợp đồng thuê sắp hết hạn',
    });
    expect(message?.body).toContain('kết thúc ngày 15/12/2026 (còn 25 ngày)');
    expect(await writeDueReminders(deps)).toMatchObject({ written: 0, alreadyWritten: 1 });
    h.clock.advance(24 * 3_600_000);
    expect(await writeDueReminders(deps)).toMatchObject({ written: 0, alreadyWritten: 1 });
    expect(await outboxMessages(deps, 'contractEnding')).toHaveLength(1);
  });

  it('an extended contract is reminded again before its new end; the sender delivers reminders', async () => {
    await houseDocs<ContractDoc>(deps).replace({ ...tenancy.contract, endDate: '2026-12-01' });
    await writeDueReminders(deps);
    const current = (await houseDocs<ContractDoc>(deps).read(
      house.houseID,
      tenancy.contract.contractID,
    )) as ContractDoc;
    await houseDocs<ContractDoc>(deps).replace({ ...current, endDate: '2026-12-10' });
    expect(await writeDueReminders(deps)).toMatchObject({ written: 1 });
    expect(await sendDueMessages(deps)).toMatchObject({ attempted: 2, sent: 2 });
  });
});

/**
 * Data of the bills page's attack tests (tests/api/attack25Bills.test.ts), written straight to the store
 * so each row's facts are known when it is made: tenancies with or without a representative or a tenant
 * account, reminders at chosen times, staff accounts; and what the page must then show, worked out from
 * those facts by the rules a landlord reads on the screen, without the product's code.
 */
import { randomUUID } from 'node:crypto';
import { CONTRACT_STATUS, ROLE, type HouseMonthBillRow, type HouseMonthBills } from '@nhatro/common';
import { newOutboxMessage, type OutboxMessageInput } from '../../api/src/domain/outbox.js';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  OutboxMessageDoc,
  RoomDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { hashOneTimePassword } from '../../api/src/useCases/shared/passwords.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { TEST_PASSWORD } from './passwordHashSetup.js';
import { aContract } from './builders.js';

/** What a bill's row must show, written down when the data is made. */
export interface ExpectedRow {
  bill: MonthlyBillDoc;
  roomName: string;
  tenantName?: string;
  canRemind: boolean;
  lastRemindedOn?: string;
}

/** An account that signs in with `TEST_PASSWORD` (hashed at the one-time cost: quick to sign in). */
async function anAccount(
  deps: Deps,
  roleID: number,
  fullName: string,
  extra: Record<string, unknown> & { phoneNumber?: string; email?: string },
) {
  const { phoneNumber, email, ...rest } = extra;
  return createUser(deps, {
    username: `u${randomUUID().slice(0, 8)}`,
    password: TEST_PASSWORD,
    passwordHash: await hashOneTimePassword(TEST_PASSWORD),
    roleID: roleID as 1 | 2 | 3 | 4,
    fullName,
    ...(phoneNumber ? { phoneNumber } : {}),
    ...(email ? { email } : {}),
    extra: rest,
  });
}

/** A staff account assigned to `houseIDs` (each house lists it, as access checks). */
export async function aStaffAccount(deps: Deps, houseIDs: string[]) {
  const user = await anAccount(deps, ROLE.staff, 'Nhân viên lạ', { assignedHouseIDs: houseIDs });
  for (const houseID of houseIDs) {
    const house = (await houseDocs<HouseDoc>(deps).read(houseID, houseID)) as HouseDoc;
    await houseDocs<HouseDoc>(deps).replace({ ...house, staffIDs: [...house.staffIDs, user.userID] });
  }
  return user;
}

/** A contract on `room`, with its representative's occupant record and a tenant account if asked. */
export async function aTenancy(
  deps: Deps,
  room: RoomDoc,
  options: {
    status?: ContractDoc['status'];
    representative?: { name: string; phone?: string };
    account?: { name: string; phone?: string; email?: string };
  },
): Promise<ContractDoc> {
  const contractID = randomUUID();
  const lesseeInfoID = randomUUID();
  const { houseID, roomID } = room;
  const account = options.account
    ? await anAccount(deps, ROLE.lessee, options.account.name, {
        ...(options.account.phone ? { phoneNumber: options.account.phone } : {}),
        ...(options.account.email ? { email: options.account.email } : {}),
        houseID,
        roomID,
        contractID,
        lesseeID: lesseeInfoID,
      })
    : undefined;
  const contract = await aContract(deps, room, {
    contractID,
    status: options.status ?? CONTRACT_STATUS.active,
    endDate: '2027-06-30',
    representativeLesseeID: lesseeInfoID,
    ...(account ? { lesseeAccountID: account.userID } : {}),
  });
  if (options.representative) {
    const { name, phone } = options.representative;
    const representative: LesseeInfoDoc = {
      ...{ id: lesseeInfoID, pk: houseID, type: 'lesseeInfo', lesseeInfoID, houseID, contractID, roomID },
      occupantName: name,
      gender: 1,
      ...(phone ? { phoneNumber: phone } : {}),
      isRepresentative: true,
      status: 1,
    };
    await houseDocs(deps).create(representative);
  }
  return contract;
}

/** An outbox message about `subjectID` in `houseID`'s partition, written at `at` (returned). */
export async function anOutboxMessage(
  deps: Deps,
  houseID: string,
  subjectID: string,
  at: string,
  event: OutboxMessageInput['event'] = 'billReminder',
): Promise<string> {
  const messageID = randomUUID();
  const input = { event, houseID, recipient: { name: 'X' }, subject: 'Nhắc', body: 'Nhắc', subjectID };
  const message = newOutboxMessage(input, { now: new Date(at), messageID });
  await houseDocs<OutboxMessageDoc>(deps).create({
    ...message,
    id: messageID,
    pk: houseID,
    type: 'outboxMessage',
  });
  return at;
}

const FILTERS = ['all', 'owed', 'unpaid', 'partlyPaid', 'overdue', 'paid', 'carriedOver'] as const;
/** Nothing once carried into a later bill (status 4); else what is left of the total. */
const owedOf = (bill: MonthlyBillDoc) => (bill.status === 4 ? 0 : Math.max(0, bill.total - bill.paidAmount));
const debtOf = (bill: MonthlyBillDoc) =>
  bill.billDetails.reduce((sum, line) => sum + (line.kind === 'debt' ? line.amount : 0), 0);

/** The month's totals and the count of bills under each filter. */
export function expectedTotals(bills: readonly MonthlyBillDoc[], today: string): HouseMonthBills['totals'] {
  const owing = (bill: MonthlyBillDoc) => bill.status === 1 || bill.status === 2;
  const filters: Record<(typeof FILTERS)[number], (bill: MonthlyBillDoc) => boolean> = {
    all: () => true,
    owed: owing,
    unpaid: (bill) => bill.status === 1,
    partlyPaid: (bill) => bill.status === 2,
    overdue: (bill) => owing(bill) && bill.dueDate < today,
    paid: (bill) => bill.status === 3,
    carriedOver: (bill) => bill.status === 4,
  };
  const sum = (of: (bill: MonthlyBillDoc) => number) => bills.reduce((total, bill) => total + of(bill), 0);
  return {
    billed: sum((bill) => bill.total),
    collected: sum((bill) => bill.paidAmount),
    owed: sum(owedOf),
    carriedIn: sum(debtOf),
    carriedOut: sum((bill) => (bill.status === 4 ? bill.total - bill.paidAmount : 0)),
    counts: Object.fromEntries(FILTERS.map((name) => [name, bills.filter(filters[name]).length])) as Record<
      (typeof FILTERS)[number],
      number
    >,
  };
}

/** The row of one bill, as the page must show it. */
export function expectedRow(one: ExpectedRow, today: string): HouseMonthBillRow {
  const { bill } = one;
  return {
    monthlyBillID: bill.monthlyBillID,
    billName: bill.billName,
    billCode: bill.billCode,
    roomID: bill.roomID,
    roomName: one.roomName,
    contractID: bill.contractID,
    ...(one.tenantName ? { tenantName: one.tenantName } : {}),
    canRemind: one.canRemind,
    total: bill.total,
    paidAmount: bill.paidAmount,
    owed: owedOf(bill),
    dueDate: bill.dueDate,
    status: bill.status,
    overdue: owedOf(bill) > 0 && bill.dueDate < today,
    carriedIn: debtOf(bill),
    ...(bill.carriedToBillID ? { carriedToBillID: bill.carriedToBillID } : {}),
    ...(one.lastRemindedOn ? { lastRemindedOn: one.lastRemindedOn } : {}),
  };
}

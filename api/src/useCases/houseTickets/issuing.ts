import { BILL_MESSAGES, BILL_DUE_DAYS, BILL_STATUS, TICKET_STATUS } from '@nhatro/common';
import { monthlyBillID, addDays } from '../../domain/houseTickets.js';
import { billName, openSurplus } from '../../domain/shared/bills.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  HouseDoc,
  HouseTicketDoc,
  RoomTicketDoc,
  MonthlyBillDoc,
  ContractDoc,
  HouseScopedDoc,
} from '../../domain/shared/model.js';
import { billIssuedText } from '../../domain/shared/outboxTexts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { billCode } from '../shared/billCodes.js';
import type { Deps } from '../shared/deps.js';
import { houseDocs, listInHouse } from '../shared/houseScope.js';
import { tenantRecipients, outboxCreate } from '../shared/outboxMessages.js';
import { type Op, replaceOp, rereadTicket, runWrites } from './ticketWrites.js';
import { entityView } from '../shared/views.js';
import { sortRoomTickets } from '../shared/roomTickets.js';
import { auditOp, type Actor } from '../shared/actor.js';

/**
 * Issuing a draft: every room not excluded becomes a monthly bill, with its message to the tenant and the
 * earlier bills whose remainder it carries, all written with the ticket's last save or not at all.
 */

const MESSAGES = {
  debtChanged: (name: string) =>
    `Khoản nợ của "${name}" không còn khớp với số còn nợ của hóa đơn đó (đã được thanh toán, sửa hoặc chuyển nợ sau khi lập bảng kê): hãy tính lại bảng kê, hoặc sửa dòng nợ của phòng đã sửa tay, trước khi phát hành.`,
  debtUnknown: 'Khoản nợ chuyển sang không thuộc hợp đồng của phòng này hoặc không còn nợ.',
} as const;

/**
 * Issues `ticket` (as read, and `updated` with this request's due date) with its final room tickets:
 * the bills and the rooms this request edited, excluded or added are written together, the ticket last.
 */
export async function issueTicket(
  actor: Actor,
  house: HouseDoc,
  ticket: { before: HouseTicketDoc; updated: HouseTicketDoc },
  roomTickets: RoomTicketDoc[],
  ticketOps: Op[][],
): Promise<Record<string, unknown>> {
  const { deps } = actor;
  const groups = await issueGroups(deps, house, ticket.updated, roomTickets);
  const issuedTicket: HouseTicketDoc = {
    ...ticket.updated,
    status: TICKET_STATUS.issued,
    issuedOn: deps.now().toISOString(),
    issuedBy: actor.user.userID,
  };
  const entry = auditOp(actor, house.houseID, {
    action: 'issue',
    entity: 'houseTicket',
    entityID: ticket.before.houseTicketID,
    details: { bills: groups.created, carriedOver: groups.carried },
  });
  await runWrites(
    deps,
    house.houseID,
    ticket.before,
    [...ticketOps, ...groups.ops],
    [replaceOp(issuedTicket), entry],
    groups.billsBefore,
  );
  return issuedReply(deps, ticket.before, roomTickets, ticketOps);
}

/** The house's documents of one type whose id field is one of `ids`, 500 ids a query. */
async function byIDs<T extends HouseScopedDoc>(
  deps: Deps,
  houseID: string,
  type: T['type'],
  field: string,
  ids: readonly string[],
): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    found.push(
      ...(await listInHouse<T>(deps, houseID, type, {
        op: 'in',
        field,
        values: ids.slice(start, start + 500),
      })),
    );
  }
  return found;
}

/**
 * The bills of an issue, one group per room (the new bill, the earlier bills whose remainder it
 * carries, now status 4, and the message telling the tenant): a group is one batch, so a debt is never
 * carried without its new bill and a bill never exists without its message. A room ticket that already
 * has its bill (an issue that stopped half way) is skipped: the retry completes the issue without a
 * second bill.
 */
async function issueGroups(
  deps: Deps,
  house: HouseDoc,
  ticket: HouseTicketDoc,
  roomTickets: RoomTicketDoc[],
): Promise<{ ops: Op[][]; created: number; carried: number; billsBefore: Map<string, MonthlyBillDoc> }> {
  const billable = roomTickets.filter((doc) => !doc.excluded);
  if (billable.length === 0) throw AppError.conflict(BILL_MESSAGES.nothingToIssue);
  const pending = billable.filter((doc) => !doc.monthlyBillID);

  const debtIDs = [
    ...new Set(
      pending.flatMap((doc) =>
        doc.lines.flatMap((line) =>
          (line.kind === 'debt' || line.kind === 'credit') && line.fromBillID ? [line.fromBillID] : [],
        ),
      ),
    ),
  ];
  const oldBills = new Map<string, MonthlyBillDoc>();
  for (const bill of await byIDs<MonthlyBillDoc>(
    deps,
    house.houseID,
    'monthlyBill',
    'monthlyBillID',
    debtIDs,
  )) {
    oldBills.set(bill.monthlyBillID, bill);
  }
  const contractIDs = [...new Set(pending.map((doc) => doc.contractID))];
  const contracts = await byIDs<ContractDoc>(deps, house.houseID, 'contract', 'contractID', contractIDs);
  const recipients = await tenantRecipients(deps, house.houseID, contracts);

  const createdOn = deps.now().toISOString();
  const today = vietnamDate(deps.now());
  const carriedBy = new Map<string, string>();
  const creditedBy = new Set<string>();
  const ops: Op[][] = [];
  for (const doc of pending) {
    const id = monthlyBillID(doc.contractID, doc.month);
    const group: Op[] = [];
    const bill: MonthlyBillDoc = {
      id,
      pk: house.houseID,
      type: 'monthlyBill',
      monthlyBillID: id,
      houseID: house.houseID,
      roomID: doc.roomID,
      contractID: doc.contractID,
      houseTicketID: ticket.houseTicketID,
      month: doc.month,
      billName: billName(doc.month, doc.roomName),
      billCode: billCode(id),
      createdOn,
      dueDate: ticket.dueDate < today ? addDays(today, BILL_DUE_DAYS) : ticket.dueDate,
      total: doc.total,
      paidAmount: 0,
      status: BILL_STATUS.unpaid,
      billDetails: doc.lines,
      payments: [],
    };
    group.push({ op: 'create', doc: bill });
    const recipient = recipients.get(doc.contractID) ?? {};
    group.push(
      outboxCreate(deps, house.houseID, {
        event: 'billIssued',
        houseID: house.houseID,
        recipient,
        ...billIssuedText(bill, house.houseName, recipient, deps.config.webOrigin),
        subjectID: id,
      }),
    );
    for (const line of doc.lines) {
      if (line.kind === 'credit' && line.fromBillID) {
        const old = oldBills.get(line.fromBillID);
        if (!old || old.contractID !== doc.contractID) throw AppError.badRequest(MESSAGES.debtUnknown);
        if (!old.surplusOpen || creditedBy.has(old.monthlyBillID) || -line.amount > openSurplus(old)) {
          throw AppError.conflict(MESSAGES.debtChanged(old.billName));
        }
        creditedBy.add(old.monthlyBillID);
        // A next bill smaller than the surplus takes part of it: the rest stays open for the bill after.
        const { surplusOpen: _open, ...rest } = old;
        const taken = {
          ...rest,
          surplusTaken: (old.surplusTaken ?? 0) - line.amount,
          surplusCarriedToBillID: id,
        };
        group.push(replaceOp(openSurplus(taken) > 0 ? { ...taken, surplusOpen: true } : taken));
        continue;
      }
      if (line.kind !== 'debt' || !line.fromBillID) continue;
      const old = oldBills.get(line.fromBillID);
      if (!old || old.contractID !== doc.contractID) throw AppError.badRequest(MESSAGES.debtUnknown);
      const owed = old.total - old.paidAmount;
      const open = old.status === BILL_STATUS.unpaid || old.status === BILL_STATUS.partlyPaid;
      // The old bill's remainder is exactly its debt line (a carried-over bill takes no money after): a
      // line for less, after the old bill was corrected upward or a hand edit, would lose the difference.
      if (!open || carriedBy.has(old.monthlyBillID) || line.amount !== owed) {
        throw AppError.conflict(MESSAGES.debtChanged(old.billName));
      }
      carriedBy.set(old.monthlyBillID, id);
      group.push(replaceOp({ ...old, status: BILL_STATUS.carriedOver, carriedToBillID: id }));
    }
    ops.push(group);
  }
  return {
    ops,
    created: pending.length,
    carried: carriedBy.size,
    billsBefore: oldBills,
  };
}

/**
 * The reply of an issue, from what it just wrote rather than from a second read of every room ticket
 * and bill: only the room tickets this request rewrote are read again (for their new ETags).
 */
async function issuedReply(
  deps: Deps,
  ticket: HouseTicketDoc,
  roomTickets: RoomTicketDoc[],
  ticketOps: Op[][],
): Promise<Record<string, unknown>> {
  const container = houseDocs<HouseScopedDoc>(deps);
  const rewritten = new Set(ticketOps.flat().flatMap((op) => (op.op === 'delete' ? [] : [op.doc.id])));
  const current = await Promise.all(
    roomTickets.map(async (doc) => {
      const fresh = rewritten.has(doc.id) ? await container.read(doc.pk, doc.id) : doc;
      const latest = fresh?.type === 'roomTicket' ? fresh : doc;
      return doc.excluded ? latest : { ...latest, monthlyBillID: monthlyBillID(doc.contractID, doc.month) };
    }),
  );
  return {
    ...entityView(await rereadTicket(deps, ticket)),
    roomTickets: sortRoomTickets(current).map((doc) => entityView(doc)),
  };
}

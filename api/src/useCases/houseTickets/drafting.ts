import { BILL_MESSAGES, TICKET_STATUS } from '@nhatro/common';
import { effectiveBillingDay, houseTicketID, ticketDueDate } from '../../domain/houseTickets.js';
import { MAX_BATCH_OPS } from '../../domain/shared/batches.js';
import type { HouseDoc, HouseScopedDoc, HouseTicketDoc } from '../../domain/shared/model.js';
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import { recordAudit, type RequestOrigin } from '../shared/audit.js';
import type { Deps } from '../shared/deps.js';
import { acrossHouses, authorizeHouse, houseDocs } from '../shared/houseScope.js';
import { platformBillingDay } from '../shared/platformSettings.js';
import { houseFacts, newRoomTicket } from './facts.js';
import { AppError } from '../../domain/shared/errors.js';
import { type Actor, audit } from '../shared/actor.js';
import { requireIssuingRights } from './access.js';
import { ticketWithRoomTickets } from './reading.js';

/**
 * The monthly draft of a house (house ticket) with one room ticket per contract the month bills, and the
 * daily timer that drafts it on the billing day. Saving the landlord's edits is saving.ts, recomputing
 * recomputing.ts, issuing the bills issuing.ts, reading reading.ts.
 *
 * Costs: drafting reads a house's facts with a fixed number of queries (fees, rooms, contracts, their
 * services, occupants and vehicles, the month's readings, open bills) whatever its size, and writes in
 * batches of 100. Ids are deterministic (domain/houseTickets.ts), so nothing is read before a write to
 * find out whether it exists: a `create` that conflicts means "already there".
 */
const TIMER_ORIGIN: RequestOrigin = { ip: 'timer', userAgent: 'billingDayDrafts' };
async function billingDayOf(deps: Deps, house: HouseDoc, platformDay?: number): Promise<number> {
  return effectiveBillingDay(house, platformDay ?? (await platformBillingDay(deps)));
}

export interface DraftResult {
  ticket: HouseTicketDoc | undefined;
  /** True when this call wrote the draft; false when it was there already (or nothing to bill). */
  created: boolean;
  roomTickets: number;
}

/**
 * The draft of `month` for a house: a house ticket and one room ticket per contract the month bills
 * (not yet billed for it), lines from `computeBill`. Idempotent: an existing ticket is returned and
 * nothing is written. Room tickets are written first and the ticket last, so a run that stopped half way
 * is completed by the next one (its room tickets are overwritten with the same ids).
 */
export async function draftHouseTicket(
  deps: Deps,
  house: HouseDoc,
  month: string,
  options: { platformDay?: number } = {},
): Promise<DraftResult> {
  const container = houseDocs<HouseScopedDoc>(deps);
  const ticketID = houseTicketID(house.houseID, month);
  const existing = await container.read(house.houseID, ticketID);
  if (existing?.type === 'houseTicket') return { ticket: existing, created: false, roomTickets: 0 };

  const facts = await houseFacts(deps, house, month);
  const contracts = facts.contracts.filter((contract) => !facts.billedContracts.has(contract.contractID));
  if (contracts.length === 0) return { ticket: undefined, created: false, roomTickets: 0 };
  const billingDay = await billingDayOf(deps, house, options.platformDay);
  const ticket: HouseTicketDoc = {
    id: ticketID,
    pk: house.houseID,
    type: 'houseTicket',
    houseTicketID: ticketID,
    houseID: house.houseID,
    month,
    status: TICKET_STATUS.draft,
    createdOn: deps.now().toISOString(),
    dueDate: ticketDueDate(month, billingDay, vietnamDate(deps.now())),
  };
  const roomTickets = contracts.map((contract) => newRoomTicket(facts, ticketID, contract));
  for (let start = 0; start < roomTickets.length; start += MAX_BATCH_OPS) {
    const docs = roomTickets.slice(start, start + MAX_BATCH_OPS);
    try {
      await container.batch(
        house.houseID,
        docs.map((doc) => ({ op: 'create', doc })),
      );
    } catch (error) {
      if (!isStoreError(error, 'conflict')) throw error;
      // Someone drafted meanwhile (their ticket is the draft), or an earlier run stopped half way.
      const other = await container.read(house.houseID, ticketID);
      if (other?.type === 'houseTicket') return { ticket: other, created: false, roomTickets: 0 };
      await container.batch(
        house.houseID,
        docs.map((doc) => ({ op: 'upsert', doc })),
      );
    }
  }
  try {
    const created = await container.create(ticket);
    return { ticket: created as HouseTicketDoc, created: true, roomTickets: roomTickets.length };
  } catch (error) {
    if (!isStoreError(error, 'conflict')) throw error;
    const other = await container.read(house.houseID, ticketID);
    return { ticket: other as HouseTicketDoc, created: false, roomTickets: 0 };
  }
}

/** `POST /api/HouseTicket/Draft`: the landlord drafts now (before the billing day); idempotent. */
export async function draftHouseTicketNow(
  actor: Actor,
  input: { houseID: string; month?: string | undefined },
): Promise<{ created: boolean; ticket: Record<string, unknown> }> {
  requireIssuingRights(actor);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, input.houseID);
  const month = input.month ?? vietnamMonth(deps.now());
  const result = await draftHouseTicket(deps, house, month);
  if (!result.ticket) throw AppError.conflict(BILL_MESSAGES.nothingToIssue);
  if (result.created) {
    await audit(actor, {
      action: 'create',
      entity: 'houseTicket',
      entityID: result.ticket.houseTicketID,
      houseID: house.houseID,
      details: { month, roomTickets: result.roomTickets },
    });
  }
  return { created: result.created, ticket: await ticketWithRoomTickets(deps, result.ticket) };
}

export interface DraftRunSummary {
  month: string;
  today: string;
  /** Houses whose billing day of this month has come. */
  due: number;
  /** Houses that had this month's ticket already. */
  alreadyDrafted: number;
  drafted: Array<{ houseID: string; roomTickets: number }>;
  /** Due houses without a contract to bill this month (checked again tomorrow). */
  nothingToBill: number;
  failed: Array<{ houseID: string; error: string }>;
}

/**
 * The daily timer: every house whose billing day of this (Vietnam) month has come, today or earlier
 * (a missed day is caught up), and that has no ticket for the month gets its draft. One query over the
 * houses and one over the month's tickets, then the drafting of each house still due.
 */
export async function draftDueHouseTickets(deps: Deps): Promise<DraftRunSummary> {
  const now = deps.now();
  const month = vietnamMonth(now);
  const today = vietnamDate(now);
  const day = Number(today.slice(8, 10));
  const [platformDay, houses, tickets] = await Promise.all([
    platformBillingDay(deps),
    acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' }),
    acrossHouses<HouseTicketDoc>(deps, {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'houseTicket' },
        { op: 'eq', field: 'month', value: month },
      ],
    }),
  ]);
  const drafted = new Set(tickets.map((ticket) => ticket.houseID));
  const summary: DraftRunSummary = {
    month,
    today,
    due: 0,
    alreadyDrafted: 0,
    drafted: [],
    nothingToBill: 0,
    failed: [],
  };
  for (const house of houses) {
    if (day < effectiveBillingDay(house, platformDay)) continue;
    summary.due += 1;
    if (drafted.has(house.houseID)) {
      summary.alreadyDrafted += 1;
      continue;
    }
    try {
      const result = await draftHouseTicket(deps, house, month, {
        ...(platformDay !== undefined ? { platformDay } : {}),
      });
      if (!result.ticket) summary.nothingToBill += 1;
      else if (!result.created) summary.alreadyDrafted += 1;
      else {
        summary.drafted.push({ houseID: house.houseID, roomTickets: result.roomTickets });
        await recordAudit(deps, null, TIMER_ORIGIN, {
          action: 'create',
          entity: 'houseTicket',
          entityID: result.ticket.houseTicketID,
          houseID: house.houseID,
          details: { month, roomTickets: result.roomTickets },
        });
      }
    } catch (error) {
      // One house's failure must not stop the others; tomorrow's run tries it again.
      summary.failed.push({
        houseID: house.houseID,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return summary;
}

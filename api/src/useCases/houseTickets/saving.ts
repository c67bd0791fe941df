import {
  type HouseTicketPatchInput,
  TICKET_STATUS,
  BILL_MESSAGES,
  DEFAULT_BILL_ROUNDING,
} from '@nhatro/common';
import { lineFromInput } from '../../domain/houseTickets.js';
import { sumLines, withRounding } from '../../domain/shared/bills.js';
import { AppError } from '../../domain/shared/errors.js';
import type { RoomTicketDoc, HouseTicketDoc } from '../../domain/shared/model.js';
import { type Actor, auditOp } from '../shared/actor.js';
import { assertCurrent } from '../shared/houseScope.js';
import { requireIssuingRights, ticketForCaller } from './access.js';
import { recomputeRoomTickets } from './recomputing.js';
import { issueTicket } from './issuing.js';
import { roomTicketsOf } from '../shared/roomTickets.js';
import { ticketWithRoomTickets } from './reading.js';
import { type Op, replaceOp, runWrites, rereadTicket } from './ticketWrites.js';

/**
 * `PATCH /odata/HouseTicket`: saving a draft's edits (lines typed by hand, rooms excluded, the due date),
 * recomputing the rooms not edited by hand (recomputing.ts) and issuing the bills (issuing.ts).
 * Everything is checked and computed before the first write.
 */

const MESSAGES = {
  duplicateRoomTicket: 'Mỗi phiếu phòng chỉ được gửi một lần.',
  roomTicketIssued: 'Phiếu phòng này đã có hóa đơn: hãy phát hành lại bảng kê để hoàn tất.',
} as const;

type RoomTicketEdit = NonNullable<HouseTicketPatchInput['roomTickets']>[number];

/** The room tickets a request edits, each of this ticket, named once and not billed yet, with the edits. */
function editedRoomTickets(
  byID: ReadonlyMap<string, RoomTicketDoc>,
  edits: readonly RoomTicketEdit[],
  roundingStep: number,
): Map<string, RoomTicketDoc> {
  const seen = new Set<string>();
  const fieldErrors: Array<{ field: string; errorMessage: string }> = [];
  edits.forEach((edit, index) => {
    const field = `roomTickets.${index}.roomTicketID`;
    const current = byID.get(edit.roomTicketID);
    if (!current) fieldErrors.push({ field, errorMessage: BILL_MESSAGES.unknownRoomTicket });
    else if (seen.has(edit.roomTicketID))
      fieldErrors.push({ field, errorMessage: MESSAGES.duplicateRoomTicket });
    seen.add(edit.roomTicketID);
  });
  if (fieldErrors.length > 0) throw AppError.validation(fieldErrors);
  const next = new Map<string, RoomTicketDoc>();
  for (const edit of edits) {
    const current = byID.get(edit.roomTicketID) as RoomTicketDoc;
    if (current.monthlyBillID) throw AppError.conflict(MESSAGES.roomTicketIssued);
    const changed: RoomTicketDoc = { ...current };
    if (edit.excluded !== undefined) changed.excluded = edit.excluded;
    if (edit.lines !== undefined) {
      // The rounding line follows the lines typed: the total stays the house's round amount.
      changed.lines = withRounding(edit.lines.map(lineFromInput), roundingStep);
      changed.total = sumLines(changed.lines);
      changed.editedByHand = true;
    }
    next.set(changed.roomTicketID, changed);
  }
  return next;
}

/**
 * Saves a draft's edits (lines typed by hand, rooms excluded, the due date), recomputes the rooms not
 * edited by hand (`recompute`: after late readings; contracts new since the draft get their room
 * ticket), and issues it (`issue`): every room not excluded becomes a monthly bill, all or nothing.
 */
export async function updateHouseTicket(
  actor: Actor,
  ticketID: string,
  input: Partial<Omit<HouseTicketPatchInput, 'houseTicketID'>>,
  ifMatch: string | undefined,
): Promise<Record<string, unknown>> {
  requireIssuingRights(actor);
  const { deps } = actor;
  const { house, ticket } = await ticketForCaller(actor, ticketID);
  assertCurrent(ticket, ifMatch);
  const edits = input.roomTickets ?? [];
  const nothing =
    edits.length === 0 && input.dueDate === undefined && input.recompute !== true && input.issue !== true;
  if (nothing) return ticketWithRoomTickets(deps, ticket);
  if (ticket.status === TICKET_STATUS.issued) throw AppError.conflict(BILL_MESSAGES.alreadyIssued);

  const stored = await roomTicketsOf(deps, house.houseID, [ticket.houseTicketID]);
  const byID = new Map(stored.map((doc) => [doc.roomTicketID, doc]));
  const next = editedRoomTickets(byID, edits, house.billRounding ?? DEFAULT_BILL_ROUNDING);
  const added = input.recompute ? await recomputeRoomTickets(deps, house, ticket, byID, next) : [];
  const updatedTicket: HouseTicketDoc = {
    ...ticket,
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
  };
  const ticketOps: Op[][] = [
    ...[...next.values()].map((doc) => [replaceOp(doc)]),
    ...added.map((doc): Op[] => [{ op: 'create', doc }]),
  ];
  if (input.issue) {
    const final = [...stored.map((doc) => next.get(doc.roomTicketID) ?? doc), ...added];
    return issueTicket(actor, house, { before: ticket, updated: updatedTicket }, final, ticketOps);
  }

  const entry = auditOp(actor, house.houseID, {
    action: 'update',
    entity: 'houseTicket',
    entityID: ticket.houseTicketID,
    details: { edited: edits.length, recomputed: input.recompute === true, added: added.length },
  });
  await runWrites(deps, house.houseID, ticket, ticketOps, [replaceOp(updatedTicket), entry]);
  return ticketWithRoomTickets(deps, await rereadTicket(deps, ticket));
}

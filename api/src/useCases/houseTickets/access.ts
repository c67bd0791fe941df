import { BILLING_LEVELS, ROLE } from '@nhatro/common';
import { hasPermission } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { Actor } from '../shared/actor.js';
import { houseOfTicketID } from '../../domain/houseTickets.js';
import type { HouseDoc, HouseTicketDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { authorizeHouse, houseDocs } from '../shared/houseScope.js';

/**
 * Who may draft, save and issue (the landlord and staff with billing rights, `BILLING_LEVELS.draftAndIssue`;
 * the house itself is checked by `authorizeHouse`), who may read drafts, and a ticket by id.
 */

export function requireIssuingRights(actor: Actor): void {
  if (!hasPermission(actor.user, 'billing', BILLING_LEVELS.draftAndIssue)) throw AppError.forbidden();
}

export function requireReader(actor: Actor): void {
  // Drafts are the landlord's and staff's work; a tenant sees their bills, not the house's draft.
  if (actor.user.roleID !== ROLE.houseModerator && actor.user.roleID !== ROLE.staff) {
    throw AppError.forbidden();
  }
}

/** A ticket of a house the caller may touch, by id (`<houseID>_<month>` names its partition). */
export async function ticketForCaller(
  actor: Actor,
  ticketID: string,
): Promise<{ house: HouseDoc; ticket: HouseTicketDoc }> {
  const named = houseOfTicketID(ticketID);
  if (!named) throw AppError.notFound();
  const house = await authorizeHouse(actor.deps, actor.user, named.houseID);
  const ticket = await houseDocs<HouseScopedDoc>(actor.deps).read(house.houseID, ticketID);
  if (ticket?.type !== 'houseTicket') throw AppError.notFound();
  return { house, ticket };
}

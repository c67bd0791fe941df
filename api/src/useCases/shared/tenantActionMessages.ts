import { randomUUID } from 'node:crypto';
import { LEVEL, permissionLevel, ROLE } from '@nhatro/common';
import type { OutboxEvent, OutboxMessageInput, OutboxRecipient } from '../../domain/outbox.js';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  NotificationDoc,
  UserDoc,
} from '../../domain/shared/model.js';
import type { BatchOp } from '../../store/store.js';
import type { Actor } from './actor.js';
import { outboxCreate, tenantRecipients } from './outboxMessages.js';
import { landlordRecipient } from './receivedPayments.js';
import { roleOf } from './users.js';

/**
 * Messages about a tenant's own actions (a bill question, a notice of leaving) and their answers (issue
 * 27), written in the batch that saves the change: a retried request that finds the change already made
 * is refused before it writes, so nobody is told twice.
 */

type Text = Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;

/** How a staff member is reached: their own account's contacts. */
function staffRecipient(user: UserDoc): OutboxRecipient {
  return {
    userID: user.userID,
    ...(user.fullName ? { name: user.fullName } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
  };
}

/**
 * Who handles a house's tenants' requests: the landlord, and (with `area: 'billing'`) the staff assigned to
 * the house whose role may issue bills. Disabled accounts are left out.
 */
export async function houseTeam(
  actor: Actor,
  house: HouseDoc,
  options: { billingStaff?: boolean } = {},
): Promise<OutboxRecipient[]> {
  const team = [await landlordRecipient(actor.deps, house)];
  if (!options.billingStaff || house.staffIDs.length === 0) return team;
  const page = await actor.deps.store.container<UserDoc>('users').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'user' },
        { op: 'in', field: 'id', values: house.staffIDs },
      ],
    },
    top: house.staffIDs.length,
  });
  const staff = page.items.filter(
    (user) =>
      user.roleID === ROLE.staff &&
      !user.disabled &&
      permissionLevel(roleOf(user), 'billing') >= LEVEL.create,
  );
  staff.sort((a, b) => a.userID.localeCompare(b.userID));
  return [...team, ...staff.map(staffRecipient)];
}

/** One outbox message per member of the house's team. */
export function teamMessages(
  actor: Actor,
  house: HouseDoc,
  team: readonly OutboxRecipient[],
  message: { event: OutboxEvent; subjectID: string; text: Text },
): Array<BatchOp<HouseScopedDoc>> {
  return team
    .filter((recipient) => recipient.userID !== undefined)
    .map((recipient) =>
      outboxCreate(actor.deps, house.houseID, {
        event: message.event,
        houseID: house.houseID,
        recipient,
        ...message.text,
        subjectID: message.subjectID,
      }),
    );
}

/**
 * The tenant of `contract` is told: a notice in the app sent to their contract only (their notices page),
 * and a message through the outbox to the contract's representative.
 */
export async function tenantMessages(
  actor: Actor,
  house: HouseDoc,
  contract: ContractDoc,
  room: { roomID: string; roomName: string },
  message: { event: OutboxEvent; subjectID: string; text: Text },
): Promise<Array<BatchOp<HouseScopedDoc>>> {
  const { deps, user } = actor;
  const recipients = await tenantRecipients(deps, house.houseID, [contract]);
  const notificationID = randomUUID();
  const notice: NotificationDoc = {
    id: notificationID,
    pk: house.houseID,
    type: 'notification',
    notificationID,
    houseID: house.houseID,
    title: message.text.subject,
    body: message.text.body,
    audience: 'rooms',
    roomIDs: [room.roomID],
    roomNames: [room.roomName],
    recipients: 1,
    contractIDs: [contract.contractID],
    createdBy: user.userID,
    createdByName: user.account.fullName ?? '',
    createdOn: deps.now().toISOString(),
  };
  return [
    { op: 'create', doc: notice },
    outboxCreate(deps, house.houseID, {
      event: message.event,
      houseID: house.houseID,
      recipient: recipients.get(contract.contractID) ?? {},
      ...message.text,
      subjectID: message.subjectID,
    }),
  ];
}

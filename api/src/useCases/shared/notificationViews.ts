import { lesseeScope, type Caller } from '../../domain/shared/access.js';
import type { NotificationDoc } from '../../domain/shared/model.js';
import { entityView } from './views.js';

/**
 * A notice as every endpoint shows it (its own list, a room's expand).
 */

/** Fields only the house's landlord and staff see: who else it reached, and how many. */
export const NOTIFICATION_HOUSE_FIELDS = ['roomIDs', 'roomNames', 'recipients'] as const;

/**
 * The notice as `caller` sees it: the contracts it was sent to stay inside. A tenant sees it as sent to
 * their own room: not the other rooms it reached (a notice to the whole house names every room) nor
 * how many tenants it reached.
 */
export function notificationFields(doc: NotificationDoc, caller: Caller): Record<string, unknown> {
  const { contractIDs: _contractIDs, ...view } = entityView(doc);
  const lessee = lesseeScope(caller);
  if (!lessee) return view;
  const { roomIDs: _roomIDs, roomNames: _roomNames, recipients: _recipients, ...shared } = view;
  const at = lessee.roomID === undefined ? -1 : doc.roomIDs.indexOf(lessee.roomID);
  const roomName = doc.audience === 'rooms' && at >= 0 ? doc.roomNames[at] : undefined;
  return {
    ...shared,
    roomIDs: at >= 0 ? [doc.roomIDs[at]] : [],
    roomNames: roomName === undefined ? [] : [roomName],
  };
}

import type { NotificationDoc } from '../../domain/shared/model.js';
import { entityView } from './views.js';

/**
 * A notice as every endpoint shows it (its own list, a room's expand).
 */

/** The notice as everyone sees it: the contracts it was sent to stay inside. */
export function notificationFields(doc: NotificationDoc): Record<string, unknown> {
  const { contractIDs: _contractIDs, ...view } = entityView(doc);
  return view;
}

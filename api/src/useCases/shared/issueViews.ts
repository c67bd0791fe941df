import type { IssueDoc } from '../../domain/shared/model.js';
import type { ExpandOption } from '../../domain/shared/odata/parse.js';
import type { Deps } from './deps.js';
import { applyInMemory } from './odataQuery.js';
import { imageLinks, entityView } from './views.js';

/**
 * An issue as every endpoint shows it (its own list, a contract's or a room's expand).
 */

/** The issue as the API shows it: its photos come with short-lived read URLs (`imageURLs`). */
export async function issueEntity(
  deps: Deps,
  issue: IssueDoc,
  expand: readonly ExpandOption[] = [],
): Promise<Record<string, unknown>> {
  const imageURLs = await imageLinks(deps, 'room-images', issue.images);
  const entity: Record<string, unknown> = { ...entityView(issue), imageURLs };
  for (const option of expand) {
    // Spec §7: `issues($expand=createdBy,images)` gives the reporter and the photos as objects.
    if (option.property === 'createdBy') {
      entity.createdBy =
        applyInMemory([{ userID: issue.createdBy, fullName: issue.createdByName }], option.query)[0] ?? null;
    } else if (option.property === 'images') {
      entity.images = applyInMemory(imageURLs, option.query);
    }
  }
  return entity;
}

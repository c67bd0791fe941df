import type { IssueDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { imageLinks, entityView } from './views.js';

/**
 * An issue as every endpoint shows it (its own list, a contract's or a room's expand).
 */

/**
 * The issue as the API shows it: its photos come with short-lived read URLs (`imageURLs`). Spec §7's
 * `$expand=createdBy,images` is a navigation (useCases/shared/navigations.ts).
 */
export async function issueEntity(deps: Deps, issue: IssueDoc): Promise<Record<string, unknown>> {
  const imageURLs = await imageLinks(deps, 'room-images', issue.images);
  return { ...entityView(issue), imageURLs };
}

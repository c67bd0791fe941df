/** The Cosmos limit of operations in one transactional batch. */
export const MAX_BATCH_OPS = 100;

/**
 * Groups of operations that must stay together (a bill, its room ticket and the old bills it carries; a
 * room's tenancy) packed into batches of at most `limit` operations, in order; a group is never split.
 */
export function packBatches<T>(groups: T[][], limit: number = MAX_BATCH_OPS): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  for (const group of groups) {
    if (current.length > 0 && current.length + group.length > limit) {
      batches.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

import type { Filter, OrderBy, Scalar } from '../query.js';

/** In-memory counterparts of the store's query features, for expanded collections. */
export function valueAt(doc: object, path: string): unknown {
  // A top-level field (most orders and filters): no split, which allocated per item and comparison.
  if (!path.includes('.')) {
    return typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)[path] : undefined;
  }
  let current: unknown = doc;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Missing and `null` are one value, before every other, as SQLite orders them (both are NULL there; Cosmos
 * also puts both before every other value). Ties keep their input order. Before, each came before the
 * other, so a list holding both could sort either way round.
 */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing && bMissing ? 0 : aMissing ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

function lower(value: string): string {
  return value.toLocaleLowerCase('vi');
}

export function matches(doc: object, filter: Filter): boolean {
  switch (filter.op) {
    case 'and':
      return filter.items.every((item) => matches(doc, item));
    case 'or':
      return filter.items.some((item) => matches(doc, item));
    case 'not':
      return !matches(doc, filter.item);
    case 'exists':
      return valueAt(doc, filter.field) !== undefined;
    case 'in':
      return filter.values.includes(valueAt(doc, filter.field) as Scalar);
    case 'arrayContains': {
      const list = valueAt(doc, filter.field);
      return Array.isArray(list) && list.includes(filter.value);
    }
    case 'contains':
    case 'startswith':
    case 'endswith': {
      const subject = valueAt(doc, filter.field);
      if (typeof subject !== 'string') return false;
      const haystack = filter.ignoreCase ? lower(subject) : subject;
      const needle = filter.ignoreCase ? lower(filter.value) : filter.value;
      if (filter.op === 'contains') return haystack.includes(needle);
      return filter.op === 'startswith' ? haystack.startsWith(needle) : haystack.endsWith(needle);
    }
    default: {
      const actual = valueAt(doc, filter.field) ?? null;
      if (filter.value === null || actual === null) {
        const same = actual === filter.value;
        return filter.op === 'eq' ? same : filter.op === 'ne' ? !same : false;
      }
      const order = compare(actual, filter.value);
      switch (filter.op) {
        case 'eq':
          return order === 0;
        case 'ne':
          return order !== 0;
        case 'gt':
          return order > 0;
        case 'ge':
          return order >= 0;
        case 'lt':
          return order < 0;
        case 'le':
          return order <= 0;
      }
    }
  }
}

export function sortBy<T extends object>(items: T[], orderBy: OrderBy[]): T[] {
  if (orderBy.length === 0) return items;
  const keyed = items.map((item) => ({ item, keys: orderBy.map(({ field }) => valueAt(item, field)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < orderBy.length; i += 1) {
      const order = compare(a.keys[i], b.keys[i]);
      if (order !== 0) return orderBy[i]?.desc ? -order : order;
    }
    return 0;
  });
  return keyed.map(({ item }) => item);
}

export function project<T extends object>(item: T, select: string[] | undefined): Partial<T> {
  if (!select) return item;
  const picked: Record<string, unknown> = {};
  for (const key of select) {
    if (key in item) picked[key] = (item as Record<string, unknown>)[key];
  }
  return picked as Partial<T>;
}

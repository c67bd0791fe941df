/** The query language of the store: rules build filters, both store adapters translate them. */

export type Scalar = string | number | boolean | null;

/** Every stored document. `pk` is the partition key value (a houseID for house data). */
export interface StoredDoc {
  id: string;
  pk: string;
  _etag?: string;
  _ts?: number;
}

export type ComparisonOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

/** A filter tree that both adapters translate to their own query language. */
export type Filter =
  | { op: ComparisonOp; field: string; value: Scalar }
  | { op: 'in'; field: string; values: Scalar[] }
  | { op: 'contains' | 'startswith' | 'endswith'; field: string; value: string; ignoreCase?: boolean }
  | { op: 'arrayContains'; field: string; value: Scalar }
  | { op: 'exists'; field: string }
  | { op: 'and' | 'or'; items: Filter[] }
  | { op: 'not'; item: Filter };

/** `field` equal to `value`. */
export function eq(field: string, value: Scalar): Filter {
  return { op: 'eq', field, value };
}

/** Documents of `type` that also match every condition in `more`. */
export function ofType(type: string, ...more: Filter[]): Filter {
  const isType = eq('type', type);
  return more.length > 0 ? { op: 'and', items: [isType, ...more] } : isType;
}

export interface OrderBy {
  field: string;
  desc?: boolean;
}

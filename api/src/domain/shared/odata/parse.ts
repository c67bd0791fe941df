import type * as ODataParser from '@odata/parser';
import { MESSAGES } from '@nhatro/common';
import { AppError } from '../errors.js';
import type { ComparisonOp, Filter, OrderBy, Scalar } from '../query.js';
import { MODELS, type EntityModel, type FieldType } from './model.js';

/**
 * @odata/parser and what it loads (about 150 modules, a fifth of a cold start) are not imported with
 * every function module: the endpoint wrapper loads them before the first request (`loadODataParser`),
 * which the API bundle can split off. Parsing is for requests only; code that parses outside one (tests,
 * scripts) awaits `loadODataParser()` first.
 */
let parser: (typeof ODataParser)['defaultParser'] | undefined;

export async function loadODataParser(): Promise<void> {
  parser ??= (await import('@odata/parser')).defaultParser;
}

function odataParser(): (typeof ODataParser)['defaultParser'] {
  if (!parser) throw new Error('The OData parser is not loaded: await loadODataParser() first.');
  return parser;
}

/** A query option the client got wrong; always answered with 400 and this Vietnamese message. */
export class ODataQueryError extends AppError {
  constructor(message: string) {
    super('badRequest', message);
    this.name = 'ODataQueryError';
  }
}

export interface ExpandOption {
  property: string;
  model: EntityModel;
  query: ODataQuery;
}

export interface ODataQuery {
  filter?: Filter;
  orderBy: OrderBy[];
  top?: number;
  skip: number;
  count: boolean;
  select?: string[];
  expand: ExpandOption[];
}

export const MAX_TOP = 1000;
const SYSTEM_OPTIONS = ['$filter', '$orderby', '$top', '$skip', '$count', '$select', '$expand', '$format'];

/** The parser's syntax tree, read defensively: every node has a type, a value and its raw text. */
interface AstNode {
  type: string;
  value: unknown;
  raw: string;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && 'type' in value && 'raw' in value;
}

function asNode(value: unknown): AstNode {
  if (!isNode(value)) throw new ODataQueryError(MESSAGES.invalidQuery('cú pháp không đúng'));
  return value;
}

function field(value: object, key: string): unknown {
  return (value as Record<string, unknown>)[key];
}

const COMPARISONS: Record<string, ComparisonOp> = {
  EqualsExpression: 'eq',
  NotEqualsExpression: 'ne',
  LesserThanExpression: 'lt',
  LesserOrEqualsExpression: 'le',
  GreaterThanExpression: 'gt',
  GreaterOrEqualsExpression: 'ge',
};
const MIRRORED: Record<ComparisonOp, ComparisonOp> = {
  eq: 'eq',
  ne: 'ne',
  lt: 'gt',
  le: 'ge',
  gt: 'lt',
  ge: 'le',
};
const WRAPPERS = new Set([
  'BoolParenExpression',
  'ParenExpression',
  'CommonExpression',
  'BoolCommonExpression',
]);
const MEMBERS = new Set(['FirstMemberExpression', 'MemberExpression', 'PropertyPathExpression']);

/** Names match case-insensitively (the spec's clients write `HouseID` for `houseID`). */
function canonicalName(names: string[], wanted: string): string | undefined {
  return names.includes(wanted) ? wanted : names.find((name) => name.toLowerCase() === wanted.toLowerCase());
}

function resolveField(model: EntityModel, raw: string): { path: string; type: FieldType } {
  const name = canonicalName(Object.keys(model.fields), raw.replace(/\//g, '.'));
  const type = name === undefined ? undefined : model.fields[name];
  if (name === undefined || !type) throw new ODataQueryError(MESSAGES.unknownField(raw));
  // A second name of a field (the spec's `total` for `amount`) is read from the stored one.
  return { path: model.aliases?.[name] ?? name, type };
}

function literal(node: AstNode): { value: Scalar; kind: FieldType | 'null' } {
  const edmType = typeof node.value === 'string' ? node.value : '';
  const raw = node.raw;
  if (edmType === 'null') return { value: null, kind: 'null' };
  if (edmType === 'Edm.String') return { value: raw.slice(1, -1).replace(/''/g, "'"), kind: 'string' };
  if (edmType === 'Edm.Boolean') return { value: raw.toLowerCase() === 'true', kind: 'boolean' };
  if (edmType === 'Edm.Date' || edmType === 'Edm.DateTimeOffset') return { value: raw, kind: 'date' };
  if (edmType === 'Edm.Guid') return { value: raw, kind: 'string' };
  if (/^Edm\.(S?Byte|Int16|Int32|Int64|Decimal|Double|Single)$/.test(edmType)) {
    const number = Number(raw.replace(/[mMdDfFlL]$/, ''));
    if (!Number.isFinite(number)) throw new ODataQueryError(MESSAGES.invalidQuery(raw));
    return { value: number, kind: 'number' };
  }
  throw new ODataQueryError(MESSAGES.invalidQuery(`giá trị "${raw}" không được hỗ trợ`));
}

function compatible(fieldType: FieldType, kind: FieldType | 'null'): boolean {
  if (kind === 'null') return true;
  if (fieldType === 'date' || fieldType === 'dateTime') return kind === 'date' || kind === 'string';
  return fieldType === kind;
}

function unwrap(node: AstNode): AstNode {
  let current = node;
  while (WRAPPERS.has(current.type)) current = asNode(current.value);
  return current;
}

function memberPath(node: AstNode): { raw: string; ignoreCase: boolean } | undefined {
  const inner = unwrap(node);
  if (MEMBERS.has(inner.type)) return { raw: inner.raw, ignoreCase: false };
  if (inner.type === 'MethodCallExpression' && typeof inner.value === 'object' && inner.value !== null) {
    const method = field(inner.value, 'method');
    const parameters = field(inner.value, 'parameters');
    if (method === 'tolower' && Array.isArray(parameters) && parameters.length === 1) {
      const argument = memberPath(asNode(parameters[0]));
      return argument ? { raw: argument.raw, ignoreCase: true } : undefined;
    }
  }
  return undefined;
}

/**
 * The parser reads `not a and b` as `not (a and b)`; OData gives `not` precedence over
 * `and`/`or`, so the negation belongs to the leftmost operand of an unparenthesised chain.
 */
function negateLeftmost(operand: AstNode, model: EntityModel): Filter {
  if (operand.type === 'AndExpression' || operand.type === 'OrExpression') {
    const pair = operand.value as object;
    return {
      op: operand.type === 'AndExpression' ? 'and' : 'or',
      items: [
        negateLeftmost(asNode(field(pair, 'left')), model),
        convertFilter(asNode(field(pair, 'right')), model),
      ],
    };
  }
  return { op: 'not', item: convertFilter(operand, model) };
}

function convertFilter(node: AstNode, model: EntityModel): Filter {
  const current = unwrap(node);
  const value = current.value;
  if (current.type === 'AndExpression' || current.type === 'OrExpression') {
    const pair = value as object;
    return {
      op: current.type === 'AndExpression' ? 'and' : 'or',
      items: [
        convertFilter(asNode(field(pair, 'left')), model),
        convertFilter(asNode(field(pair, 'right')), model),
      ],
    };
  }
  if (current.type === 'NotExpression') return negateLeftmost(asNode(value), model);
  const comparison = COMPARISONS[current.type];
  if (comparison) {
    const left = asNode(field(value as object, 'left'));
    const right = asNode(field(value as object, 'right'));
    const leftMember = memberPath(left);
    const rightMember = memberPath(right);
    const [member, other, op] = leftMember
      ? [leftMember, right, comparison]
      : rightMember
        ? [rightMember, left, MIRRORED[comparison]]
        : [undefined, left, comparison];
    if (!member || member.ignoreCase) {
      throw new ODataQueryError(MESSAGES.invalidQuery('mỗi phép so sánh cần một trường và một giá trị'));
    }
    const target = resolveField(model, member.raw);
    const otherNode = unwrap(other);
    if (otherNode.type !== 'Literal') {
      throw new ODataQueryError(MESSAGES.invalidQuery('chỉ so sánh một trường với một giá trị'));
    }
    const parsed = literal(otherNode);
    if (!compatible(target.type, parsed.kind)) {
      throw new ODataQueryError(MESSAGES.invalidQuery(`giá trị không phù hợp với trường "${member.raw}"`));
    }
    return { op, field: target.path, value: parsed.value };
  }
  if (current.type === 'MethodCallExpression') {
    const method = field(value as object, 'method');
    const parameters = field(value as object, 'parameters');
    if (
      (method === 'contains' || method === 'startswith') &&
      Array.isArray(parameters) &&
      parameters.length === 2
    ) {
      const member = memberPath(asNode(parameters[0]));
      const needle = unwrap(asNode(parameters[1]));
      if (!member || needle.type !== 'Literal') {
        throw new ODataQueryError(MESSAGES.invalidQuery(`${method}(trường, 'chuỗi')`));
      }
      const target = resolveField(model, member.raw);
      const parsed = literal(needle);
      if (target.type !== 'string' || typeof parsed.value !== 'string') {
        throw new ODataQueryError(MESSAGES.invalidQuery(`${method} chỉ dùng cho trường chuỗi`));
      }
      return { op: method, field: target.path, value: parsed.value, ignoreCase: member.ignoreCase };
    }
    throw new ODataQueryError(MESSAGES.invalidQuery(`hàm "${String(method)}" không được hỗ trợ`));
  }
  throw new ODataQueryError(MESSAGES.invalidQuery(`"${current.raw}" không được hỗ trợ`));
}

function parseOption(name: string, text: string): AstNode {
  const odata = odataParser();
  try {
    const tree = asNode(odata.query(`${name}=${text}`));
    const options = field(tree.value as object, 'options');
    if (!Array.isArray(options) || options.length !== 1) throw new Error('no option');
    return asNode(options[0]);
  } catch (error) {
    if (error instanceof ODataQueryError) throw error;
    throw new ODataQueryError(MESSAGES.invalidQuery(`${name} không đúng cú pháp`));
  }
}

/**
 * How deep a `$filter` may nest: 100 levels of parentheses (the parser's time grows with the square of
 * their depth: 1 s for 1600) and 400 conditions inside one another in the condition built (`not`, and each
 * term of an `a or b or …` chain, which the parser nests): far past any real query (an `or` of 300 rooms
 * passes), well below what breaks a store (SQLite refuses an expression deeper than 1000: a 500).
 */
const MAX_PARENTHESES = 100;
const MAX_CONDITION_DEPTH = 400;
/** The parentheses `$expand` adds around its own levels (`rooms($expand=contracts(…))`), beside a filter's. */
const MAX_EXPAND_LEVELS = 20;
/** Parentheses of one `$filter` or `$expand` in all (a `contains(…)` is one pair): far past a real query. */
const MAX_PARENTHESES_IN_ALL = 500;
const TOO_DEEP = () =>
  new ODataQueryError(
    MESSAGES.invalidQuery(
      `$filter quá phức tạp (tối đa ${MAX_PARENTHESES} tầng ngoặc, ${MAX_PARENTHESES_IN_ALL} cặp ngoặc, ${MAX_CONDITION_DEPTH} điều kiện lồng nhau)`,
    ),
  );
const EXPAND_TOO_DEEP = () =>
  new ODataQueryError(
    MESSAGES.invalidQuery(
      `$expand quá phức tạp (tối đa ${MAX_PARENTHESES + MAX_EXPAND_LEVELS} tầng ngoặc, ${MAX_PARENTHESES_IN_ALL} cặp ngoặc)`,
    ),
  );

/**
 * Refuses a `$filter` or `$expand` text whose parentheses (outside its string literals; `''` closes and
 * reopens one) nest deeper than `deepest` or number more than `MAX_PARENTHESES_IN_ALL`: the parser's time
 * grows with their depth squared and with their number (70 groups 100 deep, a full URL: 0.56 s).
 */
function checkParentheses(text: string, deepest: number, refusal: () => ODataQueryError): void {
  let [depth, total, quoted] = [0, 0, false];
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    else if (!quoted && char === '(') {
      depth += 1;
      total += 1;
      if (depth > deepest || total > MAX_PARENTHESES_IN_ALL) throw refusal();
    } else if (!quoted && char === ')') depth -= 1;
  }
}

/** The filter, refused when its conditions nest deeper than `MAX_CONDITION_DEPTH`. */
function shallow(filter: Filter, depth = 1): Filter {
  if (depth > MAX_CONDITION_DEPTH) throw TOO_DEEP();
  if ('items' in filter) for (const item of filter.items) shallow(item, depth + 1);
  if ('item' in filter) shallow(filter.item, depth + 1);
  return filter;
}

function parseFilterText(text: string, model: EntityModel): Filter {
  checkParentheses(text, MAX_PARENTHESES, TOO_DEEP);
  const odata = odataParser();
  let tree: AstNode;
  try {
    tree = asNode(odata.filter(text));
  } catch {
    throw new ODataQueryError(MESSAGES.invalidQuery('$filter không đúng cú pháp'));
  }
  return shallow(convertFilter(tree, model));
}

function items(option: AstNode): AstNode[] {
  const list = field(option.value as object, 'items');
  return Array.isArray(list) ? list.map(asNode) : [];
}

function convertOrderBy(option: AstNode, model: EntityModel): OrderBy[] {
  return items(option).map((item) => {
    const value = item.value as object;
    const member = memberPath(asNode(field(value, 'expr')));
    if (!member || member.ignoreCase) throw new ODataQueryError(MESSAGES.invalidQuery('$orderby'));
    const target = resolveField(model, member.raw);
    return field(value, 'direction') === -1 ? { field: target.path, desc: true } : { field: target.path };
  });
}

function convertSelect(option: AstNode, model: EntityModel): string[] | undefined {
  const raw = items(option).map((item) => item.raw);
  if (raw.includes('*')) return undefined;
  const known = [...Object.keys(model.fields), ...Object.keys(model.navigation)];
  return raw.map((name) => {
    const canonical = canonicalName(known, name);
    if (!canonical) throw new ODataQueryError(MESSAGES.unknownField(name));
    return canonical;
  });
}

function parseCount(text: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw new ODataQueryError(MESSAGES.invalidQuery(`"${text}" không phải số nguyên không âm`));
  return Number(text);
}

/** The index just past the string literal that starts at `start` (`''` is a quote inside it). */
function literalEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === "'") {
      if (text[index + 1] !== "'") return index + 1;
      index += 1;
    }
    index += 1;
  }
  return index;
}

/**
 * @odata/parser 0.2 refuses a string literal followed by `;` among an expand's options
 * (`rooms($filter=roomName eq 'P1';$select=roomName)`), while the same filter in parentheses parses:
 * each nested `$filter` value is put in parentheses before parsing.
 */
export function parenthesiseNestedFilters(expand: string): string {
  let out = '';
  let depth = 0;
  let index = 0;
  while (index < expand.length) {
    const char = expand[index] as string;
    if (char === "'") {
      const end = literalEnd(expand, index);
      out += expand.slice(index, end);
      index = end;
      continue;
    }
    const previous = expand[index - 1];
    if (depth > 0 && (previous === '(' || previous === ';') && expand.startsWith('$filter=', index)) {
      let end = index + '$filter='.length;
      let inner = 0;
      while (end < expand.length) {
        const next = expand[end];
        if (next === "'") {
          end = literalEnd(expand, end);
          continue;
        }
        if (next === '(') inner += 1;
        else if (next === ')' && inner === 0) break;
        else if (next === ')') inner -= 1;
        else if (next === ';' && inner === 0) break;
        end += 1;
      }
      out += `$filter=(${expand.slice(index + '$filter='.length, end)})`;
      index = end;
      continue;
    }
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    out += char;
    index += 1;
  }
  return out;
}

function countFlag(text: string): boolean {
  if (text !== 'true' && text !== 'false')
    throw new ODataQueryError(MESSAGES.invalidQuery('$count phải là true hoặc false'));
  return text === 'true';
}

function convertExpand(option: AstNode, model: EntityModel): ExpandOption[] {
  return items(option).map((item) => {
    const value = item.value as object;
    const path = asNode(field(value, 'path'));
    const property = canonicalName(Object.keys(model.navigation), path.raw) ?? path.raw;
    const targetName = model.navigation[property];
    const target = targetName ? MODELS[targetName] : undefined;
    if (!target) throw new ODataQueryError(MESSAGES.unknownField(property));
    const query: ODataQuery = { orderBy: [], skip: 0, count: false, expand: [] };
    const nested = field(value, 'options');
    for (const nestedOption of Array.isArray(nested) ? nested.map(asNode) : []) {
      switch (nestedOption.type) {
        case 'Filter':
          query.filter = shallow(convertFilter(asNode(nestedOption.value), target));
          break;
        case 'OrderBy':
          query.orderBy = convertOrderBy(nestedOption, target);
          break;
        case 'Select': {
          const select = convertSelect(nestedOption, target);
          if (select) query.select = select;
          break;
        }
        case 'Top':
          query.top = Math.min(parseCount(asNode(nestedOption.value).raw), MAX_TOP);
          break;
        case 'Skip':
          query.skip = parseCount(asNode(nestedOption.value).raw);
          break;
        case 'InlineCount':
          // `rooms($count=true)`: the reply adds `rooms@odata.count`, the items matched before paging.
          query.count = countFlag(asNode(nestedOption.value).raw);
          break;
        case 'Expand':
          // rooms($expand=meters), room($expand=devices), … at any depth: each navigation expands the same way.
          query.expand = convertExpand(nestedOption, target);
          break;
        default:
          throw new ODataQueryError(
            MESSAGES.invalidQuery(`${nestedOption.raw} không được hỗ trợ trong $expand`),
          );
      }
    }
    return { property, model: target, query };
  });
}

/**
 * Reads the OData system query options of a request for one entity model.
 * Unknown options, fields, operators or values are ODataQueryErrors (400), never 500s.
 */
export function parseODataQuery(params: URLSearchParams, model: EntityModel): ODataQuery {
  const query: ODataQuery = { orderBy: [], skip: 0, count: false, expand: [] };
  for (const key of new Set(params.keys())) {
    if (key.startsWith('$') && !SYSTEM_OPTIONS.includes(key)) {
      throw new ODataQueryError(MESSAGES.invalidQuery(`tùy chọn "${key}" không được hỗ trợ`));
    }
    if (key.startsWith('$') && params.getAll(key).length > 1) {
      throw new ODataQueryError(MESSAGES.invalidQuery(`"${key}" xuất hiện nhiều lần`));
    }
  }
  const text = (name: string) => {
    const value = params.get(name);
    return value === null || value.trim() === '' ? undefined : value.trim();
  };
  const filter = text('$filter');
  if (filter) query.filter = parseFilterText(filter, model);
  const orderBy = text('$orderby');
  if (orderBy) query.orderBy = convertOrderBy(parseOption('$orderby', orderBy), model);
  const top = text('$top');
  if (top !== undefined) query.top = Math.min(parseCount(top), MAX_TOP);
  const skip = text('$skip');
  if (skip !== undefined) query.skip = parseCount(skip);
  const count = text('$count');
  if (count !== undefined) query.count = countFlag(count);
  const select = text('$select');
  if (select) {
    const fields = convertSelect(parseOption('$select', select), model);
    if (fields) query.select = fields;
  }
  const expand = text('$expand');
  if (expand) {
    // Its nested `$filter`s nest parentheses too, and the parser's time grows with the square of their depth.
    checkParentheses(expand, MAX_PARENTHESES + MAX_EXPAND_LEVELS, EXPAND_TOO_DEEP);
    query.expand = convertExpand(parseOption('$expand', parenthesiseNestedFilters(expand)), model);
  }
  const format = text('$format');
  if (format !== undefined && format !== 'json')
    throw new ODataQueryError(MESSAGES.invalidQuery('$format chỉ hỗ trợ json'));
  return query;
}

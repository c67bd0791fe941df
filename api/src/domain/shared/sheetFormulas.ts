/**
 * Formulas a spreadsheet stored without their result (openpyxl and pandas write them so): the simple
 * ones are worked out here — numbers, cells of the same sheet ($ allowed), + - * /, parentheses —
 * anything else (functions, other sheets, text) is `undefined` and the import refuses the cell by name.
 */

/** The number in a cell of the same sheet, `undefined` when it holds no number (text, an error…). */
export type CellLookup = (address: string, depth: number) => number | undefined;

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|(\$?[A-Za-z]{1,3}\$?\d{1,7})|([-+*/()]))/y;
const MAX_TOKENS = 200;

/** The value of `formula` (without its "="), or `undefined` when it is not simple arithmetic. */
export function evaluateFormula(formula: string, lookup: CellLookup, depth = 0): number | undefined {
  const tokens: string[] = [];
  const text = formula.replace(/^=/, '').trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (match === null || TOKEN.lastIndex === start) {
      if (text.slice(start).trim() === '') break;
      return undefined;
    }
    tokens.push(match[0].trim());
    if (tokens.length > MAX_TOKENS) return undefined;
  }
  let position = 0;
  const peek = () => tokens[position];
  const failed = Symbol('failed');
  const primary = (): number | typeof failed => {
    const token = tokens[position++];
    if (token === undefined) return failed;
    if (token === '-' || token === '+') {
      const inner = primary();
      return inner === failed ? failed : token === '-' ? -inner : inner;
    }
    if (token === '(') {
      const inner = sum();
      if (inner === failed || tokens[position++] !== ')') return failed;
      return inner;
    }
    if (/^\d/.test(token)) return Number(token);
    if (/^\$?[A-Za-z]/.test(token)) {
      const value = lookup(token.replace(/\$/g, '').toUpperCase(), depth + 1);
      return value === undefined ? failed : value;
    }
    return failed;
  };
  const product = (): number | typeof failed => {
    let left = primary();
    while (left !== failed && (peek() === '*' || peek() === '/')) {
      const operator = tokens[position++];
      const right = primary();
      if (right === failed || (operator === '/' && right === 0)) return failed;
      left = operator === '*' ? left * right : left / right;
    }
    return left;
  };
  const sum = (): number | typeof failed => {
    let left = product();
    while (left !== failed && (peek() === '+' || peek() === '-')) {
      const operator = tokens[position++];
      const right = product();
      if (right === failed) return failed;
      left = operator === '+' ? left + right : left - right;
    }
    return left;
  };
  if (tokens.length === 0) return undefined;
  const value = sum();
  if (value === failed || position !== tokens.length || !Number.isFinite(value)) return undefined;
  return value;
}

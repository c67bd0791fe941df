/**
 * A number as Vietnamese users and spreadsheets write it: "2.800.000", "2 800 000 ₫", "25,5",
 * "1.234,5", plain "25.5", "3,500,000" (comma thousands, two groups or more), with a currency
 * ("3.500.000 VNĐ", "3.500.000đ", "3 triệu đồng"), and the shorthands of money: "3tr5", "3.5tr",
 * "3,5 triệu", "3 triệu 5", "3 triệu rưỡi" (3.500.000), "500k", "500 nghìn", "500 ngàn" (500.000).
 * Empty text is `undefined`; anything else that is not a number is NaN, which the payload schemas
 * report as "… phải là số.". Used by the API (Excel, multipart forms) and the web forms alike.
 */
export function parseVietnameseNumber(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  const compact = value
    .normalize('NFC')
    .toLocaleLowerCase('vi')
    .replace(/[\s\u00a0]/g, '')
    .replace(/(vnđ|vnd|đồng|₫|đ)$/, '');
  if (compact === '') return undefined;
  return plainNumber(compact) ?? shorthand(compact) ?? Number.NaN;
}

function plainNumber(compact: string): number | undefined {
  if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replace(/\./g, ''));
  if (/^-?\d{1,3}(,\d{3}){2,}$/.test(compact)) return Number(compact.replace(/,/g, ''));
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(compact)) return Number(compact.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+,\d+$/.test(compact)) return Number(compact.replace(',', '.'));
  if (/^-?\d+(\.\d+)?$/.test(compact)) return Number(compact);
  return undefined;
}

const MILLION = /^(\d+)(?:[.,](\d+))?(?:tr|triệu|trieu)(\d{1,6}|rưỡi|ruoi)?$/;
const THOUSAND = /^(\d+)(?:[.,](\d+))?(?:k|nghìn|ngàn|nghin|ngan)$/;

/** "3tr5", "3.5tr", "3triệu5", "3triệurưỡi", "500k": whole đồng, or undefined. */
function shorthand(compact: string): number | undefined {
  const million = MILLION.exec(compact);
  if (million) {
    const [, whole, fraction, tail] = million as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
    ];
    if (fraction !== undefined && tail !== undefined) return undefined;
    let rest = 0;
    if (tail === 'rưỡi' || tail === 'ruoi') rest = 500_000;
    else if (tail !== undefined) rest = Number(tail.padEnd(6, '0'));
    else if (fraction !== undefined) rest = Math.round(Number(`0.${fraction}`) * 1_000_000);
    return Number(whole) * 1_000_000 + rest;
  }
  const thousand = THOUSAND.exec(compact);
  if (thousand) {
    const [, whole, fraction] = thousand as unknown as [string, string, string | undefined];
    return Math.round(Number(`${whole}.${fraction ?? '0'}`) * 1_000);
  }
  return undefined;
}

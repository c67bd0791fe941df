/**
 * A number as Vietnamese users and spreadsheets write it: "2.800.000", "2 800 000 ₫", "25,5",
 * "1.234,5" and plain "25.5". Empty text is `undefined`; anything else that is not a number is NaN,
 * which the payload schemas report as "… phải là số.". Used by the API (Excel, multipart forms)
 * and the web forms alike.
 */
export function parseVietnameseNumber(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  const compact = value.replace(/[\s\u00a0]|₫|đ|vnd/gi, '');
  if (compact === '') return undefined;
  if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replace(/\./g, ''));
  if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(compact)) return Number(compact.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+,\d+$/.test(compact)) return Number(compact.replace(',', '.'));
  if (/^-?\d+(\.\d+)?$/.test(compact)) return Number(compact);
  return Number.NaN;
}

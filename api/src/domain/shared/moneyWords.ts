const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const SCALES = ['', 'nghìn', 'triệu', 'tỷ'] as const;

function digit(value: number): string {
  return DIGITS[value] as string;
}

/**
 * One group of three digits as it is read aloud. `full` when a higher group came before it, so its
 * zero hundreds and tens are read too ("một triệu không trăm linh năm nghìn").
 */
function readGroup(group: number, full: boolean): string[] {
  const hundreds = Math.floor(group / 100);
  const tens = Math.floor((group % 100) / 10);
  const units = group % 10;
  const words: string[] = [];
  if (hundreds > 0 || full) words.push(digit(hundreds), 'trăm');
  if (tens === 0) {
    if (units > 0 && (hundreds > 0 || full)) words.push('linh');
  } else if (tens === 1) {
    words.push('mười');
  } else {
    words.push(digit(tens), 'mươi');
  }
  if (units === 0) return words;
  if (units === 1 && tens >= 2) words.push('mốt');
  else if (units === 5 && tens >= 1) words.push('lăm');
  else if (units === 4 && tens >= 2) words.push('tư');
  else words.push(digit(units));
  return words;
}

/** An amount of whole đồng in Vietnamese words, as a contract writes it: "Ba triệu năm trăm nghìn đồng". */
export function moneyInWords(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount of đồng: ${amount}`);
  if (amount === 0) return 'Không đồng';
  const words: string[] = [];
  // Billions repeat: 1.000.000.000.000 is "một nghìn tỷ".
  const billions = Math.floor(amount / 1_000_000_000);
  const rest = amount % 1_000_000_000;
  if (billions > 0) words.push(...moneyInWords(billions).split(' ').slice(0, -1), 'tỷ');
  let started = billions > 0;
  for (let scale = 2; scale >= 0; scale -= 1) {
    const group = Math.floor(rest / 1000 ** scale) % 1000;
    if (group === 0) continue;
    words.push(...readGroup(group, started));
    if (scale > 0) words.push(SCALES[scale] as string);
    started = true;
  }
  const text = [...words.map((word) => word.toLowerCase()), 'đồng'].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

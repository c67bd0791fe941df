/**
 * VietQR: the NAPAS 247 bank-transfer QR code every Vietnamese banking app scans (EMVCo
 * merchant-presented QR, NAPAS "QR switching" specification 1.5.2). The text is a list of
 * ID–length–value objects:
 *
 *   00 payload format "01" · 01 initiation "11" (static) or "12" (dynamic, with an amount)
 *   38 beneficiary { 00 "A000000727" (NAPAS) · 01 { 00 bank BIN · 01 account } · 02 "QRIBFTTA" (to an account) }
 *   53 currency "704" (VND) · 54 amount · 58 country "VN" · 62 { 08 transfer note } · 63 CRC
 *
 * The CRC is CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of everything before it including
 * "6304", as four capital hex digits. Shared by the API (bills, PDF) and the web app (bill screens).
 */

import { VIETNAM_BANKS, type VietnamBank } from './vietQrBanks.js';

/** Lowercase ASCII words: accents and đ folded, everything else a space. */
function foldWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words a bank's legal name carries that say nothing about which bank it is. */
const FILLER = new Set(['ngan', 'hang', 'nh', 'tmcp', 'tnhh', 'mtv', 'thuong', 'mai', 'co', 'phan']);

/** The words of a name without the filler at its start ("Ngân hàng TMCP …", "NH Thương mại cổ phần …"). */
function coreKey(text: string): string {
  const words = foldWords(text);
  let start = 0;
  while (start < words.length - 1 && FILLER.has(words[start] as string)) start += 1;
  return words.slice(start).join('');
}

/** Looser spellings of a key: without a trailing "bank" or "Việt Nam". */
function looseKeys(key: string): string[] {
  const keys = [key];
  for (const suffix of ['bank', 'vietnam']) {
    if (key.endsWith(suffix) && key.length > suffix.length + 1) keys.push(key.slice(0, -suffix.length));
  }
  return keys;
}

function bankKeys(bank: VietnamBank): string[] {
  return [bank.code, bank.shortName, bank.name, ...(bank.aliases ?? [])].map(coreKey);
}

/** The parts of what a landlord typed that may name the bank: "Vietcombank – CN Hà Nội", "… (Techcombank)". */
function candidates(bankName: string): string[] {
  const parts = [bankName];
  const head = bankName.split(/\s[-–—]\s|[,(]|\bchi nh[aá]nh\b|\bCN\b/i)[0];
  if (head && head !== bankName) parts.push(head);
  for (const match of bankName.matchAll(/\(([^)]+)\)/g)) if (match[1]) parts.push(match[1]);
  return parts.map(coreKey).filter(Boolean);
}

/**
 * The bank a landlord's "bank name" means: its short name, code, full Vietnamese name or a former
 * name, in any case, with or without accents, spaces or "Ngân hàng TMCP"; a 6-digit BIN works too.
 */
export function findBank(bankName: string | undefined): VietnamBank | undefined {
  if (!bankName?.trim()) return undefined;
  const bin = /\b(\d{6})\b/.exec(bankName)?.[1];
  if (bin) {
    const byBin = VIETNAM_BANKS.find((bank) => bank.bin === bin);
    if (byBin) return byBin;
  }
  const typed = candidates(bankName);
  const exact = VIETNAM_BANKS.find((bank) => bankKeys(bank).some((key) => typed.includes(key)));
  if (exact) return exact;
  const loose = typed.flatMap(looseKeys);
  return VIETNAM_BANKS.find((bank) =>
    bankKeys(bank)
      .flatMap(looseKeys)
      .some((key) => loose.includes(key)),
  );
}

/**
 * The banks a picker offers for what someone typed: every bank whose short name, code, full name, alias
 * or BIN contains the typed words (accents, case and spaces ignored), best first (a BIN or short name
 * that starts with the text before a match in the middle of a full name). Empty text gives every bank.
 */
export function searchBanks(query: string): VietnamBank[] {
  const words = foldWords(query);
  if (words.length === 0) return [...VIETNAM_BANKS];
  const joined = words.join('');
  const scored: { bank: VietnamBank; score: number }[] = [];
  for (const bank of VIETNAM_BANKS) {
    const short = [bank.shortName, bank.code, ...(bank.aliases ?? [])].map((name) =>
      foldWords(name).join(''),
    );
    const full = foldWords(bank.name);
    const fullJoined = full.join('');
    let score = 0;
    if (bank.bin.startsWith(joined)) score = 4;
    else if (short.some((name) => name.startsWith(joined))) score = 3;
    else if (short.some((name) => name.includes(joined))) score = 2;
    else if (fullJoined.includes(joined) || words.every((word) => full.some((part) => part.startsWith(word))))
      score = 1;
    if (score > 0) scored.push({ bank, score });
  }
  return scored.sort((a, b) => b.score - a.score).map(({ bank }) => bank);
}

/** Bank apps keep at most 25 characters of a QR code's transfer note. */
export const TRANSFER_NOTE_MAX = 25;

/**
 * A transfer note every bank app accepts: accents stripped, only A–Z, a–z, 0–9 and single spaces,
 * at most 25 characters.
 */
export function transferNote(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .slice(0, TRANSFER_NOTE_MAX)
    .trim();
}

/** CRC-16/CCITT-FALSE of ASCII text, as four capital hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= (text.charCodeAt(index) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99)
    throw new RangeError(`VietQR field ${id} is empty or too long`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface VietQrInput {
  /** The bank's 6-digit BIN (`findBank(name).bin`). */
  bankBin: string;
  /** Spaces, dots and dashes are dropped ("0071 000 123-456"). */
  accountNumber: string;
  /** Whole đồng; without it (or 0) the code is static and the payer types the amount. */
  amount?: number;
  /** The transfer note (made safe with `transferNote`). */
  note?: string;
}

/** The VietQR text for a transfer to a bank account. Throws a RangeError on a bad BIN, account or amount. */
export function vietQrPayload({ bankBin, accountNumber, amount, note }: VietQrInput): string {
  if (!/^\d{6}$/.test(bankBin)) throw new RangeError(`Not a bank BIN: ${bankBin}`);
  const account = accountNumber.replace(/[\s.-]/g, '');
  if (!/^[A-Za-z0-9]{1,19}$/.test(account)) throw new RangeError('Not a bank account number');
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount < 0 || amount > 9_999_999_999_999)) {
    throw new RangeError(`Not an amount of đồng: ${amount}`);
  }
  const dynamic = amount !== undefined && amount > 0;
  const safeNote = note === undefined ? '' : transferNote(note);
  const beneficiary = field(
    '38',
    field('00', 'A000000727') +
      field('01', field('00', bankBin) + field('01', account)) +
      field('02', 'QRIBFTTA'),
  );
  const body =
    field('00', '01') +
    field('01', dynamic ? '12' : '11') +
    beneficiary +
    field('53', '704') +
    (dynamic ? field('54', String(amount)) : '') +
    field('58', 'VN') +
    (safeNote ? field('62', field('08', safeNote)) : '') +
    '6304';
  return body + crc16Ccitt(body);
}

/**
 * The VietQR text for paying `amount` to the landlord's account, or `undefined` when there is nothing
 * to pay or the bank is unknown or the account number unusable (the bill is then shown without a QR).
 */
export function bankTransferQR(input: {
  bankName?: string;
  bankAccountNumber?: string;
  amount: number;
  note?: string;
}): string | undefined {
  const bank = findBank(input.bankName);
  if (!bank || !input.bankAccountNumber || input.amount <= 0) return undefined;
  try {
    return vietQrPayload({
      bankBin: bank.bin,
      accountNumber: input.bankAccountNumber,
      amount: input.amount,
      ...(input.note === undefined ? {} : { note: input.note }),
    });
  } catch {
    return undefined;
  }
}

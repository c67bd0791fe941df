import { text } from './fields.js';

/**
 * Text from outside (a Mac keyboard, a copied PDF, an Excel cell) may arrive decomposed (NFD: "a" then a
 * combining dot below) or with letters that only look Vietnamese. Everything is stored composed (NFC),
 * and person names and identity numbers refuse look-alikes.
 */

/** Every string inside a JSON-like value, composed (NFC); other values as they are. */
export function deepNFC<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => deepNFC(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key.normalize('NFC')] = deepNFC(item);
    return result as T;
  }
  return value;
}

/** Letters that look like the Vietnamese "Đ/đ" but are other letters. */
const FALSE_D: Readonly<Record<string, string>> = {
  '\u00D0': 'Ð (chữ Eth của tiếng Iceland)',
  '\u00F0': 'ð (chữ eth của tiếng Iceland)',
  '\u0189': 'Ɖ (chữ D châu Phi)',
  '\u0256': 'ɖ (chữ d châu Phi)',
  '\u018A': 'Ɗ (chữ D móc)',
  '\u0257': 'ɗ (chữ d móc)',
};

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
const FULL_WIDTH = /[\uFF01-\uFF5E]/u;

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why a person's name holds a look-alike letter (in Vietnamese, naming the field), or undefined. */
export function lookAlikeInName(label: string, value: string): string | undefined {
  const name = value.normalize('NFC');
  for (const char of name) {
    const falseD = FALSE_D[char];
    if (falseD) {
      return `${label} có chữ ${falseD}, ${codePoint(char)}, chỉ trông giống chữ "Đ/đ" tiếng Việt. Hãy gõ lại bằng bàn phím tiếng Việt.`;
    }
    if (FULL_WIDTH.test(char)) {
      return `${label} có ký tự toàn độ rộng "${char}" (${codePoint(char)}). Hãy gõ lại bằng bàn phím thường.`;
    }
  }
  if (LATIN.test(name)) {
    for (const char of name) {
      if (CYRILLIC.test(char) || GREEK.test(char)) {
        const script = CYRILLIC.test(char) ? 'chữ Kirin (Nga)' : 'chữ Hy Lạp';
        return `${label} trộn ${script} "${char}" (${codePoint(char)}) với chữ Latinh: chữ này chỉ trông giống chữ tiếng Việt. Hãy gõ lại bằng bàn phím tiếng Việt.`;
      }
    }
  }
  return undefined;
}

/** Why an identity number holds digits that only look like 0–9 (full-width, Arabic-Indic…), or undefined. */
export function lookAlikeInDigits(label: string, value: string): string | undefined {
  for (const char of value.normalize('NFC')) {
    if (/\p{Nd}/u.test(char) && !/[0-9]/.test(char)) {
      return `${label} có chữ số "${char}" (${codePoint(char)}) không phải chữ số thường 0–9 (thường do bộ gõ toàn độ rộng). Hãy gõ lại bằng chữ số thường.`;
    }
  }
  return undefined;
}

/** A person's name: required text that refuses look-alike letters. */
export const personName = (label: string, required: string, max = 100) =>
  text(required, max, `${label} tối đa ${max} ký tự.`).superRefine((value, ctx) => {
    const problem = lookAlikeInName(label, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

import { describe, expect, it } from 'vitest';
import {
  deepNFC,
  lesseeCreateSchema,
  lookAlikeInDigits,
  lookAlikeInName,
  toFieldErrors,
} from '@nhatro/common';

/** Text from outside is composed (NFC) before it is checked; names and CCCD numbers refuse look-alikes. */

const NAME = 'Phạm Hoàng Đạt';
const NFD = NAME.normalize('NFD');

describe('deepNFC', () => {
  it('composes every string of a JSON-like value, keys included, and leaves other values alone', () => {
    expect(NFD).not.toBe(NAME);
    const value = { [NFD]: NFD, list: [NFD, 3, null, { deep: NFD }], flag: true, n: 1.5 };
    const composed = deepNFC(value);
    expect(composed).toEqual({ [NAME]: NAME, list: [NAME, 3, null, { deep: NAME }], flag: true, n: 1.5 });
    expect(JSON.stringify(composed)).not.toContain('\u0323'); // no combining dot below left
    expect(deepNFC(NFD)).toBe(NAME);
    expect(deepNFC(undefined)).toBeUndefined();
  });
});

describe('lookAlikeInName', () => {
  it('accepts Vietnamese names, typed composed or decomposed', () => {
    for (const name of [
      NAME,
      NFD,
      'Nguyễn Thị Ánh Tuyết',
      "O'Brien Mary-Jane",
      'ĐẶNG VĂN ĐỨC',
      'Иван Петров',
    ]) {
      expect(lookAlikeInName('Họ tên', name), name).toBeUndefined();
    }
  });

  it.each([
    ['Ðặng Văn An', 'U+00D0'],
    ['\u0189ặng Văn An', 'U+0189'],
    ['Trần Văn ðức', 'U+00F0'],
    ['Nguyễn Vаn An', 'U+0430'], // Cyrillic а among Latin letters
    ['Lê Thị Μai', 'U+039C'], // Greek capital Mu
    ['Ｌê Văn An', 'U+FF2C'], // full-width L
  ])('refuses %s naming the field and the character %s', (name, code) => {
    const problem = lookAlikeInName('Họ tên', name);
    expect(problem).toMatch(/^Họ tên /);
    expect(problem).toContain(code);
  });
});

describe('lookAlikeInDigits and the CCCD field', () => {
  it('names full-width and other non-ASCII digits', () => {
    expect(lookAlikeInDigits('Số CCCD', '079203001234')).toBeUndefined();
    expect(lookAlikeInDigits('Số CCCD', '０７９２０３００１２３４')).toMatch(
      /^Số CCCD có chữ số "０" \(U\+FF10\)/,
    );
    expect(lookAlikeInDigits('Số CCCD', '٠٧٩٢٠٣٠٠١٢٣٤')).toContain('U+0660');
  });

  it('the lessee schema gives the look-alike message for full-width digits and the usual one for short numbers', () => {
    const base = { contractID: 'contract-1', occupantName: 'Phạm Hoàng Đạt', gender: 1 };
    const wide = lesseeCreateSchema.safeParse({ ...base, citizenID: '０７９２０３００１２３４' });
    expect(wide.success).toBe(false);
    if (!wide.success) {
      const errors = toFieldErrors(wide.error);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.field).toBe('citizenID');
      expect(errors[0]?.errorMessage).toContain('U+FF10');
    }
    const short = lesseeCreateSchema.safeParse({ ...base, citizenID: '123' });
    expect(short.success || toFieldErrors(short.error)[0]?.errorMessage).toBe(
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
    );
    const lookAlike = lesseeCreateSchema.safeParse({ ...base, occupantName: 'Ðặng Văn An' });
    expect(lookAlike.success || toFieldErrors(lookAlike.error)[0]).toMatchObject({ field: 'occupantName' });
    expect(lesseeCreateSchema.safeParse({ ...base, citizenID: '079203001234' }).success).toBe(true);
  });
});

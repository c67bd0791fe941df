// parseCitizenIdQr: the text of the QR code on the back of a chip-based CCCD, read strictly.
import { CHIP_CCCD_PLACE_OF_ISSUE, lesseeCreateSchema, parseCitizenIdQr } from '@nhatro/common';
import { describe, expect, it } from 'vitest';

const ADDRESS = '12 Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh';

/** The seven fields of a card, overridable one by one. */
function qr(
  fields: Partial<Record<'id' | 'old' | 'name' | 'birth' | 'gender' | 'address' | 'issue', string>>,
) {
  const value = {
    id: '079203004567',
    old: '272345678',
    name: 'Lê Minh Tuấn',
    birth: '14052003',
    gender: 'Nam',
    address: ADDRESS,
    issue: '20042021',
    ...fields,
  };
  return [value.id, value.old, value.name, value.birth, value.gender, value.address, value.issue].join('|');
}

describe('parseCitizenIdQr — a well-formed card', () => {
  it('reads every field, dates as yyyy-mm-dd and Nam as 1', () => {
    expect(parseCitizenIdQr(qr({}))).toEqual({
      citizenID: '079203004567',
      oldIdNumber: '272345678',
      occupantName: 'Lê Minh Tuấn',
      dateOfBirth: '2003-05-14',
      gender: 1,
      permanentResidence: ADDRESS,
      dateOfIssue: '2021-04-20',
    });
  });

  it('reads Nữ as 0, whatever the case and Unicode form (NFD from some scanners)', () => {
    expect(parseCitizenIdQr(qr({ gender: 'Nữ' }))?.gender).toBe(0);
    expect(parseCitizenIdQr(qr({ gender: 'NỮ' }))?.gender).toBe(0);
    expect(parseCitizenIdQr(qr({ gender: 'Nữ'.normalize('NFD') }))?.gender).toBe(0);
    expect(parseCitizenIdQr(qr({ gender: 'nam' }))?.gender).toBe(1);
    const nfd = parseCitizenIdQr(qr({}).normalize('NFD'));
    expect(nfd?.occupantName).toBe('Lê Minh Tuấn');
    expect(nfd?.occupantName).toBe('Lê Minh Tuấn'.normalize('NFC'));
  });

  it('tolerates an empty old number (the key is then absent) and accepts a 12-digit one', () => {
    const parsed = parseCitizenIdQr(qr({ old: '' }));
    expect(parsed).not.toBeNull();
    expect(parsed).not.toHaveProperty('oldIdNumber');
    expect(parseCitizenIdQr(qr({ old: '   ' }))).not.toHaveProperty('oldIdNumber');
    expect(parseCitizenIdQr(qr({ old: '079099001234' }))?.oldIdNumber).toBe('079099001234');
  });

  it('trims the text and every field, folds runs of spaces, drops a byte-order mark', () => {
    const padded = `\uFEFF  ${qr({ id: ' 079203004567 ', name: '  Lê   Minh\tTuấn ', address: ` ${ADDRESS}  ` })}\r\n`;
    const parsed = parseCitizenIdQr(padded);
    expect(parsed?.citizenID).toBe('079203004567');
    expect(parsed?.occupantName).toBe('Lê Minh Tuấn');
    expect(parsed?.permanentResidence).toBe(ADDRESS);
  });

  it.each([
    ['a trailing separator (eight fields)', `${qr({})}|`],
    ['an eighth field', `${qr({})}|14052043`],
    ['nine fields', `${qr({})}|14052043|Lê Văn Ba`],
    ['nine fields, the extra two empty', `${qr({})}||`],
  ])('reads the seven known fields of %s and ignores the rest', (_label, text) => {
    expect(parseCitizenIdQr(text)).toEqual(parseCitizenIdQr(qr({})));
    expect(parseCitizenIdQr(text)?.citizenID).toBe('079203004567');
  });

  it('still checks the seven known fields when more follow', () => {
    expect(parseCitizenIdQr(`${qr({ birth: '31022003' })}|14052043`)).toBeNull();
    expect(parseCitizenIdQr(`${qr({ gender: 'Khác' })}||`)).toBeNull();
  });

  it('accepts 29 February of a leap year and an issue on the birth date', () => {
    expect(parseCitizenIdQr(qr({ birth: '29022000', issue: '29022000' }))?.dateOfBirth).toBe('2000-02-29');
  });

  it('gives values the lessee schema (the server’s rules) accepts as they are', () => {
    const parsed = parseCitizenIdQr(qr({}));
    expect(parsed).not.toBeNull();
    const { oldIdNumber: _old, ...fields } = parsed as NonNullable<typeof parsed>;
    const result = lesseeCreateSchema.safeParse({
      roomID: 'room-1',
      ...fields,
      placeOfIssue: CHIP_CCCD_PLACE_OF_ISSUE,
    });
    expect(result.success).toBe(true);
  });
});

describe('parseCitizenIdQr — refuses anything else', () => {
  it.each([
    ['empty text', ''],
    ['white space', '   '],
    ['a web address', 'https://dichvucong.gov.vn/'],
    [
      'a VietQR payment code',
      '00020101021238570010A00000072701270006970436011300110123456780208QRIBFTTA53037045802VN6304ABCD',
    ],
    ['six fields', qr({}).split('|').slice(0, 6).join('|')],
    ['six fields and a trailing separator', `${qr({}).split('|').slice(0, 6).join('|')}|`],
  ])('%s', (_label, text) => {
    expect(parseCitizenIdQr(text)).toBeNull();
  });

  it('refuses a value that is not text', () => {
    expect(parseCitizenIdQr(undefined)).toBeNull();
    expect(parseCitizenIdQr(null)).toBeNull();
    expect(parseCitizenIdQr(79203004567)).toBeNull();
  });

  it.each([
    ['11 digits', '07920300456'],
    ['13 digits', '0792030045671'],
    ['the old 9-digit CMND in its place', '272345678'],
    ['a letter', '07920300456A'],
    ['spaces inside', '079 203 004 567'],
    ['empty', ''],
  ])('a CCCD number with %s', (_label, id) => {
    expect(parseCitizenIdQr(qr({ id }))).toBeNull();
  });

  it.each([
    ['8 digits', '27234567'],
    ['10 digits', '2723456789'],
    ['letters', 'CMND'],
  ])('an old number with %s', (_label, old) => {
    expect(parseCitizenIdQr(qr({ old }))).toBeNull();
  });

  it('refuses an empty name, a name with digits, one without letters or longer than 100 characters', () => {
    expect(parseCitizenIdQr(qr({ name: '' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ name: '   ' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ name: 'Lê Minh Tuấn 2' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ name: '---' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ name: 'A'.repeat(101) }))).toBeNull();
    expect(parseCitizenIdQr(qr({ name: 'A'.repeat(100) }))?.occupantName).toHaveLength(100);
  });

  it.each([
    ['31 February', '31022003'],
    ['29 February of a common year', '29021900'],
    ['month 13', '14132003'],
    ['day 00', '00052003'],
    ['yyyymmdd order', '20030514'],
    ['dd/mm/yyyy with separators', '14/05/2003'],
    ['seven digits', '1452003'],
    ['a year before 1900', '14051899'],
  ])('a birth date with %s', (_label, birth) => {
    expect(parseCitizenIdQr(qr({ birth }))).toBeNull();
  });

  it('refuses an impossible issue date and one before the birth date', () => {
    expect(parseCitizenIdQr(qr({ issue: '31042021' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ issue: '' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ birth: '14052003', issue: '13052003' }))).toBeNull();
  });

  it('refuses a gender other than Nam or Nữ', () => {
    for (const gender of ['', 'Khác', 'M', 'F', '1', '0', 'Nu', 'Name']) {
      expect(parseCitizenIdQr(qr({ gender }))).toBeNull();
    }
  });

  it('refuses an empty address or one longer than 300 characters', () => {
    expect(parseCitizenIdQr(qr({ address: '' }))).toBeNull();
    expect(parseCitizenIdQr(qr({ address: 'x'.repeat(301) }))).toBeNull();
    expect(parseCitizenIdQr(qr({ address: 'x'.repeat(300) }))?.permanentResidence).toHaveLength(300);
  });
});

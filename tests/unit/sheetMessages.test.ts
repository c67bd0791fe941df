// The wording of an import's "Lỗi" column: no "Giá thuê: Giá thuê phải là số.", no ".;".
import { describe, expect, it } from 'vitest';
import { columnMessage, problemText } from '../../api/src/domain/shared/sheetMessages.js';

describe('columnMessage', () => {
  it.each([
    ['Giá thuê', 'Giá thuê phải là số.', 'Giá thuê phải là số.'],
    ['Diện tích (m²)', 'Diện tích phải là số.', 'Diện tích phải là số.'],
    ['Số CCCD', 'số CCCD phải gồm 12 chữ số.', 'số CCCD phải gồm 12 chữ số.'],
    ['Tên phòng', 'Không được để trống.', 'Tên phòng: Không được để trống.'],
    ['Tầng', 'Phải là số nguyên.', 'Tầng: Phải là số nguyên.'],
  ])('%s + %s → %s', (header, message, expected) => {
    expect(columnMessage(header, message)).toBe(expected);
  });
});

describe('problemText', () => {
  it('joins sentences with one full stop each, never ".;"', () => {
    expect(problemText(['Giá thuê phải là số.', 'Tên phòng "A" trùng với dòng 3.'])).toBe(
      'Giá thuê phải là số. Tên phòng "A" trùng với dòng 3.',
    );
    expect(problemText(['Thiếu tên', ' Sai ngày. ', ''])).toBe('Thiếu tên. Sai ngày.');
    expect(problemText(['A.', 'B'])).not.toContain('.;');
  });
});

// The CCCD QR reader on QR images made by a real encoder (qrencode, checked with zbarimg when they were
// made: tests/fixtures/cccd/make-cccd-qr.sh). Each PNG is decoded with the web app's own jsQR path
// (web/src/components/qrDecode.ts, as for a photo) and the text read by parseCitizenIdQr.
import { parseCitizenIdQr, type CitizenIdQrData } from '@nhatro/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels, loadJsQr } from '../../web/src/components/qrDecode.js';

const FOLDER = join(import.meta.dirname, '..', 'fixtures', 'cccd');

const jsQR = await loadJsQr();

function decode(name: string): string | null {
  const png = PNG.sync.read(readFileSync(join(FOLDER, `${name}.png`)));
  return decodeQrPixels(
    jsQR,
    { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height },
    true,
  );
}

const CARD: CitizenIdQrData = {
  citizenID: '079203004567',
  oldIdNumber: '272345678',
  occupantName: 'Lê Minh Tuấn',
  dateOfBirth: '2003-05-14',
  gender: 1,
  permanentResidence: '12 Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh',
  dateOfIssue: '2021-04-20',
};
const { oldIdNumber: _old, ...CARD_WITHOUT_OLD } = CARD;

describe('CCCD QR images from a real encoder', () => {
  it.each([
    ['seven-fields', CARD],
    ['seven-fields-no-old-number', CARD_WITHOUT_OLD],
    ['trailing-separator', CARD],
    ['eight-fields', CARD],
    ['nine-fields', CARD],
    ['nine-fields-empty', CARD],
    [
      'nfd-text',
      {
        citizenID: '001199012345',
        occupantName: 'Phạm Thị Hoà',
        dateOfBirth: '2000-02-01',
        gender: 0,
        permanentResidence: 'Số 5 ngõ 3 Đội Cấn, Ba Đình, Hà Nội',
        dateOfIssue: '2021-07-15',
      },
    ],
  ] as const)('%s: decoded as encoded, the known fields read', (name, expected) => {
    const text = decode(name);
    expect(text).toBe(readFileSync(join(FOLDER, `${name}.txt`), 'utf8'));
    const parsed = parseCitizenIdQr(text);
    expect(parsed).toEqual(expected);
    // Names and addresses come out composed (NFC), whatever the code held.
    expect(parsed?.occupantName.normalize('NFC')).toBe(parsed?.occupantName);
  });

  it.each(['six-fields', 'vietqr-payment'])('%s: decoded, and refused as not a card', (name) => {
    const text = decode(name);
    expect(text).toBe(readFileSync(join(FOLDER, `${name}.txt`), 'utf8'));
    expect(parseCitizenIdQr(text)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { BLOB_CONTAINERS } from '../../api/src/blob/blobStorage.js';
import {
  BLOB_AREAS,
  newBlobName,
  parseBlobName,
  servedAs,
  sniffFileType,
  UPLOAD_EXTENSIONS,
  uploadProblem,
} from '../../api/src/domain/shared/blobNames.js';

const HOUSE = '3f0c9a52-8d1e-4c1b-9a57-2f5d1c0e7b21';
const NOW = new Date(1_763_600_000_000);

describe('BLOB_AREAS', () => {
  it('maps each container to the spec endpoint, its prefix and the permission area', () => {
    expect(BLOB_AREAS).toMatchObject({
      'contract-pdf': { endpoint: 'GetContractPDFContainerSAS', prefix: 'contract', area: 'contract' },
      'room-images': { endpoint: 'GetRoomImageContainerSAS', prefix: 'room', area: 'room' },
      'lessee-infor': { endpoint: 'GetLesseeInforContainerSAS', prefix: 'lessee', area: 'lessee' },
      'hm-registration': {
        endpoint: 'GetHMRegistrationDataContainerSAS',
        prefix: 'registration',
        area: null,
      },
      'paper-contracts': { endpoint: 'GetPaperContractStorageSAS', prefix: 'paper', area: 'contract' },
    });
    expect(UPLOAD_EXTENSIONS).toEqual(['png', 'jpg', 'pdf']);
  });
});

describe('newBlobName / parseBlobName', () => {
  it('builds <scope>/<prefix>-<timestamp>-<random>.<ext>', () => {
    expect(newBlobName('room-images', HOUSE, 'png', NOW, 'a1b2c3')).toBe(
      `${HOUSE}/room-1763600000000-a1b2c3.png`,
    );
    expect(newBlobName('contract-pdf', HOUSE, 'pdf', NOW, 'zzzzzz')).toBe(
      `${HOUSE}/contract-1763600000000-zzzzzz.pdf`,
    );
    expect(newBlobName('hm-registration', 'reg-AbC_dEf-123456', 'png', NOW, '000000')).toBe(
      'reg-AbC_dEf-123456/registration-1763600000000-000000.png',
    );
  });

  it.each(BLOB_CONTAINERS.flatMap((container) => UPLOAD_EXTENSIONS.map((ext) => [container, ext] as const)))(
    'round trip: %s .%s',
    (container, ext) => {
      const name = newBlobName(container, HOUSE, ext, NOW, 'q9w8e7');
      expect(parseBlobName(container, name)).toEqual({ scope: HOUSE });
    },
  );

  it('a name of one container is refused by every other container (prefix check)', () => {
    for (const container of BLOB_CONTAINERS) {
      const name = newBlobName(container, HOUSE, 'png', NOW, 'abcdef');
      for (const other of BLOB_CONTAINERS) {
        if (other !== container) expect(parseBlobName(other, name)).toBeUndefined();
      }
    }
  });

  it('server-side device photos live in room-images only', () => {
    const device = newBlobName('room-images', HOUSE, 'png', NOW, 'abc123', 'device');
    expect(device).toBe(`${HOUSE}/device-1763600000000-abc123.png`);
    expect(parseBlobName('room-images', device)).toEqual({ scope: HOUSE });
    for (const other of BLOB_CONTAINERS.filter((container) => container !== 'room-images')) {
      expect(parseBlobName(other, device)).toBeUndefined();
    }
  });

  it.each([
    `../${HOUSE}/room-1763600000000-abcdef.png`,
    `${HOUSE}/../room-1763600000000-abcdef.png`,
    `${HOUSE}/../../etc/room-1763600000000-abcdef.png`,
    `../room-1763600000000-abcdef.png`,
    `/${HOUSE}/room-1763600000000-abcdef.png`,
    `${HOUSE}/sub/room-1763600000000-abcdef.png`,
    `room-1763600000000-abcdef.png`,
    `${HOUSE}/room-1763600000000-abcdef.png/`,
    `${HOUSE}/room-1763600000000-abcdef.png.exe`,
    `${HOUSE}/room-1763600000000-abcdef.jpeg`,
    `${HOUSE}/room-1763600000000-abcdef.JPG`,
    `${HOUSE}/room-1763600000000-abcdef.PNG`,
    `${HOUSE}/room-1763600000000-ABCDEF.png`,
    `${HOUSE}/room-1763600000000-abcde.png`,
    `${HOUSE}/room-176360000000-abcdef.png`,
    `${HOUSE}/Room-1763600000000-abcdef.png`,
    `${HOUSE}/room_1763600000000_abcdef.png`,
    `short/room-1763600000000-abcdef.png`,
    `${'a'.repeat(65)}/room-1763600000000-abcdef.png`,
    `${HOUSE}%2F..%2Froom-1763600000000-abcdef.png`,
    `${HOUSE}\\room-1763600000000-abcdef.png`,
    `${HOUSE}/room-1763600000000-abcdef.png\n`,
    '',
  ])('rejects %j', (name) => {
    expect(parseBlobName('room-images', name)).toBeUndefined();
  });
});

describe('sniffFileType', () => {
  it('recognises PNG, JPEG and PDF by their signature, whatever the name says', () => {
    expect(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffFileType(new Uint8Array(Buffer.from('%PDF-1.7\n')))).toBe('pdf');
    expect(
      sniffFileType(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))),
    ).toBeUndefined();
    expect(sniffFileType(new Uint8Array(Buffer.from('GIF89a')))).toBeUndefined();
    expect(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });
});

describe('servedAs: how a blob is served, fixed by the server', () => {
  it('PNG as image/png, JPEG as image/jpeg and PDF as application/pdf, inline', () => {
    expect(servedAs(`${HOUSE}/room-1763600000000-abcdef.png`)).toEqual({ contentType: 'image/png' });
    expect(servedAs(`${HOUSE}/room-1763600000000-abcdef.jpg`)).toEqual({ contentType: 'image/jpeg' });
    expect(servedAs(`${HOUSE}/contract-1763600000000-abcdef.pdf`)).toEqual({
      contentType: 'application/pdf',
    });
  });

  it('anything else as a download (attachment), never as a page', () => {
    for (const name of ['x/page.html', 'x/script.js', 'x/image.svg', 'noextension']) {
      expect(servedAs(name)).toEqual({
        contentType: 'application/octet-stream',
        contentDisposition: 'attachment',
      });
    }
  });
});

describe('uploadProblem: what each area keeps', () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const PDF = new TextEncoder().encode('%PDF-1.7\n');
  const HTML = new TextEncoder().encode('<!doctype html><script>');
  const MB = 1024 * 1024;

  const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
  const photoTooLarge = (size: string) =>
    `Ảnh quá lớn (${size} MB, tối đa 2 MB cho một ảnh đã thu nhỏ). ` +
    'Vui lòng tải ảnh lên từ trang web Nhà trọ (ảnh được tự thu nhỏ) hoặc chọn ảnh nhỏ hơn.';

  it('documents the limits: photos 2 MB PNG/JPEG, papers 5 MB PNG/JPEG/PDF (photos 2 MB), contracts 10 MB', () => {
    expect(BLOB_AREAS['room-images']).toMatchObject({ maxBytes: 2 * MB, types: ['png', 'jpg'] });
    expect(BLOB_AREAS['lessee-infor']).toMatchObject({
      maxBytes: 5 * MB,
      photoMaxBytes: 2 * MB,
      types: ['png', 'jpg', 'pdf'],
    });
    expect(BLOB_AREAS['hm-registration']).toMatchObject({
      maxBytes: 5 * MB,
      photoMaxBytes: 2 * MB,
      types: ['png', 'jpg', 'pdf'],
    });
    expect(BLOB_AREAS['contract-pdf']).toMatchObject({ maxBytes: 10 * MB, types: ['pdf'] });
    expect(BLOB_AREAS['paper-contracts']).toMatchObject({ maxBytes: 10 * MB, types: ['pdf', 'png'] });
  });

  it('accepts bytes of an allowed type under the limit whose name says the same type', () => {
    expect(uploadProblem('room-images', 'h/room-1-abcdef.png', 2 * MB, PNG)).toBeUndefined();
    expect(uploadProblem('room-images', 'h/room-1-abcdef.jpg', 2 * MB, JPEG)).toBeUndefined();
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.jpg', 2 * MB, JPEG)).toBeUndefined();
    expect(uploadProblem('hm-registration', 'r/registration-1-abcdef.pdf', 100, PDF)).toBeUndefined();
    // A paper as a PDF keeps the area's 5 MB.
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.pdf', 5 * MB, PDF)).toBeUndefined();
  });

  it('refuses a photo over 2 MB (a camera original, not one the web scaled down), naming its size', () => {
    expect(uploadProblem('room-images', 'h/room-1-abcdef.jpg', 2 * MB + 1, JPEG)).toBe(photoTooLarge('2,1'));
    expect(uploadProblem('room-images', 'h/room-1-abcdef.jpg', 4.3 * MB, JPEG)).toBe(photoTooLarge('4,3'));
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.jpg', 3 * MB, JPEG)).toBe(photoTooLarge('3'));
    expect(uploadProblem('hm-registration', 'r/registration-1-abcdef.png', 2 * MB + 1, PNG)).toBe(
      photoTooLarge('2,1'),
    );
  });

  it('refuses oversize files, other types, and bytes that disagree with the name', () => {
    expect(uploadProblem('room-images', 'h/room-1-abcdef.png', 5 * MB + 1, PNG)).toBe(photoTooLarge('5,1'));
    expect(uploadProblem('hm-registration', 'r/registration-1-abcdef.png', 20 * MB, PNG)).toBe(
      'Tệp quá lớn (tối đa 5 MB).',
    );
    expect(uploadProblem('room-images', 'h/room-1-abcdef.png', 100, HTML)).toBe(
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(uploadProblem('contract-pdf', 'h/contract-1-abcdef.pdf', 100, PNG)).toBe(
      'Tệp tải lên không phải tệp PDF hợp lệ.',
    );
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.pdf', 100, PNG)).toBe(
      'Tệp tải lên không phải tệp PNG, JPEG hoặc PDF hợp lệ.',
    );
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.png', 100, HTML)).toBe(
      'Tệp tải lên không phải tệp PNG, JPEG hoặc PDF hợp lệ.',
    );
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.png', 0, new Uint8Array())).toBe(
      'Tệp tải lên trống (0 byte).',
    );
  });
});

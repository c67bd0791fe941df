import { describe, expect, it } from 'vitest';
import { BLOB_CONTAINERS } from '../../api/src/blob/blobStorage.js';
import {
  BLOB_AREAS,
  newBlobName,
  parseBlobName,
  sniffFileType,
  UPLOAD_EXTENSIONS,
} from '../../api/src/domain/blobNames.js';

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
    expect(UPLOAD_EXTENSIONS).toEqual(['png', 'pdf']);
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
    `${HOUSE}/room-1763600000000-abcdef.jpg`,
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
  it('recognises PNG and PDF by their signature, whatever the name says', () => {
    expect(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFileType(new Uint8Array(Buffer.from('%PDF-1.7\n')))).toBe('pdf');
    expect(
      sniffFileType(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))),
    ).toBeUndefined();
    expect(sniffFileType(new Uint8Array(Buffer.from('GIF89a')))).toBeUndefined();
    expect(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });
});

/**
 * Issue 21, defect 1: one request took the whole API down. The public signing route checked only a
 * PNG's header; a signature whose image data was corrupt was kept, and rendering the contract's PDF
 * then ended the Node process (pdfkit inflates such a PNG in a zlib callback and throws there, outside
 * any promise); a header followed by junk made the PDF a permanent 500; and a signed contract could
 * not be signed again. Through the real handlers, in this process: were the product to crash, this
 * file's run would report the uncaught exception and the requests after it would never answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTRACT_MESSAGES,
  type Contract,
  type FileLink,
  type GuestContractView,
  type GuestLink,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc } from '../../api/src/domain/shared/model.js';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { expectFieldError, type ODataCollection, type RoomReply } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/images');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const dataURL = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let landlord = '';
let houseID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const chunha = (await api.loginDemoUsers(['chunha'])).chunha;
  landlord = chunha?.token.accessToken as string;
  houseID = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
});
afterAll(async () => product?.stop());

/** A new contract on an empty room of Bình An and a guest link to it. */
async function contractWithLink(phoneNumber: string): Promise<{ contractID: string; token: string }> {
  const rooms = await api.request<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${houseID}`, {
    token: landlord,
  });
  const room = rooms.body.value.find((candidate) => candidate.status === 'empty') as RoomReply;
  const created = await api.request<Contract>('POST', '/odata/Contract', {
    token: landlord,
    body: {
      roomID: room.roomID,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      representative: { occupantName: 'Phan Thị Ký', gender: 'nữ', phoneNumber },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const link = await api.request<GuestLink>('POST', `/odata/Contract/${created.body.contractID}/GuestLink`, {
    token: landlord,
    body: {},
  });
  expect(link.status).toBe(200);
  return {
    contractID: created.body.contractID,
    token: new URL(link.body.url).searchParams.get('token') ?? '',
  };
}

function sign(target: { contractID: string; token: string }, png: Uint8Array) {
  return api.request<{ data: GuestContractView }>('POST', '/api/GuestContract/Sign', {
    body: { ...target, signature: dataURL(png) },
  });
}

function contractPdf(contractID: string) {
  return api.request<{ data: FileLink }>('GET', `/api/Contract/Document?contractID=${contractID}`, {
    token: landlord,
  });
}

async function stored(contractID: string): Promise<ContractDoc> {
  return (await product.services.store.container('houses').read(houseID, contractID)) as ContractDoc;
}

async function expectStillAnswering(): Promise<void> {
  const health = await api.request('GET', '/api/health');
  expect(health.status).toBe(200);
}

describe('a drawn signature is decoded before it is kept', () => {
  const REFUSED = [
    ['image data that is not zlib (the crash)', 'corrupt-idat.png', CONTRACT_MESSAGES.signatureDamaged],
    ['image data flipped in the middle', 'flipped-idat.png', CONTRACT_MESSAGES.signatureDamaged],
    [
      'a header followed by junk (the permanent 500)',
      'header-then-junk.png',
      CONTRACT_MESSAGES.signatureDamaged,
    ],
    ['a PNG cut short', 'truncated.png', CONTRACT_MESSAGES.signatureDamaged],
    ['a 50000×50000 header over a few bytes', 'bomb-50000x50000.png', CONTRACT_MESSAGES.signatureTooLarge],
    ['a PNG with a ZIP after IEND', 'polyglot-png-zip.png', CONTRACT_MESSAGES.signatureForeign],
    ['a JPEG sent as PNG', 'photo-baseline.jpg', CONTRACT_MESSAGES.signatureInvalid],
  ] as const;

  it('refuses each broken signature with a 400 naming what is wrong, keeps nothing, and the API stays up', async () => {
    const target = await contractWithLink('0977555001');
    const before = await stored(target.contractID);
    const blobsBefore = await blobNames();
    for (const [label, file, message] of REFUSED) {
      const reply = await sign(target, fixture(file));
      expectFieldError(reply, 'signature', message);
      expect((await stored(target.contractID))._etag, label).toBe(before._etag);
      expect(await blobNames(), label).toEqual(blobsBefore);
      await expectStillAnswering();
    }
    // The contract renders, and can still be signed with a real drawing.
    expect((await contractPdf(target.contractID)).status).toBe(200);
    const signed = await sign(target, fixture('signature-rgba.png'));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const document = await contractPdf(target.contractID);
    expect(document.status, JSON.stringify(document.body)).toBe(200);
    const pdf = Buffer.from(await (await fetch(document.body.data.url)).arrayBuffer());
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });
});

async function blobNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const blob of product.services.blobs.list('contract-pdf')) names.push(blob.name);
  return names.sort();
}

describe('a contract already holding an unusable signature (kept before signatures were decoded)', () => {
  /** Puts the bytes in as the signature the way the old route did: blob, name and date on the contract. */
  async function keepSignatureAsBefore(contractID: string, png: Uint8Array): Promise<string> {
    const blobName = `${houseID}/signature-1767225600000-${contractID
      .slice(0, 6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'a')}.png`;
    await product.services.blobs.upload('contract-pdf', blobName, png, 'image/png');
    await product.services.store.container('houses').patch(houseID, contractID, [
      { op: 'set', path: '/representativeLesseeSignature', value: blobName },
      { op: 'set', path: '/representativeLesseeSignedOn', value: '2026-01-01T00:00:00.000Z' },
    ]);
    return blobName;
  }

  for (const [label, file, phone] of [
    ['corrupt image data (crashed the process)', 'corrupt-idat.png', '0977555002'],
    ['a header and then junk (a permanent 500)', 'header-then-junk.png', '0977555003'],
  ] as const) {
    it(`${label}: the PDF renders unsigned, the signature is discarded with an audit entry, and the guest signs again`, async () => {
      const target = await contractWithLink(phone);
      const blobName = await keepSignatureAsBefore(target.contractID, fixture(file));

      const document = await contractPdf(target.contractID);
      expect(document.status, JSON.stringify(document.body)).toBe(200);
      await expectStillAnswering();
      const pdf = Buffer.from(await (await fetch(document.body.data.url)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);

      const contract = await stored(target.contractID);
      expect(contract.representativeLesseeSignature).toBeUndefined();
      expect(contract.representativeLesseeSignedOn).toBeUndefined();
      expect(await product.services.blobs.blobExists('contract-pdf', blobName)).toBe(false);
      const audit = await product.services.store.container('audit').query({
        filter: { op: 'eq', field: 'entityID', value: target.contractID },
        top: 50,
      });
      expect(audit.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'discardSignature',
            details: expect.objectContaining({
              blobName,
              signedOn: '2026-01-01T00:00:00.000Z',
              fault: 'damaged',
            }),
          }),
        ]),
      );

      const view = await api.request<{ data: GuestContractView }>(
        'GET',
        `/api/GuestContract?contractID=${target.contractID}&token=${target.token}`,
      );
      expect(view.status).toBe(200);
      expect(view.body.data.signedOn).toBeUndefined();
      const signed = await sign(target, fixture('signature-rgba.png'));
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      const resigned = await contractPdf(target.contractID);
      expect(resigned.status).toBe(200);
      expect(resigned.body.data.blobName).not.toBe(document.body.data.blobName);
      const signedPdf = Buffer.from(await (await fetch(resigned.body.data.url)).arrayBuffer());
      expect(signedPdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    });
  }

  it('a signature whose blob is gone counts as unsigned too: the guest page offers signing again', async () => {
    const target = await contractWithLink('0977555004');
    const blobName = await keepSignatureAsBefore(target.contractID, fixture('signature-rgba.png'));
    await product.services.blobs.delete('contract-pdf', blobName);
    const view = await api.request<{ data: GuestContractView }>(
      'GET',
      `/api/GuestContract?contractID=${target.contractID}&token=${target.token}`,
    );
    expect(view.body.data.signedOn).toBeUndefined();
    expect((await sign(target, fixture('signature-rgba.png'))).status).toBe(200);
  });

  it('a usable signature kept before stays: the contract is not signed twice', async () => {
    const target = await contractWithLink('0977555005');
    await keepSignatureAsBefore(target.contractID, fixture('signature-rgba.png'));
    expect((await contractPdf(target.contractID)).status).toBe(200);
    const again = await sign(target, fixture('signature-rgba.png'));
    expect(again.status).toBe(409);
    expect((again.body as unknown as { errorMessage: string }).errorMessage).toBe(
      CONTRACT_MESSAGES.alreadySigned,
    );
  });
});

/**
 * Handover records (issue 27 §2) through the real handlers: the whole journey (the landlord writes,
 * adds a photo and signs, the tenant signs through the link, both download the PDF, whose text is the
 * Vietnamese record), and the routes attacked: another landlord, the tenant on the landlord's routes,
 * a tenant of another house, forged and foreign links, hostile bodies and files, a locked record.
 * Every reply is well formed, every refusal Vietnamese, and a refusal changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileLink, GuestHandoverView, HandoverList, HandoverView } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandoverDoc } from '../../api/src/domain/shared/model.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { pdfText } from '../support/pdfText.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { checkedSender, contractInBinhAn } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/images');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const SIGNATURE = `data:image/png;base64,${Buffer.from(fixture('signature-rgba.png')).toString('base64')}`;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
/** A contract chunha made in Bình An: not the demo tenant's house. */
let otherContract = '';

const send = checkedSender(() => api, token);

const records = async () =>
  JSON.stringify(
    (await listInHouse<HandoverDoc>(product.services, tenancy.houseID, 'handover')).map(
      ({ _etag: _e, _ts: _t, ...doc }) => doc,
    ),
  );

function photoForm(name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('Images', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  return form;
}

async function moveInBody(contractID: string, over: Record<string, unknown> = {}) {
  const list = await send<HandoverList>('GET', `/api/Handover?contractID=${contractID}`, { user: 'chunha' });
  expect(list.status).toBe(200);
  const { electricityIndex, waterIndex, devices } = list.body.prefill.moveIn;
  return {
    contractID,
    kind: 'moveIn',
    handoverDate: '2026-11-20',
    electricityIndex,
    waterIndex,
    keyCount: 2,
    keyNote: 'Chìa phòng và chìa cổng',
    devices: devices.map((device) => ({ deviceID: device.deviceID, state: device.state })),
    ...over,
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  const binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID;
  const other = await contractInBinhAn(send, binhAn ?? '', {
    occupantName: 'Người thuê khác nhà',
    phoneNumber: '0977555001',
  });
  otherContract = other.contractID;
}, 60_000);
afterAll(() => product?.stop());

describe('a handover record through the API', () => {
  it('the landlord writes and signs it, the tenant signs by the link, both read the Vietnamese PDF', async () => {
    const saved = await send<{ data: HandoverView }>('POST', '/api/Handover', {
      user: 'chunha',
      body: await moveInBody(tenancy.contractID),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const handoverID = saved.body.data.handoverID;
    const photo = await send<{ data: HandoverView }>('POST', `/api/Handover/${handoverID}/Photos`, {
      user: 'chunha',
      rawBody: photoForm('phong.jpg', fixture('photo-baseline.jpg')),
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.data.imageURLs).toHaveLength(1);
    const signed = await send<{ data: HandoverView }>('POST', `/api/Handover/${handoverID}/Sign`, {
      user: 'chunha',
      body: { signature: SIGNATURE },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const link = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    const guestToken = new URL(link.body.url).searchParams.get('token') ?? '';
    const read = await send<{ data: GuestHandoverView }>(
      'GET',
      `/api/GuestHandover?handoverID=${handoverID}&token=${encodeURIComponent(guestToken)}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.handover.lessorSignedOn).toBeTruthy();
    const guestSigned = await send<{ data: GuestHandoverView }>('POST', '/api/GuestHandover/Sign', {
      body: { handoverID, token: guestToken, signature: SIGNATURE },
    });
    expect(guestSigned.status, JSON.stringify(guestSigned.body)).toBe(200);
    expect(guestSigned.body.data.handover.locked).toBe(true);

    const forTenant = await send<{ data: FileLink }>('GET', `/api/Handover/${handoverID}/Document`, {
      user: 'nguoithue',
    });
    expect(forTenant.status).toBe(200);
    const pdf = new Uint8Array(await (await fetch(forTenant.body.data.url)).arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('BIÊN BẢN BÀN GIAO PHÒNG');
    expect(text).toContain('(Nhận phòng)');
    expect(text).toContain('Chìa phòng và chìa cổng');
    expect(text).toContain('Đã ký điện tử ngày');

    const before = await records();
    const locked = await send('POST', '/api/Handover', {
      user: 'chunha',
      body: await moveInBody(tenancy.contractID, { keyCount: 5 }),
    });
    expect(locked.status).toBe(409);
    const lockedPhoto = await send('POST', `/api/Handover/${handoverID}/Photos`, {
      user: 'chunha',
      rawBody: photoForm('phong.jpg', fixture('photo-baseline.jpg')),
    });
    expect(lockedPhoto.status).toBe(409);
    expect(await records()).toBe(before);
  });
});

describe('the handover routes, attacked', () => {
  let handoverID = '';
  beforeAll(async () => {
    const saved = await send<{ data: HandoverView }>('POST', '/api/Handover', {
      user: 'chunha',
      body: { ...(await moveInBody(tenancy.contractID)), kind: 'moveOut', handoverDate: '2026-11-21' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    handoverID = saved.body.data.handoverID;
  });

  it('another landlord reaches nothing; the tenant writes nothing; a tenant of another house reads nothing', async () => {
    const before = await records();
    const body = await moveInBody(tenancy.contractID, { kind: 'moveOut', keyCount: 9 });
    for (const [user, statuses] of [
      ['chunha2', [404]],
      ['nguoithue', [403]],
    ] as const) {
      const replies = [
        await send('POST', '/api/Handover', { user, body }),
        await send('POST', `/api/Handover/${handoverID}/Sign`, { user, body: { signature: SIGNATURE } }),
        await send('POST', `/api/Handover/${handoverID}/GuestLink`, { user, body: {} }),
        await send('POST', `/api/Handover/${handoverID}/Photos`, {
          user,
          rawBody: photoForm('a.jpg', fixture('photo-baseline.jpg')),
        }),
      ];
      for (const reply of replies) expect(statuses as readonly number[]).toContain(reply.status);
    }
    expect(
      (await send('GET', `/api/Handover?contractID=${tenancy.contractID}`, { user: 'chunha2' })).status,
    ).toBe(404);
    expect((await send('GET', `/api/Handover/${handoverID}/Document`, { user: 'chunha2' })).status).toBe(404);
    expect(
      (await send('GET', `/api/Handover?contractID=${otherContract}`, { user: 'nguoithue' })).status,
    ).toBe(404);
    expect(
      (await send('GET', `/api/Handover/${otherContract}-moveIn/Document`, { user: 'nguoithue' })).status,
    ).toBe(404);
    expect(await records()).toBe(before);
  });

  it('hostile bodies and files are 400s in Vietnamese that change nothing', async () => {
    const before = await records();
    const base = await moveInBody(tenancy.contractID, { kind: 'moveOut' });
    const bodies: unknown[] = [
      { ...base, electricityIndex: -1 },
      { ...base, electricityIndex: 0 },
      { ...base, waterIndex: '12' },
      { ...base, keyCount: 1.5 },
      { ...base, handoverDate: '2026-02-30' },
      { ...base, kind: 'moveAround' },
      { ...base, note: 'x'.repeat(5000) },
      { ...base, devices: [{ deviceID: 'khong-co-thiet-bi', state: 'good' }] },
      { ...base, devices: [{ deviceID: 'abcdef', state: 'nát' }] },
      { ...base, keptPhotos: ['../../etc/passwd'] },
      { ...base, extra: true },
      { ...base, contractID: '../../x' },
    ];
    for (const body of bodies) {
      const reply = await send('POST', '/api/Handover', { user: 'chunha', body });
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    for (const name of [
      'wrong-type.gif',
      'html-named.png',
      'truncated.jpg',
      'bomb-50000x50000.png',
      'paper.pdf',
    ]) {
      const reply = await send('POST', `/api/Handover/${handoverID}/Photos`, {
        user: 'chunha',
        rawBody: photoForm(name, fixture(name)),
      });
      expect(reply.status, name).toBe(400);
    }
    const notPng = `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`;
    expect(
      (
        await send('POST', `/api/Handover/${handoverID}/Sign`, {
          user: 'chunha',
          body: { signature: notPng },
        })
      ).status,
    ).toBe(400);
    expect(await records()).toBe(before);
  });

  it('a forged, foreign or replaced link opens nothing and signs nothing', async () => {
    const first = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    const second = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
    const contractLink = await send<{ url: string }>(
      'POST',
      `/odata/Contract/${tenancy.contractID}/GuestLink`,
      {
        user: 'chunha',
        body: {},
      },
    );
    const before = await records();
    for (const guestToken of [
      tokenOf(first.body.url),
      tokenOf(contractLink.body.url),
      `${tokenOf(second.body.url).slice(0, -4)}AAAA`,
      'khong.phai.token-that-cua-lien-ket',
    ]) {
      const read = await send(
        'GET',
        `/api/GuestHandover?handoverID=${handoverID}&token=${encodeURIComponent(guestToken)}`,
      );
      expect(read.status).toBe(404);
      const sign = await send('POST', '/api/GuestHandover/Sign', {
        body: { handoverID, token: guestToken, signature: SIGNATURE },
      });
      expect(sign.status).toBe(404);
    }
    const elsewhere = await send(
      'GET',
      `/api/GuestHandover?handoverID=${otherContract}-moveIn&token=${encodeURIComponent(tokenOf(second.body.url))}`,
    );
    expect(elsewhere.status).toBe(404);
    expect(await records()).toBe(before);
  });
});

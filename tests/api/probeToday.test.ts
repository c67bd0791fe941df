/**
 * The day's routes attacked through the real handlers: another landlord with this landlord's ids, a
 * tenant on the collectors' routes, anonymous callers, tenancy-link codes guessed and replayed, and a
 * careless user's inputs (bad filters, deep `$expand`, double clicks). Every reply is well formed, a
 * refusal changes nothing, and the process answers its health check at the end.
 */
import { TENANCY_LINK_MESSAGES, type BillReminderResult } from '@nhatro/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyBillDoc } from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { outboxMessages } from '../support/notificationBuilders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { linkCodeSent } from '../support/tenancyLinks.js';
import { expectError, expectWellFormed, MSG } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let bill: MonthlyBillDoc;
const MONTH = '2025-04';

/** Requests and their outcome per probe family, for the report at the end. */
const tally = new Map<string, { requests: number; client: number; server: number }>();

async function send<T = unknown>(
  family: string,
  method: string,
  path: string,
  options: { user?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const reply = await api.request<T>(method, path, {
    ...(options.user ? { token: token[options.user] as string } : {}),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const counts = tally.get(family) ?? { requests: 0, client: 0, server: 0 };
  counts.requests += 1;
  if (reply.status >= 400 && reply.status < 500) counts.client += 1;
  if (reply.status >= 500) counts.server += 1;
  tally.set(family, counts);
  expectWellFormed(reply, `${method} ${path}`);
  return reply;
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  bill = await aMonthlyBill(product.services, tenancy, {
    month: MONTH,
    billName: 'Hóa đơn tháng 04/2025 – dò',
    dueDate: '2025-04-25',
  });
});
afterAll(() => {
  for (const [family, counts] of tally) console.info(`probeToday ${family}: ${JSON.stringify(counts)}`);
  return product?.stop();
});

async function billNow(): Promise<MonthlyBillDoc> {
  return (await product.services.store
    .container<MonthlyBillDoc>('houses')
    .read(tenancy.houseID, bill.monthlyBillID)) as MonthlyBillDoc;
}

async function loginStatus(username: string, password: string): Promise<number> {
  return (await send('tenancyLink', 'POST', '/api/User/Login', { body: { username, password } })).status;
}

async function aPendingContract(roomName: string, phoneNumber: string): Promise<string> {
  const room = await send<{ roomID: string }>('setup', 'POST', '/odata/Room', {
    user: 'chunha',
    body: {
      houseID: tenancy.houseID,
      roomName,
      acreage: 18,
      floor: 1,
      price: 2_500_000,
      currentElectricityIndex: 0,
      currentWaterIndex: 0,
    },
  });
  expect(room.status, JSON.stringify(room.body)).toBe(201);
  const contract = await send<{ contractID: string }>('setup', 'POST', '/odata/Contract', {
    user: 'chunha',
    body: {
      roomID: room.body.roomID,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      deposit: 2_500_000,
      representative: { occupantName: `Người dò ${roomName}`, gender: 'nam', phoneNumber },
    },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  return contract.body.contractID;
}

describe('another landlord with this landlord’s ids', () => {
  it('gets 404 on every new route and changes nothing', async () => {
    const F = 'otherLandlord';
    const before = await billNow();
    const otherHouse = (
      await send<{ value: Array<{ houseID: string }> }>(F, 'GET', '/odata/House', { user: 'chunha2' })
    ).body.value[0]?.houseID as string;
    expectError(
      await send(F, 'GET', `/api/MonthlyBill/HouseMonth?houseID=${tenancy.houseID}&month=${MONTH}`, {
        user: 'chunha2',
      }),
      404,
      MSG.notFound,
    );
    for (const body of [
      { houseID: tenancy.houseID, monthlyBillIDs: [bill.monthlyBillID] },
      { houseID: tenancy.houseID, month: MONTH },
      { houseID: otherHouse, monthlyBillIDs: [bill.monthlyBillID] },
    ]) {
      expect((await send(F, 'POST', '/api/MonthlyBill/Remind', { user: 'chunha2', body })).status).toBe(404);
    }
    for (const method of ['POST', 'DELETE']) {
      expectError(
        await send(F, method, `/odata/MonthlyBill/${bill.monthlyBillID}/GuestLink`, {
          user: 'chunha2',
          ...(method === 'POST' ? { body: {} } : {}),
        }),
        404,
        MSG.notFound,
      );
    }
    expectError(
      await send(F, 'PATCH', `/odata/MonthlyBill/${bill.monthlyBillID}`, {
        user: 'chunha2',
        body: { payment: { amount: 1000 } },
      }),
      404,
      MSG.notFound,
    );
    expect(
      (
        await send(F, 'POST', '/api/TenancyLink/Resend', {
          user: 'chunha2',
          body: { contractID: tenancy.contractID },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await send(F, 'POST', '/odata/Contract/TerminateContract', {
          user: 'chunha2',
          body: { contractID: tenancy.contractID, terminationDate: '2025-05-01', reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await send(F, 'POST', '/api/Payment/RequestPaymentURLForMonthlyBill', {
          user: 'chunha2',
          body: { monthlyBillID: bill.monthlyBillID },
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);
    const after = await billNow();
    expect(after._etag).toBe(before._etag);
    expect(await outboxMessages(product.services, 'billReminder')).toHaveLength(0);
  });

  it('a thumbnail’s name tells another landlord or a tenant no more than a photo’s name does', async () => {
    const F = 'thumbnails';
    const photo = `${tenancy.houseID}/room-1764201600000-abcdef.jpg`;
    for (const user of ['chunha2', 'nguoithue']) {
      const statuses = new Set<number>();
      for (const name of [photo, `${photo}.thumb.jpg`, `${photo}.png.thumb.jpg`]) {
        const reply = await send(
          F,
          'GET',
          `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(name)}`,
          { user },
        );
        expect(reply.status).toBeGreaterThanOrEqual(400);
        statuses.add(reply.status);
      }
      expect(statuses.size, `${user}: ${[...statuses].join(',')}`).toBeLessThanOrEqual(2);
    }
  });
});

describe('a tenant and anonymous callers on the collectors’ routes', () => {
  it('a tenant gets 403 and anonymous 401; nothing is written', async () => {
    const F = 'tenantAndAnonymous';
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/MonthlyBill/HouseMonth?houseID=${tenancy.houseID}&month=${MONTH}`],
      ['POST', '/api/MonthlyBill/Remind', { houseID: tenancy.houseID, monthlyBillIDs: [bill.monthlyBillID] }],
      ['POST', '/api/MonthlyBill/Remind', { houseID: tenancy.houseID, month: MONTH }],
      ['DELETE', `/odata/MonthlyBill/${bill.monthlyBillID}/GuestLink`],
      ['POST', `/odata/MonthlyBill/${bill.monthlyBillID}/GuestLink`, {}],
      ['POST', '/api/TenancyLink/Resend', { contractID: tenancy.contractID }],
    ];
    const before = await billNow();
    for (const [method, path, body] of routes) {
      const asTenant = await send(F, method, path, { user: 'nguoithue', body });
      expect(asTenant.status, `${method} ${path}`).toBe(403);
      expectError(await send(F, method, path, { body }), 401, MSG.unauthenticated);
    }
    expect((await billNow())._etag).toBe(before._etag);
    expect(await outboxMessages(product.services, 'billReminder')).toHaveLength(0);
  });
});

describe('tenancy link codes', () => {
  it('five wrong codes lock the link; the right code is then refused too', async () => {
    const F = 'tenancyLink';
    const contractID = await aPendingContract('Dò LK 1', '0939300111');
    const { linkID, code } = await linkCodeSent(product.services, contractID);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await send(F, 'POST', '/api/TenancyLink/Confirm', {
        body: { linkID, code: wrong, newPassword: 'Khach@2030x' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual([{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.codeInvalid }]);
    }
    const locked = await send(F, 'POST', '/api/TenancyLink/Confirm', {
      body: { linkID, code, newPassword: 'Khach@2030x' },
    });
    expect(locked.body).toEqual([{ field: 'code', errorMessage: TENANCY_LINK_MESSAGES.tooManyTries }]);
    expect(await loginStatus('0939300111', 'Khach@2030x')).toBe(401);
  }, 60_000);

  it('a code works once, on its own link only; unknown and used links answer alike', async () => {
    const F = 'tenancyLink';
    const first = await aPendingContract('Dò LK 2', '0939300222');
    const second = await aPendingContract('Dò LK 3', '0939300333');
    const a = await linkCodeSent(product.services, first);
    const b = await linkCodeSent(product.services, second);
    const crossed = await send(F, 'POST', '/api/TenancyLink/Confirm', {
      body: { linkID: b.linkID, code: a.code, newPassword: 'Khach@2030x' },
    });
    if (a.code !== b.code) expect(crossed.status).toBe(400);
    const ok = await send(F, 'POST', '/api/TenancyLink/Confirm', {
      body: { linkID: a.linkID, code: a.code, newPassword: 'Khach@2030x' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const replay = await send(F, 'POST', '/api/TenancyLink/Confirm', {
      body: { linkID: a.linkID, code: a.code, newPassword: 'Khac@2030yy' },
    });
    const unknown = await send(F, 'POST', '/api/TenancyLink/Confirm', {
      body: { linkID: `${a.linkID.slice(0, -4)}ffff`, code: a.code, newPassword: 'Khac@2030yy' },
    });
    expect(replay.status).toBe(400);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: replay.status,
      body: replay.body,
    });
    // The replayed password opens nothing.
    expect(await loginStatus('0939300222', 'Khac@2030yy')).toBe(401);
    expect(await loginStatus('0939300222', 'Khach@2030x')).toBe(200);
    for (const body of [
      {},
      { linkID: a.linkID },
      { linkID: a.linkID, code: '12345', newPassword: 'Khac@2030yy' },
      { linkID: 'x'.repeat(5000), code: '123456', newPassword: 'Khac@2030yy' },
      { linkID: a.linkID, code: '123456', newPassword: 'x'.repeat(100_000) },
      [],
      'null',
    ]) {
      expect((await send(F, 'POST', '/api/TenancyLink/Confirm', { body })).status).toBeGreaterThanOrEqual(
        400,
      );
    }
  }, 60_000);
});

describe('photos on the JPEG path and their thumbnails', () => {
  it('a thumbnail is never registered as a photo, nor read through another caller', async () => {
    const F = 'photos';
    const issued = await send<{ uploadURL: string; blobName: string }>(
      F,
      'GET',
      `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${tenancy.houseID}&extension=jpg`,
      { user: 'chunha' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const put = await fetch(issued.body.uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/jpeg' },
      body: new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/images/photo-baseline.jpg'))),
    });
    expect(put.status).toBe(201);
    const photo = issued.body.blobName;
    const registered = await send<{ imageURLs?: Array<{ thumbnailURL?: string }> }>(
      F,
      'POST',
      `/odata/Room/${tenancy.roomID}/Images`,
      { user: 'chunha', body: { blobName: photo } },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const thumbnail = `${photo}.thumb.jpg`;
    // Its thumbnail exists now; registered as a photo of another room, it is refused and nothing changes.
    const otherRoom = (
      await send<{ value: Array<{ roomID: string }> }>(F, 'GET', `/odata/Room?houseID=${tenancy.houseID}`, {
        user: 'chunha',
      })
    ).body.value.find((room) => room.roomID !== tenancy.roomID)?.roomID as string;
    const asPhoto = await send(F, 'POST', `/odata/Room/${otherRoom}/Images`, {
      user: 'chunha',
      body: { blobName: thumbnail },
    });
    expect(asPhoto.status).toBe(400);
    const room = await send<{ images: string[] }>(F, 'GET', `/odata/Room/${otherRoom}`, { user: 'chunha' });
    expect(room.body.images).not.toContain(thumbnail);
    // Another landlord and anonymous learn nothing from the real photo's name nor its thumbnail's.
    for (const name of [photo, thumbnail]) {
      const path = `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(name)}`;
      expect((await send(F, 'GET', path, { user: 'chunha2' })).status, name).toBe(404);
      expect((await send(F, 'GET', path)).status, name).toBe(401);
      // The landlord reads both; the tenant of the room too (it is their room's photo).
      for (const user of ['chunha', 'nguoithue']) {
        expect((await send(F, 'GET', path, { user })).status, `${user} ${name}`).toBe(200);
      }
    }
    // A PNG sent as a .jpg: the stored photo is checked by its bytes, not its name.
    const png = await send<{ uploadURL: string; blobName: string }>(
      F,
      'GET',
      `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${tenancy.houseID}&extension=jpg`,
      { user: 'chunha' },
    );
    await fetch(png.body.uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/jpeg' },
      body: new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/images/photo-rgb.png'))),
    });
    const pngAsJpeg = await send(F, 'POST', `/odata/Room/${otherRoom}/Images`, {
      user: 'chunha',
      body: { blobName: png.body.blobName },
    });
    expectError(pngAsJpeg, 400, 'Tệp tải lên không phải ảnh PNG hoặc JPEG.');
  }, 60_000);
});

describe('a careless user', () => {
  it('HouseMonth with bad month, status, top or skip gets a Vietnamese 400', async () => {
    const F = 'careless';
    const base = `/api/MonthlyBill/HouseMonth?houseID=${tenancy.houseID}`;
    for (const params of [
      '&month=2025-00',
      '&month=abc',
      '&month=2025-4',
      '&status=',
      '&status=overdue,paid',
      '&top=-1',
      '&top=1e3',
      '&top=abc',
      '&skip=-5',
      '&skip=99999999999999999999',
    ]) {
      const reply = await send(F, 'GET', base + params, { user: 'chunha' });
      expect(reply.status, params).toBe(400);
    }
  });

  it('two reminders at once queue one message', async () => {
    const F = 'careless';
    const body = { houseID: tenancy.houseID, monthlyBillIDs: [bill.monthlyBillID] };
    const replies = await Promise.all([
      send<BillReminderResult>(F, 'POST', '/api/MonthlyBill/Remind', { user: 'chunha', body }),
      send<BillReminderResult>(F, 'POST', '/api/MonthlyBill/Remind', { user: 'nhanvien', body }),
    ]);
    for (const reply of replies) expect(reply.status).toBe(200);
    const queued = replies.reduce((sum, reply) => sum + reply.body.queued, 0);
    expect(queued).toBe(1);
    expect(await outboxMessages(product.services, 'billReminder')).toHaveLength(queued);
  });

  it('a deep or wide nested $expand is bounded: a quick 400 or a small reply', async () => {
    const F = 'careless';
    // A room with two contracts (one ended): each room → contracts → room level doubles a naive reply.
    const ended = await aPendingContract('Dò EX 1', '0939300444');
    const roomID = (await send<{ roomID: string }>(F, 'GET', `/odata/Contract/${ended}`, { user: 'chunha' }))
      .body.roomID;
    expect(
      (
        await send(F, 'POST', '/odata/Contract/TerminateContract', {
          user: 'chunha',
          body: { contractID: ended, terminationDate: '2030-02-01', reason: 'Chuyển đi' },
        })
      ).status,
    ).toBe(200);
    const again = await send(F, 'POST', '/odata/Contract', {
      user: 'chunha',
      body: {
        roomID,
        startDate: '2030-03-01',
        endDate: '2030-12-31',
        deposit: 2_500_000,
        representative: { occupantName: 'Người dò EX 2', gender: 'nam', phoneNumber: '0939300555' },
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const cycle = (depth: number): string =>
      depth === 0 ? 'contracts' : `contracts($expand=room($expand=${cycle(depth - 1)}))`;
    const roomOnly = `/odata/Room?houseID=${tenancy.houseID}&$filter=roomID eq '${roomID}'`;
    for (const depth of [3, 10]) {
      const reply = await send(F, 'GET', `${roomOnly}&$expand=${cycle(depth)}`, { user: 'chunha' });
      expect(reply.status, `depth ${depth}`).toBe(200);
    }
    // 2^24 contracts at the bottom: refused before they are built, however deep the cycle goes (400 levels,
    // 800 parentheses, are refused before they are parsed).
    const tooDeep = await send(F, 'GET', `${roomOnly}&$expand=${cycle(400)}`, { user: 'chunha' });
    expectError(
      tooDeep,
      400,
      MSG.invalidQuery('$expand quá phức tạp (tối đa 120 tầng ngoặc, 500 cặp ngoặc)'),
    );
    for (const depth of [24, 40]) {
      const started = Date.now();
      const reply = await send(F, 'GET', `${roomOnly}&$expand=${cycle(depth)}`, { user: 'chunha' });
      expect(Date.now() - started, `depth ${depth}`).toBeLessThan(10_000);
      expectError(
        reply,
        400,
        MSG.invalidQuery(
          '$expand trả về hơn 20.000 mục. Hãy bớt cấp lồng nhau hoặc thu hẹp bằng $top, $filter.',
        ),
      );
    }
    for (const expand of [
      'contracts($top=100000)',
      'contracts($top=100000;$skip=99999999999999999999)',
      'contracts($top=-1)',
      `${'contracts($expand='.repeat(2000)}room${')'.repeat(2000)}`,
    ]) {
      const started = Date.now();
      const reply = await send(F, 'GET', `/odata/Room?houseID=${tenancy.houseID}&$expand=${expand}`, {
        user: 'chunha',
      });
      const took = Date.now() - started;
      expect(took, `${expand.slice(0, 60)}: ${took} ms`).toBeLessThan(10_000);
      expect(JSON.stringify(reply.body).length, expand.slice(0, 60)).toBeLessThan(5_000_000);
    }
  }, 120_000);

  it('cash recorded twice with the same ETag is taken once', async () => {
    const F = 'careless';
    const current = await billNow();
    const path = `/odata/MonthlyBill/${bill.monthlyBillID}`;
    const replies = await Promise.all(
      [1, 2].map(() =>
        send(F, 'PATCH', path, {
          user: 'chunha',
          body: { payment: { amount: 10_000 } },
          headers: { 'If-Match': current._etag as string },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 412]);
    expect((await billNow()).paidAmount).toBe((current.paidAmount ?? 0) + 10_000);
  });

  it('the process is still up', async () => {
    expect((await send('health', 'GET', '/api/health')).status).toBe(200);
  });
});

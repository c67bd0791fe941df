/**
 * Today's routes attacked as outsiders would: debts, handover records and their guest links, the
 * liquidation and its owed charge. Callers without a token, another landlord, a tenant, and careless users
 * (double submits, wrong order, huge files, hostile strings, numbers at their limits). Every refusal is a
 * Vietnamese 4xx that changes nothing; concurrent submits leave exactly one result; the PDFs still render.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Contract, FileLink, HandoverList, HandoverView } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HandoverDoc,
  HouseScopedDoc,
  OneTimeChargeDoc,
} from '../../api/src/domain/shared/model.js';
import { signHandoverGuestToken } from '../../api/src/useCases/shared/guestTokens.js';
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
/** HTML, a zero-width joiner, right-to-left marks and an emoji in one line a landlord might paste. */
const HOSTILE = '<script>alert(1)</script> Vỡ\u200d kính \u202eكسر\u202c 🪟🔥 & "quote"';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let binhAn = '';
/** A contract chunha made in Bình An (starts in the future): not the demo tenant's house. */
let otherContract = '';
let otherRoom = '';

const send = checkedSender(() => api, token, { noServerErrors: true });

async function binary(path: string, user: string) {
  const response = await fetch(`${product.url}${path}`, {
    headers: { authorization: `Bearer ${token[user]}` },
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const snapshot = async (houseID: string, type: 'handover' | 'oneTimeCharge' | 'contract') =>
  JSON.stringify(
    (await listInHouse<HouseScopedDoc>(product.services, houseID, type)).map(
      ({ _etag: _e, _ts: _t, ...doc }) => doc,
    ),
  );

function photoForm(name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('Images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return form;
}

async function handoverBody(
  contractID: string,
  kind: 'moveIn' | 'moveOut',
  over: Record<string, unknown> = {},
) {
  const list = await send<HandoverList>('GET', `/api/Handover?contractID=${contractID}`, { user: 'chunha' });
  expect(list.status).toBe(200);
  const { electricityIndex, waterIndex, devices } = list.body.prefill[kind];
  return {
    contractID,
    kind,
    handoverDate: '2026-11-20',
    electricityIndex,
    waterIndex,
    keyCount: 1,
    devices: devices.map((device) => ({ deviceID: device.deviceID, state: device.state })),
    ...over,
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue', 'nhanvien']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  const other = await contractInBinhAn(send, binhAn, {
    occupantName: 'Người thuê thử',
    phoneNumber: '0977555002',
  });
  otherContract = other.contractID;
  otherRoom = other.roomID;
}, 60_000);
afterAll(() => product?.stop());

describe('a caller without a token', () => {
  it('reaches none of today’s routes; the guest routes without a real token open nothing', async () => {
    const c = tenancy.contractID;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/Debt/Contract?contractID=${c}`],
      ['GET', `/api/Debt/House?houseID=${tenancy.houseID}`],
      ['POST', '/api/Debt/Pause', { contractID: c, paused: true }],
      ['GET', `/api/Handover?contractID=${c}`],
      ['POST', '/api/Handover', { contractID: c, kind: 'moveIn' }],
      ['POST', `/api/Handover/${c}-moveIn/Photos`],
      ['POST', `/api/Handover/${c}-moveIn/Sign`, { signature: SIGNATURE }],
      ['POST', `/api/Handover/${c}-moveIn/GuestLink`, {}],
      ['GET', `/api/Handover/${c}-moveIn/Document`],
      ['GET', `/odata/Contract/Liquidation?contractID=${c}`],
      ['GET', `/api/Contract/LiquidationPdf?contractID=${c}`],
      [
        'POST',
        '/odata/Contract/TerminateContract',
        { contractID: c, terminationDate: '2026-11-20', reason: 'x' },
      ],
    ];
    const before = await snapshot(tenancy.houseID, 'contract');
    for (const [method, path, body] of routes) {
      expect((await send(method, path, body === undefined ? {} : { body })).status, `${method} ${path}`).toBe(
        401,
      );
    }
    const guest: Array<[string, string, unknown?]> = [
      ['GET', `/api/GuestHandover?handoverID=${c}-moveIn`],
      ['GET', `/api/GuestHandover?handoverID=${c}-moveIn&token=`],
      ['GET', `/api/GuestHandover?handoverID=${c}-moveIn&token=%00%ff%27%22`],
      ['GET', `/api/GuestHandover/Document?handoverID=${c}-moveIn&token=abc`],
      ['GET', '/api/GuestHandover?token=abc'],
      ['POST', '/api/GuestHandover/Sign', { handoverID: `${c}-moveIn`, signature: SIGNATURE }],
      [
        'POST',
        '/api/GuestHandover/Sign',
        { handoverID: `${c}-moveIn`, token: 'x'.repeat(5000), signature: SIGNATURE },
      ],
      ['POST', '/api/GuestHandover/Sign', { handoverID: '../../x', token: 'a', signature: SIGNATURE }],
    ];
    for (const [method, path, body] of guest) {
      const reply = await send(method, path, body === undefined ? {} : { body });
      expect([400, 401, 404], `${method} ${path}`).toContain(reply.status);
    }
    expect(await snapshot(tenancy.houseID, 'contract')).toBe(before);
  });
});

describe('another landlord and a tenant', () => {
  it('another landlord reaches nothing of the first landlord’s house by its ids', async () => {
    const c = tenancy.contractID;
    const before = await snapshot(tenancy.houseID, 'contract');
    const replies = [
      await send('GET', `/api/Debt/Contract?contractID=${c}`, { user: 'chunha2' }),
      await send('GET', `/api/Debt/House?houseID=${tenancy.houseID}`, { user: 'chunha2' }),
      await send('POST', '/api/Debt/Pause', { user: 'chunha2', body: { contractID: c, paused: true } }),
      await send('GET', `/odata/Contract/Liquidation?contractID=${c}`, { user: 'chunha2' }),
      await send('GET', `/api/Contract/LiquidationPdf?contractID=${c}`, { user: 'chunha2' }),
      await send('POST', '/odata/Contract/TerminateContract', {
        user: 'chunha2',
        body: { contractID: c, terminationDate: '2026-11-20', reason: 'Chiếm hợp đồng' },
      }),
      await send('POST', '/api/Handover', { user: 'chunha2', body: await handoverBody(c, 'moveIn') }),
    ];
    for (const reply of replies) expect([403, 404]).toContain(reply.status);
    expect(await snapshot(tenancy.houseID, 'contract')).toBe(before);
    expect(await snapshot(tenancy.houseID, 'handover')).toBe('[]');
  });

  it('a tenant neither pauses, reads the house’s list, nor reaches another house’s contract', async () => {
    const replies = [
      await send('POST', '/api/Debt/Pause', {
        user: 'nguoithue',
        body: { contractID: tenancy.contractID, paused: true },
      }),
      await send('GET', `/api/Debt/House?houseID=${tenancy.houseID}`, { user: 'nguoithue' }),
      await send('GET', `/api/Debt/House?houseID=${binhAn}`, { user: 'nguoithue' }),
      await send('GET', `/api/Debt/Contract?contractID=${otherContract}`, { user: 'nguoithue' }),
      await send('GET', `/odata/Contract/Liquidation?contractID=${otherContract}`, { user: 'nguoithue' }),
      await send('GET', `/api/Handover?contractID=${otherContract}`, { user: 'nguoithue' }),
      await send('POST', '/odata/Contract/TerminateContract', {
        user: 'nguoithue',
        body: { contractID: tenancy.contractID, terminationDate: '2026-11-20', reason: 'Tự chấm dứt' },
      }),
    ];
    for (const reply of replies) expect([403, 404]).toContain(reply.status);
  });
});

describe('double submits', () => {
  it('two saves of a new record at once leave one record; two signatures at once sign once', async () => {
    const body = await handoverBody(otherContract, 'moveIn');
    const saves = await Promise.all([
      send<{ data: HandoverView }>('POST', '/api/Handover', { user: 'chunha', body }),
      send<{ data: HandoverView }>('POST', '/api/Handover', {
        user: 'chunha',
        body: { ...body, keyCount: 2 },
      }),
    ]);
    expect(saves.map((reply) => reply.status).sort()).toContain(200);
    for (const reply of saves) expect([200, 409]).toContain(reply.status);
    const stored = JSON.parse(await snapshot(binhAn, 'handover')) as HandoverDoc[];
    expect(stored.filter((doc) => doc.contractID === otherContract)).toHaveLength(1);

    const handoverID = `${otherContract}-moveIn`;
    const signs = await Promise.all([
      send('POST', `/api/Handover/${handoverID}/Sign`, { user: 'chunha', body: { signature: SIGNATURE } }),
      send('POST', `/api/Handover/${handoverID}/Sign`, { user: 'chunha', body: { signature: SIGNATURE } }),
    ]);
    expect(signs.map((reply) => reply.status).sort()).toEqual([200, 409]);

    const link = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    const guestToken = new URL(link.body.url).searchParams.get('token') ?? '';
    const guestSigns = await Promise.all(
      [1, 2].map(() =>
        send('POST', '/api/GuestHandover/Sign', {
          body: { handoverID, token: guestToken, signature: SIGNATURE },
        }),
      ),
    );
    expect(guestSigns.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const locked = await send('POST', '/api/GuestHandover/Sign', {
      body: { handoverID, token: guestToken, signature: SIGNATURE },
    });
    expect([404, 409]).toContain(locked.status);
  });

  it('pausing twice at once keeps one pause, recorded once', async () => {
    const body = { contractID: tenancy.contractID, paused: true };
    const replies = await Promise.all([
      send('POST', '/api/Debt/Pause', { user: 'chunha', body }),
      send('POST', '/api/Debt/Pause', { user: 'chunha', body }),
    ]);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    const debt = await send<{ reminderPause?: { paused: boolean } }>(
      'GET',
      `/api/Debt/Contract?contractID=${tenancy.contractID}`,
      { user: 'chunha' },
    );
    expect(debt.body.reminderPause?.paused).toBe(true);
    const off = await send('POST', '/api/Debt/Pause', { user: 'chunha', body: { ...body, paused: false } });
    expect(off.status).toBe(200);
  });
});

describe('careless input on a handover record', () => {
  it('a 30 MB photo and a renamed program are refused and change nothing', async () => {
    const saved = await send<{ data: HandoverView }>('POST', '/api/Handover', {
      user: 'chunha',
      body: await handoverBody(tenancy.contractID, 'moveIn', { note: `${HOSTILE} ${'ê'.repeat(200)}` }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const handoverID = saved.body.data.handoverID;
    const before = await snapshot(tenancy.houseID, 'handover');
    const huge = new Uint8Array(30 * 1024 * 1024);
    huge.set(fixture('photo-baseline.jpg'));
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    for (const [name, bytes] of [
      ['to.jpg', huge],
      ['setup.exe.jpg', exe],
      ['cat.jpg', fixture('truncated.jpg')],
    ] as const) {
      const reply = await send('POST', `/api/Handover/${handoverID}/Photos`, {
        user: 'chunha',
        rawBody: photoForm(name, bytes),
      });
      expect([400, 413], name).toContain(reply.status);
    }
    expect(await snapshot(tenancy.houseID, 'handover')).toBe(before);

    const pdf = await binary(`/api/Handover/${handoverID}/Document`, 'chunha');
    expect(pdf.status).toBe(200);
  });
});

describe('careless termination', () => {
  const base = () => ({
    contractID: tenancy.contractID,
    terminationDate: '2026-11-20',
    reason: 'Chuyển nhà',
  });

  it('damage amounts at their limits are refused in Vietnamese and change nothing', async () => {
    const before = await snapshot(tenancy.houseID, 'contract');
    const charges = await snapshot(tenancy.houseID, 'oneTimeCharge');
    for (const amount of [0, -1, 1e15, 1.5, '100', Number.MAX_SAFE_INTEGER + 2, null]) {
      const reply = await send('POST', '/odata/Contract/TerminateContract', {
        user: 'chunha',
        body: { ...base(), damages: [{ description: 'Kính', amount }] },
      });
      expect(reply.status, String(amount)).toBe(400);
      expect(JSON.stringify(reply.body)).toContain('damages.0.amount');
    }
    const long = await send('POST', '/odata/Contract/TerminateContract', {
      user: 'chunha',
      body: { ...base(), damages: [{ description: 'x'.repeat(201), amount: 1000 }] },
    });
    expect(long.status).toBe(400);
    expect(await snapshot(tenancy.houseID, 'contract')).toBe(before);
    expect(await snapshot(tenancy.houseID, 'oneTimeCharge')).toBe(charges);
  });

  it('two terminations at once end the contract once with one owed charge; the charge is paid once', async () => {
    const body = {
      ...base(),
      damages: [
        { description: HOSTILE, amount: 90_000_000 },
        { description: 'ê'.repeat(200), amount: 1_000 },
      ],
    };
    const ended = await Promise.all([
      send<Contract>('POST', '/odata/Contract/TerminateContract', { user: 'chunha', body }),
      send<Contract>('POST', '/odata/Contract/TerminateContract', { user: 'chunha', body }),
    ]);
    expect(ended.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const owed = (JSON.parse(await snapshot(tenancy.houseID, 'oneTimeCharge')) as OneTimeChargeDoc[]).filter(
      (charge) => charge.contractID === tenancy.contractID && charge.liquidation,
    );
    expect(owed).toHaveLength(1);
    const charge = owed[0] as OneTimeChargeDoc;

    const pdf = await binary(`/api/Contract/LiquidationPdf?contractID=${tenancy.contractID}`, 'chunha');
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('BIÊN BẢN THANH LÝ HỢP ĐỒNG');
    expect(text).toContain('alert(1)');

    const stored = await product.services.store
      .container<ContractDoc>('houses')
      .read(tenancy.houseID, tenancy.contractID);
    expect(stored?.status).not.toBe('active');

    const path = `/odata/OneTimeCharge/${charge.oneTimeChargeID}`;
    const pay = { payment: { amount: charge.amount } };
    const paid = await Promise.all([
      send('PATCH', path, { user: 'chunha', body: pay }),
      send('PATCH', path, { user: 'chunha', body: pay }),
    ]);
    expect(paid.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const again = await send('PATCH', path, { user: 'chunha', body: pay });
    expect(again.status).toBe(409);
    const after = await product.services.store
      .container<OneTimeChargeDoc>('houses')
      .read(tenancy.houseID, charge.oneTimeChargeID);
    expect(after?.paidAmount).toBe(charge.amount);
    expect((await send('DELETE', path, { user: 'chunha' })).status).toBe(409);
  });
});

describe('staff of another house, a staff member disabled mid-session, links of the wrong kind', () => {
  it('staff of Bình An reach nothing of the demo house; once disabled, nothing at all', async () => {
    const added = await send<{ data: { userID: string; oneTimePassword: string } }>(
      'POST',
      '/api/Staff/AddStaff',
      {
        user: 'chunha',
        body: { fullName: 'Lê Thị Thu', phoneNumber: '0933111333', username: 'lethithu', houseIDs: [binhAn] },
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const first = await api.login('lethithu', added.body.data.oneTimePassword);
    await send('POST', '/api/User/ChangePassword', {
      token: first.token.accessToken,
      body: { oldPassword: added.body.data.oneTimePassword, newPassword: 'ThuGhiSo2026' },
    });
    token.lethithu = (await api.login('lethithu', 'ThuGhiSo2026')).token.accessToken;
    const c = tenancy.contractID;
    const foreign = [
      await send('GET', `/api/Debt/Contract?contractID=${c}`, { user: 'lethithu' }),
      await send('GET', `/api/Debt/House?houseID=${tenancy.houseID}`, { user: 'lethithu' }),
      await send('POST', '/api/Debt/Pause', { user: 'lethithu', body: { contractID: c, paused: true } }),
      await send('GET', `/api/Handover?contractID=${c}`, { user: 'lethithu' }),
      await send('GET', `/odata/Contract/Liquidation?contractID=${c}`, { user: 'lethithu' }),
    ];
    for (const reply of foreign) expect([403, 404]).toContain(reply.status);
    const own = await send('GET', `/api/Debt/House?houseID=${binhAn}`, { user: 'lethithu' });
    expect(own.status).toBe(200);

    const disabled = await send('DELETE', `/api/Staff/DisableStaffAccount?userID=${added.body.data.userID}`, {
      user: 'chunha',
    });
    expect(disabled.status).toBe(200);
    const handovers = await snapshot(binhAn, 'handover');
    const after = [
      await send('GET', `/api/Debt/House?houseID=${binhAn}`, { user: 'lethithu' }),
      await send('POST', '/api/Debt/Pause', {
        user: 'lethithu',
        body: { contractID: otherContract, paused: true },
      }),
      await send('GET', `/api/Handover?contractID=${otherContract}`, { user: 'lethithu' }),
      await send('POST', `/api/Handover/${otherContract}-moveIn/GuestLink`, { user: 'lethithu', body: {} }),
    ];
    for (const reply of after) expect(reply.status).toBe(401);
    expect(await snapshot(binhAn, 'handover')).toBe(handovers);
  });

  it('a handover link opens no contract, and the record’s note reaches its PDF intact', async () => {
    const handoverID = `${tenancy.contractID}-moveIn`;
    const link = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const guestToken = encodeURIComponent(new URL(link.body.url).searchParams.get('token') ?? '');
    const contract = await send(
      'GET',
      `/api/GuestContract?contractID=${tenancy.contractID}&token=${guestToken}`,
    );
    expect([401, 404]).toContain(contract.status);
    const bill = await send('GET', `/api/GuestMonthlyBill?token=${guestToken}`);
    expect([400, 401, 404]).toContain(bill.status);

    const link2 = await send<{ data: FileLink }>('GET', `/api/Handover/${handoverID}/Document`, {
      user: 'chunha',
    });
    expect(link2.status).toBe(200);
    const text = await pdfText(new Uint8Array(await (await fetch(link2.body.data.url)).arrayBuffer()));
    expect(text).toContain('BIÊN BẢN BÀN GIAO PHÒNG');
    expect(text).toContain('alert(1)');
  });
});

describe('the owed charge paid in cash, then again by bank transfer', () => {
  it('the transfer is kept once, waiting for the landlord, and the charge is not paid twice', async () => {
    const owed = (JSON.parse(await snapshot(tenancy.houseID, 'oneTimeCharge')) as OneTimeChargeDoc[]).find(
      (charge) => charge.contractID === tenancy.contractID && charge.liquidation,
    ) as OneTimeChargeDoc;
    expect(owed.paidAmount).toBe(owed.amount);
    const sepayKey = readFileSync(join(product.dataDir, 'sepay-api-key'), 'utf8').trim();
    const body = {
      id: 777_001,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-21 09:15:00',
      accountNumber: '0071000123456',
      code: null,
      content: `chuyen tien ${owed.billCode}`,
      transferType: 'in',
      transferAmount: owed.amount,
      accumulated: 19_077_000,
      subAccount: null,
      referenceCode: 'MBVCB.777001',
      description: 'BankAPINotify',
    };
    for (const _ of [1, 2]) {
      const reply = await api.request('POST', '/api/BankFeed/SePay', {
        rawBody: JSON.stringify(body),
        headers: { authorization: `Apikey ${sepayKey}`, 'content-type': 'application/json' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const after = await product.services.store
      .container<OneTimeChargeDoc>('houses')
      .read(tenancy.houseID, owed.oneTimeChargeID);
    const transfers = await send<{ value: Array<Record<string, unknown>> }>(
      'GET',
      '/odata/BankTransfer?$top=200',
      {
        user: 'chunha',
      },
    );
    // Kept once, waiting for the landlord on /bankTransfers: the charge was already paid in full.
    expect(transfers.body.value.filter((t) => t.providerTransactionID === '777001')).toEqual([
      expect.objectContaining({ status: 'unmatched', unmatchedReason: 'Hóa đơn đã được thanh toán đầy đủ.' }),
    ]);
    expect(after?.paidAmount).toBe(owed.amount);
    expect(after?.payments).toHaveLength(1);
  });
});

describe('stale links and careless saves after the end', () => {
  it('an expired handover link opens nothing and signs nothing', async () => {
    const handoverID = `${tenancy.contractID}-moveIn`;
    const link = await send<{ url: string }>('POST', `/api/Handover/${handoverID}/GuestLink`, {
      user: 'chunha',
      body: {},
    });
    expect(link.status).toBe(200);
    const record = await product.services.store
      .container<HandoverDoc>('houses')
      .read(tenancy.houseID, handoverID);
    const now = Date.now();
    const expired = await signHandoverGuestToken(
      product.services.config.jwt,
      { handoverID, houseID: tenancy.houseID, linkID: record?.guestLinkID ?? '' },
      new Date(now - 72 * 3600_000),
      new Date(now - 3600_000),
    );
    const before = await snapshot(tenancy.houseID, 'handover');
    const read = await send('GET', `/api/GuestHandover?handoverID=${handoverID}&token=${expired}`);
    expect(read.status).toBe(404);
    const sign = await send('POST', '/api/GuestHandover/Sign', {
      body: { handoverID, token: expired, signature: SIGNATURE },
    });
    expect(sign.status).toBe(404);
    expect(await snapshot(tenancy.houseID, 'handover')).toBe(before);
  });

  it('damage amounts on a move-out record at their limits are refused; two saves at once keep one', async () => {
    const fan = await send('POST', '/odata/Device', {
      user: 'chunha',
      body: { roomID: otherRoom, deviceName: 'Quạt trần', quantity: 1, condition: 'Tốt', value: 500_000 },
    });
    expect(fan.status, JSON.stringify(fan.body)).toBeLessThan(300);
    const before = await snapshot(binhAn, 'handover');
    const body = await handoverBody(otherContract, 'moveOut');
    const device = (body.devices as Array<{ deviceID: string; state: string }>)[0];
    expect(device).toBeDefined();
    for (const damageAmount of [-1, 1.5, 1e15, '500000', null]) {
      const reply = await send('POST', '/api/Handover', {
        user: 'chunha',
        body: { ...body, devices: [{ ...device, state: 'broken', damageAmount }] },
      });
      expect(reply.status, String(damageAmount)).toBe(400);
    }
    expect(await snapshot(binhAn, 'handover')).toBe(before);
    const saves = await Promise.all(
      ['Lần một', 'Lần hai'].map((note) =>
        send('POST', '/api/Handover', { user: 'chunha', body: { ...body, note } }),
      ),
    );
    for (const reply of saves) expect([200, 409, 412]).toContain(reply.status);
    expect(saves.some((reply) => reply.status === 200)).toBe(true);
    const records = (JSON.parse(await snapshot(binhAn, 'handover')) as HandoverDoc[]).filter(
      (doc) => doc.kind === 'moveOut' && doc.contractID === otherContract,
    );
    expect(records).toHaveLength(1);
  });
});

describe('malformed ids and bodies on the debt routes', () => {
  it('are Vietnamese 400s that pause nothing', async () => {
    const pauses = async () =>
      JSON.stringify(
        (
          await send<{ reminderPause?: unknown }>('GET', `/api/Debt/Contract?contractID=${otherContract}`, {
            user: 'chunha',
          })
        ).body.reminderPause ?? null,
      );
    const before = await pauses();
    const queries = [
      `/api/Debt/Contract?contractID=${encodeURIComponent("' OR 1=1 --")}`,
      `/api/Debt/Contract?contractID=${'a'.repeat(5000)}`,
      '/api/Debt/House?houseID=%E2%80%AE%F0%9F%94%A5',
      '/api/Debt/House',
    ];
    for (const path of queries) expect((await send('GET', path, { user: 'chunha' })).status, path).toBe(400);
    const bodies: unknown[] = [
      null,
      [],
      'paused',
      { contractID: otherContract },
      { contractID: otherContract, paused: 1 },
      { contractID: [otherContract], paused: true },
      { contractID: otherContract, paused: true, note: '<script>' },
    ];
    for (const body of bodies) {
      const reply = await send('POST', '/api/Debt/Pause', { user: 'chunha', body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await send('POST', '/api/Debt/Pause', {
      user: 'chunha',
      rawBody: '{"contractID":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await pauses()).toBe(before);
  });
});

/**
 * The liquidation at termination through the real handlers: hostile damage lines are refused with the
 * field named and change nothing; the demo tenant's contract ends with typed damages; its liquidation and
 * PDF are read by the landlord and that tenant, never by another landlord; bad ids are a clear 4xx.
 */
import type { Contract, Liquidation } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc } from '../../api/src/domain/shared/model.js';
import { pdfText } from '../support/pdfText.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { expectWellFormed } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };

async function send<T = unknown>(
  method: string,
  path: string,
  user: string,
  body?: unknown,
): Promise<ApiReply<T>> {
  const reply = await api.request<T>(method, path, { token: token[user] as string, body });
  expectWellFormed(reply, `${method} ${path}`);
  return reply;
}

async function binary(path: string, user: string) {
  const response = await fetch(`${product.url}${path}`, {
    headers: { authorization: `Bearer ${token[user]}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
}, 60_000);
afterAll(() => product?.stop());

const contractNow = async () =>
  JSON.stringify(
    await product.services.store.container<ContractDoc>('houses').read(tenancy.houseID, tenancy.contractID),
  );

describe('the liquidation of the demo tenant’s contract', () => {
  it('refuses hostile damage lines with the field named, and nothing changes', async () => {
    const before = await contractNow();
    const base = { contractID: tenancy.contractID, terminationDate: '2026-11-20', reason: 'Chuyển nhà' };
    const cases: Array<[unknown, string, string]> = [
      [[{ description: '', amount: 100 }], 'damages.0.description', 'Hãy ghi nội dung bồi thường.'],
      [[{ description: 'Kính', amount: -5 }], 'damages.0.amount', 'Số tiền bồi thường không được âm.'],
      [[{ description: 'Kính', amount: '1e9' }], 'damages.0.amount', 'Số tiền bồi thường phải là số.'],
      [[{ description: 'Kính', amount: 1, extra: true }], 'damages.0', ''],
      [
        Array.from({ length: 31 }, () => ({ description: 'a', amount: 1 })),
        'damages',
        'Tối đa 30 khoản bồi thường.',
      ],
      [{ description: 'Kính', amount: 1 }, 'damages', 'Danh sách bồi thường không hợp lệ.'],
      [[null], 'damages.0', ''],
    ];
    for (const [damages, field, message] of cases) {
      const reply = await send<{ errors?: Array<{ field: string; errorMessage: string }> }>(
        'POST',
        '/odata/Contract/TerminateContract',
        'chunha',
        { ...base, damages },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      const named = JSON.stringify(reply.body);
      expect(named).toContain(field);
      if (message) expect(named).toContain(message);
    }
    expect(await contractNow()).toBe(before);
    // Before the end there is no liquidation to read.
    expect(
      (await send('GET', `/odata/Contract/Liquidation?contractID=${tenancy.contractID}`, 'chunha')).status,
    ).toBe(409);
  });

  it('ends with typed damages; the landlord and the tenant read the document and its PDF, another landlord never', async () => {
    const ended = await send<Contract>('POST', '/odata/Contract/TerminateContract', 'chunha', {
      contractID: tenancy.contractID,
      terminationDate: '2026-11-20',
      reason: 'Chuyển nhà',
      damages: [
        { description: 'Vỡ kính cửa sổ', amount: 350_000 },
        { description: 'Mất chìa khóa phòng', amount: 50_000 },
      ],
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.settlement?.damageCharges).toBe(400_000);

    const path = `/odata/Contract/Liquidation?contractID=${tenancy.contractID}`;
    const landlord = await send<Liquidation>('GET', path, 'chunha');
    expect(landlord.status).toBe(200);
    const tenant = await send<Liquidation>('GET', path, 'nguoithue');
    expect(tenant.status).toBe(200);
    expect(tenant.body).toEqual(landlord.body);
    const labels = landlord.body.lines.map((line) => line.label);
    expect(labels).toContain('Bồi thường: Vỡ kính cửa sổ');
    expect(labels).toContain('Bồi thường: Mất chìa khóa phòng');
    expect(landlord.body.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(
      -(ended.body.settlement?.refund ?? 0),
    );
    expect([404, 403]).toContain((await send('GET', path, 'chunha2')).status);

    const pdfPath = `/api/Contract/LiquidationPdf?contractID=${tenancy.contractID}`;
    for (const user of ['chunha', 'nguoithue']) {
      const pdf = await binary(pdfPath, user);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      const text = await pdfText(pdf.bytes);
      expect(text).toContain('BIÊN BẢN THANH LÝ HỢP ĐỒNG');
      expect(text).toContain('Vỡ kính cửa sổ');
    }
    expect([404, 403]).toContain((await binary(pdfPath, 'chunha2')).status);
  });

  it('a missing or malformed contract id is a 400; an unknown one a 404', async () => {
    expect((await send('GET', '/odata/Contract/Liquidation', 'chunha')).status).toBe(400);
    expect((await send('GET', '/odata/Contract/Liquidation?contractID=%00%27', 'chunha')).status).toBe(400);
    expect((await send('GET', '/api/Contract/LiquidationPdf?contractID=', 'chunha')).status).toBe(400);
    expect(
      (
        await send(
          'GET',
          '/odata/Contract/Liquidation?contractID=00000000-0000-4000-8000-000000000000',
          'chunha',
        )
      ).status,
    ).toBe(404);
  });
});

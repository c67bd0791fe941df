/**
 * Residence declarations and personal data (issue 27 §1, §4) through the real handlers: who may read
 * the deadlines, print the CT01 form and see the planned erasures (another landlord, a tenant,
 * anonymous), a person's own data as JSON and PDF, bad input refused in Vietnamese without a change.
 */
import { MESSAGES, RESIDENCE_MESSAGES, type MyData, type ResidenceDeadline } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdfText.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectFieldError, expectWellFormed, MSG } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let lesseeInfoID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  const lessees = await api.request<{ value: Array<{ lesseeInfoID: string; contractID: string }> }>(
    'GET',
    `/odata/Lessee?houseID=${tenancy.houseID}`,
    { token: token.chunha as string },
  );
  const other = lessees.body.value.find((lessee) => lessee.contractID !== tenancy.contractID);
  lesseeInfoID = (other ?? lessees.body.value[0])?.lesseeInfoID ?? '';
  expect(lesseeInfoID).not.toBe('');
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

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

describe('residence deadlines', () => {
  it('the landlord reads them; another landlord gets 404, the tenant 403, anonymous 401', async () => {
    const path = `/api/Residence/Deadlines?houseID=${tenancy.houseID}`;
    const own = await api.request<{ data: ResidenceDeadline[] }>('GET', path, {
      token: token.chunha as string,
    });
    expect(own.status).toBe(200);
    expect(Array.isArray(own.body.data)).toBe(true);
    for (const deadline of own.body.data) expect(deadline.dueDate >= deadline.moveInDate).toBe(true);
    expectError(await api.request('GET', path, { token: token.chunha2 as string }), 404, MESSAGES.notFound);
    expectError(
      await api.request('GET', path, { token: token.nguoithue as string }),
      403,
      MESSAGES.forbidden,
    );
    expectError(await api.request('GET', path), 401, MSG.unauthenticated);
    expectError(await api.request('GET', '/api/Residence/Deadlines?houseID=..%2F'), 401, MSG.unauthenticated);
    expectError(
      await api.request('GET', '/api/Residence/Deadlines?houseID=..%2F', { token: token.chunha as string }),
      400,
      'Mã nhà trọ không hợp lệ.',
    );
  });

  it('a declaration with a wrong method or a future date is refused in Vietnamese and changes nothing', async () => {
    const before = await api.request('GET', `/odata/Lessee/${lesseeInfoID}`, {
      token: token.chunha as string,
    });
    const wrong = await api.request('POST', '/api/Residence/Declaration', {
      token: token.chunha as string,
      body: { lesseeInfoID, method: 'fax', declaredOn: '2026-01-05' },
    });
    expectFieldError(wrong, 'method', RESIDENCE_MESSAGES.method);
    const future = await api.request('POST', '/api/Residence/Declaration', {
      token: token.chunha as string,
      body: { lesseeInfoID, method: 'vneid', declaredOn: '2999-01-01' },
    });
    expectFieldError(future, 'declaredOn', RESIDENCE_MESSAGES.declaredInFuture);
    const other = await api.request('POST', '/api/Residence/Declaration', {
      token: token.chunha2 as string,
      body: { lesseeInfoID, method: 'vneid', declaredOn: '2026-01-05' },
    });
    expectError(other, 404, MESSAGES.notFound);
    const after = await api.request('GET', `/odata/Lessee/${lesseeInfoID}`, {
      token: token.chunha as string,
    });
    expect((after.body as Record<string, unknown>)['@odata.etag']).toBe(
      (before.body as Record<string, unknown>)['@odata.etag'],
    );
  });

  it('the CT01 form is a PDF in Vietnamese for the landlord; not for the tenant or another landlord', async () => {
    const path = `/api/Residence/CT01?lesseeInfoID=${lesseeInfoID}`;
    const own = await binary(path, 'chunha');
    expect(own.status).toBe(200);
    expect(own.type).toBe('application/pdf');
    const text = await pdfText(own.bytes);
    expect(text).toContain('TỜ KHAI THAY ĐỔI THÔNG TIN CƯ TRÚ');
    expect(text).toContain('Họ, chữ đệm và tên');
    expectWellFormed(await api.request('GET', path, { token: token.nguoithue as string }), path);
    expectError(
      await api.request('GET', path, { token: token.nguoithue as string }),
      403,
      MESSAGES.forbidden,
    );
    expectError(await api.request('GET', path, { token: token.chunha2 as string }), 404, MESSAGES.notFound);
  });
});

describe('personal data', () => {
  it("the tenant's own data as JSON and PDF, nobody else's", async () => {
    const reply = await api.request<{ data: MyData }>('GET', '/api/User/MyData', {
      token: token.nguoithue as string,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.account.username).toBeTruthy();
    expect(reply.body.data.tenancy?.roomName).toBeTruthy();
    expect((reply.body.data.occupant as { contractID?: string } | undefined)?.contractID).toBe(
      tenancy.contractID,
    );
    expect(JSON.stringify(reply.body)).not.toContain('passwordHash');
    const pdf = await binary('/api/User/MyData?format=pdf', 'nguoithue');
    expect(pdf.type).toBe('application/pdf');
    expect(await pdfText(pdf.bytes)).toContain('DỮ LIỆU CÁ NHÂN CỦA BẠN TRÊN NHÀ TRỌ');
    const format = await api.request('GET', '/api/User/MyData?format=xml', {
      token: token.nguoithue as string,
    });
    expect(format.status).toBe(400);
    expect(JSON.stringify(format.body)).toContain('Định dạng chỉ được là json hoặc pdf.');
    expectError(await api.request('GET', '/api/User/MyData'), 401, MSG.unauthenticated);
  });

  it('planned erasures: the landlord only', async () => {
    const path = `/api/PersonalData/Erasures?houseID=${tenancy.houseID}`;
    expect((await api.request('GET', path, { token: token.chunha as string })).status).toBe(200);
    expectError(await api.request('GET', path, { token: token.chunha2 as string }), 404, MESSAGES.notFound);
    expectError(
      await api.request('GET', path, { token: token.nguoithue as string }),
      403,
      MESSAGES.forbidden,
    );
  });
});

import { ISSUE_MESSAGES, type ImageLink, type Issue } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../support/png.js';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import {
  expectError,
  expectFieldError,
  MSG,
  type ODataCollection,
  type RoomReply,
  type SasReply,
} from './helpers.js';

/** Issue reports through the real handlers: a tenant reports with photos, the landlord handles, the tenant cancels. */

type IssueReply = Issue & { '@odata.etag': string; imageURLs: ImageLink[] };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha', headers = {}) {
  return api.request<T>(method, path, {
    token: token[user] as string,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

/** What the tenant's phone does: an upload key for the house's room images, then a PUT of the bytes. */
async function upload(bytes: Uint8Array<ArrayBuffer>, user = 'nguoithue'): Promise<string> {
  const sas = await call<SasReply>(
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${tenancy.houseID}&extension=png`,
    undefined,
    user,
  );
  expect(sas.status, JSON.stringify(sas.body)).toBe(200);
  const put = await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: bytes,
  });
  expect(put.status).toBe(201);
  return sas.body.blobName;
}

async function issuesOfContract(user = 'chunha'): Promise<IssueReply[]> {
  const reply = await call<ODataCollection<IssueReply>>(
    'GET',
    `/odata/Issue?contractID=${tenancy.contractID}`,
    undefined,
    user,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value;
}

function report(change: Record<string, unknown> = {}, user = 'nguoithue') {
  return call<IssueReply>(
    'POST',
    '/odata/Issue',
    { title: 'Vòi nước rò', description: 'Vòi trong nhà tắm rò nước suốt đêm.', ...change },
    user,
  );
}

describe('issue reports', () => {
  let issue: IssueReply;

  it('POST /odata/Issue by the tenant with a photo → 201, status 1, their contract and room', async () => {
    const photo = await upload(makePng());
    const reply = await report({ images: [photo] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      contractID: tenancy.contractID,
      roomID: tenancy.roomID,
      houseID: tenancy.houseID,
      roomName: 'P101',
      status: 1,
      images: [photo],
      createdBy: expect.any(String),
      createdByName: expect.any(String),
    });
    expect(reply.body.imageURLs).toEqual([
      {
        blobName: photo,
        url: expect.stringContaining(photo),
        thumbnailURL: expect.stringContaining(`${photo}.thumb.jpg`),
      },
    ]);
    // The read URL works: the photo is referenced now.
    expect((await fetch(reply.body.imageURLs[0]?.url as string)).status).toBe(200);
    expect(reply.headers.get('etag')).toBe(reply.body['@odata.etag']);
    issue = reply.body;
  });

  it('bad input → 400 with Vietnamese field errors; bytes that are not PNG → 400; nothing written', async () => {
    const before = (await issuesOfContract()).length;
    const empty = await report({ title: ' ', description: '' });
    expectFieldError(empty, 'title', 'Tiêu đề không được để trống!');
    expectFieldError(empty, 'description', 'Nội dung không được để trống!');
    const page = await upload(new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>')));
    expectError(await report({ images: [page] }), 400, 'Tệp tải lên không phải ảnh PNG hoặc JPEG.');
    expectFieldError(await report({ images: ['../../etc/passwd'] }), 'images.0', 'Tên tệp ảnh không hợp lệ.');
    expect((await issuesOfContract()).length).toBe(before);
  });

  it("another contract or another landlord's tenancy → 404", async () => {
    const rooms = await call<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${tenancy.houseID}`);
    const freeRoom = rooms.body.value.find(
      (room) => room.status === 'empty' && room.roomID !== tenancy.roomID,
    );
    const contract = await call<{ contractID: string }>('POST', '/odata/Contract', {
      roomID: freeRoom?.roomID,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      representative: { occupantName: 'Người thuê khác', gender: 1, phoneNumber: '0961000077' },
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    expectError(await report({ contractID: contract.body.contractID }), 404, MSG.notFound);
    expectError(await report({ contractID: tenancy.contractID }, 'chunha2'), 404, MSG.notFound);
    expectError(
      await call('GET', `/odata/Issue?contractID=${contract.body.contractID}`, undefined, 'nguoithue'),
      404,
      MSG.notFound,
    );
    expectError(await call('GET', `/odata/Issue/${issue.issueID}`, undefined, 'chunha2'), 404, MSG.notFound);
  });

  it('GET /odata/Issue by contract (tenant and landlord), by house with $filter/$count, and by id', async () => {
    expect((await issuesOfContract('nguoithue')).map((i) => i.issueID)).toContain(issue.issueID);
    const received = await call<ODataCollection<IssueReply>>(
      'GET',
      `/odata/Issue?houseID=${tenancy.houseID}&$filter=status eq 1&$orderby=createdOn desc&$count=true`,
      undefined,
      'nhanvien',
    );
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body['@odata.count']).toBe(received.body.value.length);
    expect(received.body.value.every((i) => i.status === 1)).toBe(true);
    const one = await call<IssueReply>('GET', `/odata/Issue/${issue.issueID}`, undefined, 'nguoithue');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ issueID: issue.issueID, imageURLs: [expect.any(Object)] });
  });

  it('GET /odata/Room/{id} expanding issues by status, with photo URLs', async () => {
    const expanded = await call<RoomReply & { issues: IssueReply[] }>(
      'GET',
      `/odata/Room/${tenancy.roomID}?$expand=issues($filter=status eq 1)`,
      undefined,
      'nguoithue',
    );
    expect(expanded.status, JSON.stringify(expanded.body)).toBe(200);
    expect(expanded.body.issues).toEqual([
      expect.objectContaining({ issueID: issue.issueID, imageURLs: [expect.any(Object)] }),
    ]);
    const handled = await call<RoomReply & { issues: IssueReply[] }>(
      'GET',
      `/odata/Room/${tenancy.roomID}?$expand=issues($filter=status eq 3)`,
    );
    expect(handled.body.issues).toEqual([]);
  });

  it('GET /odata/Contract expanding issues: the tenant’s own, with photo links made for each request', async () => {
    const path = `/odata/Contract?$expand=issues`;
    const first = await call<ODataCollection<{ contractID: string; issues: IssueReply[] }>>(
      'GET',
      path,
      undefined,
      'nguoithue',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const own = first.body.value.find((contract) => contract.contractID === tenancy.contractID);
    expect(own?.issues.map((each) => each.issueID)).toEqual([issue.issueID]);
    // Read links expire: a list reply holding them is not kept until the next write. A second later
    // (nothing written in between) the link is a new one, with a later expiry.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await call<ODataCollection<{ contractID: string; issues: IssueReply[] }>>(
      'GET',
      path,
      undefined,
      'nguoithue',
    );
    const link = (reply: typeof first) =>
      reply.body.value.find((contract) => contract.contractID === tenancy.contractID)?.issues[0]?.imageURLs[0]
        ?.url;
    expect(link(again)).toBeDefined();
    expect(link(again)).not.toBe(link(first));
  });

  it('PATCH the status: the tenant 403, a bad status 400, staff 200, a stale If-Match refused', async () => {
    expectError(
      await call('PATCH', `/odata/Issue/${issue.issueID}`, { status: 3 }, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectFieldError(
      await call('PATCH', '/odata/Issue', { issueID: issue.issueID, status: 5 }, 'nhanvien'),
      'status',
      'Trạng thái phải là 1, 2 hoặc 3.',
    );
    const handled = await call<IssueReply>(
      'PATCH',
      '/odata/Issue',
      { issueID: issue.issueID, status: 2, response: 'Thợ sẽ đến chiều nay.' },
      'nhanvien',
      { 'if-match': issue['@odata.etag'] },
    );
    expect(handled.status, JSON.stringify(handled.body)).toBe(200);
    expect(handled.body).toMatchObject({ status: 2, response: 'Thợ sẽ đến chiều nay.' });
    const stale = await call('PATCH', `/odata/Issue/${issue.issueID}`, { status: 3 }, 'chunha', {
      'if-match': issue['@odata.etag'],
    });
    expectError(stale, 412, MSG.stale);
    issue = handled.body;
  });

  it('DELETE: the tenant cannot cancel a handled report (409) but cancels a new one; the landlord deletes', async () => {
    expectError(
      await call('DELETE', `/odata/Issue/${issue.issueID}`, undefined, 'nguoithue'),
      409,
      ISSUE_MESSAGES.cannotCancel,
    );
    const fresh = await report({ title: 'Bóng đèn cháy' });
    expect(fresh.status).toBe(201);
    expect((await call('DELETE', `/odata/Issue/${fresh.body.issueID}`, undefined, 'nguoithue')).status).toBe(
      204,
    );
    expectError(await call('GET', `/odata/Issue/${fresh.body.issueID}`), 404, MSG.notFound);
    expectError(
      await call('DELETE', `/odata/Issue/${issue.issueID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expect((await call('DELETE', `/odata/Issue/${issue.issueID}`)).status).toBe(204);
    expect((await issuesOfContract()).map((i) => i.issueID)).not.toContain(issue.issueID);
  });
});

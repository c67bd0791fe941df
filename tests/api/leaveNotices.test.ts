import { addDays, LEAVE_NOTICE_MESSAGES, type LeaveNotice } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietnamDate } from '../../api/src/domain/shared/time.js';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type RoomReply } from './helpers.js';

/**
 * Notices of leaving through the real handlers (issue 27): the demo tenant of Hoa Sen P101 gives notice
 * from their phone, the landlord and Hoa Sen's staff see and acknowledge it; no one else reaches it.
 */

type NoticeReply = LeaveNotice & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
/** The demo contract ends on 2027-08-31. */
const CONTRACT_END = '2027-08-31';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

async function roomLeavingOn(): Promise<string | undefined> {
  const room = await call<RoomReply & { leavingOn?: string }>('GET', `/odata/Room/${tenancy.roomID}`);
  expect(room.status).toBe(200);
  return room.body.leavingOn;
}

describe('a notice of leaving', () => {
  it('is refused inside the notice period with the earliest day, and nothing is written', async () => {
    const today = vietnamDate(new Date());
    const reply = await call('POST', '/api/LeaveNotice', { leaveDate: addDays(today, 5) }, 'nguoithue');
    const earliest = addDays(today, 30).split('-').reverse().join('/');
    expectFieldError(
      reply,
      'leaveDate',
      `Nhà trọ yêu cầu báo trước 30 ngày: ngày trả phòng sớm nhất là ${earliest}.`,
    );
    const malformed = await call('POST', '/api/LeaveNotice', { leaveDate: '31/12/2026' }, 'nguoithue');
    expectFieldError(malformed, 'leaveDate', 'Ngày trả phòng không hợp lệ.');
    expect(await roomLeavingOn()).toBeUndefined();
  });

  it('is given by the tenant, seen on the dashboard list, and marks the room', async () => {
    const given = await call<{ data: NoticeReply; message: string }>(
      'POST',
      '/api/LeaveNotice',
      { leaveDate: CONTRACT_END, note: 'Về quê' },
      'nguoithue',
    );
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({
      message: LEAVE_NOTICE_MESSAGES.sent,
      data: { leaveDate: CONTRACT_END, status: 'open', contractID: tenancy.contractID, note: 'Về quê' },
    });
    expect(await roomLeavingOn()).toBe(CONTRACT_END);
    for (const user of ['chunha', 'nhanvien']) {
      const list = await call<{ value: NoticeReply[] }>(
        'GET',
        `/api/LeaveNotice?houseID=${tenancy.houseID}`,
        undefined,
        user,
      );
      expect(list.body.value.map((notice) => notice.leaveNoticeID)).toEqual([given.body.data.leaveNoticeID]);
    }
    const own = await call<{ value: NoticeReply[] }>('GET', '/api/LeaveNotice', undefined, 'nguoithue');
    expect(own.body.value).toHaveLength(1);
    const again = await call('POST', '/api/LeaveNotice', { leaveDate: CONTRACT_END }, 'nguoithue');
    expectError(again, 409, LEAVE_NOTICE_MESSAGES.alreadyGiven);
  });

  it('is out of reach of another landlord and of the tenant for acknowledging; the tenant withdraws it', async () => {
    const list = await call<{ value: NoticeReply[] }>('GET', `/api/LeaveNotice?houseID=${tenancy.houseID}`);
    const id = list.body.value[0]?.leaveNoticeID as string;
    expectError(
      await call('GET', `/api/LeaveNotice?houseID=${tenancy.houseID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(await call('POST', `/api/LeaveNotice/${id}/Acknowledge`, {}, 'chunha2'), 404, MSG.notFound);
    expectError(
      await call('POST', `/api/LeaveNotice/${id}/Acknowledge`, {}, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectError(await call('POST', `/api/LeaveNotice/${id}/Withdraw`, {}, 'chunha'), 403, MSG.forbidden);
    const withdrawn = await call<{ data: NoticeReply }>(
      'POST',
      `/api/LeaveNotice/${id}/Withdraw`,
      {},
      'nguoithue',
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect(await roomLeavingOn()).toBeUndefined();
  });

  it('once acknowledged by the staff it cannot be withdrawn', async () => {
    const given = await call<{ data: NoticeReply }>(
      'POST',
      '/api/LeaveNotice',
      { leaveDate: CONTRACT_END },
      'nguoithue',
    );
    const id = given.body.data.leaveNoticeID;
    const acknowledged = await call<{ data: NoticeReply }>(
      'POST',
      `/api/LeaveNotice/${id}/Acknowledge`,
      {},
      'nhanvien',
    );
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body.data.status).toBe('acknowledged');
    expectError(
      await call('POST', `/api/LeaveNotice/${id}/Withdraw`, {}, 'nguoithue'),
      409,
      LEAVE_NOTICE_MESSAGES.notOpen,
    );
    expect(await roomLeavingOn()).toBe(CONTRACT_END);
  });

  it("the landlord sets the house's notice period, within 0–180 days", async () => {
    const house = await call<{ noticeDays?: number }>('PATCH', `/odata/House/${tenancy.houseID}`, {
      noticeDays: 45,
    });
    expect(house.status, JSON.stringify(house.body)).toBe(200);
    expect(house.body.noticeDays).toBe(45);
    const tooLong = await call('PATCH', `/odata/House/${tenancy.houseID}`, { noticeDays: 400 });
    expectFieldError(tooLong, 'noticeDays', 'Số ngày báo trước tối đa 180 ngày.');
  });
});

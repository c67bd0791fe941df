import { NOTIFICATION_MESSAGES, type Notification, type ZaloTokenView } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection, type RoomReply } from './helpers.js';

/**
 * Notices, the outbox and the Zalo token through the real handlers: the landlord posts, the tenant reads
 * and marks read, the local outbox shows what would go out, the sender timer delivers it locally.
 */

type NoticeReply = Notification & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
let tenantRoom = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['admin', 'chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const houses = sessions.chunha?.houses ?? [];
  hoaSen = houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID as string;
  binhAn = houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
  tenantRoom = sessions.nguoithue?.roomID as string;
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    ...(user ? { token: token[user] as string } : {}),
    ...(body === undefined ? {} : { body }),
  });
}

async function outbox(): Promise<OutboxMessage[]> {
  const reply = await api.request<{ status: boolean; data: OutboxMessage[] }>(
    'GET',
    '/_dev/outbox?format=json',
  );
  expect(reply.status).toBe(200);
  return reply.body.data;
}

describe('POST /odata/Notification', () => {
  it('the landlord posts to the tenant’s room: 201, and the outbox holds one message to that tenant', async () => {
    const reply = await call<NoticeReply>('POST', '/odata/Notification', {
      houseID: hoaSen,
      title: 'Sửa điện hành lang',
      body: 'Chiều nay thợ sửa điện hành lang tầng 1, có thể mất điện 30 phút.',
      roomIDs: [tenantRoom],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      houseID: hoaSen,
      audience: 'rooms',
      roomIDs: [tenantRoom],
      recipients: 1,
      readCount: 0,
      createdByName: 'Nguyễn Văn Hùng',
    });
    expect(reply.headers.get('etag')).toBe(reply.body['@odata.etag']);
    const messages = (await outbox()).filter((message) => message.subjectID === reply.body.notificationID);
    expect(messages).toEqual([
      expect.objectContaining({
        event: 'notification',
        state: 'pending',
        recipient: expect.objectContaining({ name: 'Lê Minh Tuấn', phoneNumber: '0987654321' }),
        subject: 'Nhà trọ Hoa Sen: Sửa điện hành lang',
        channels: ['zalo', 'sms'],
      }),
    ]);
  });

  it('bad input is a Vietnamese 400 naming the field; another landlord 404; staff of another house 404; a tenant 403', async () => {
    expectFieldError(
      await call('POST', '/odata/Notification', { houseID: hoaSen, title: ' ', body: 'x' }),
      'title',
      'Tiêu đề không được để trống!',
    );
    expectFieldError(
      await call('POST', '/odata/Notification', { houseID: hoaSen, title: 'a', body: 'b', roomIDs: ['x'] }),
      'roomIDs.0',
      'Mã phòng không hợp lệ.',
    );
    const sample = { houseID: binhAn, title: 'Thông báo', body: 'Nội dung' };
    expectError(await call('POST', '/odata/Notification', sample, 'chunha2'), 404, MSG.notFound);
    expectError(await call('POST', '/odata/Notification', sample, 'nhanvien'), 404, MSG.notFound);
    expectError(
      await call('POST', '/odata/Notification', { ...sample, houseID: hoaSen }, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    // Bình An has no tenant: nobody to tell.
    expectError(await call('POST', '/odata/Notification', sample), 409, NOTIFICATION_MESSAGES.noRecipients);
  });
});

describe('GET /odata/Notification', () => {
  it('HouseID and DayRange: the house’s notices of the last days, newest first, with read counts', async () => {
    const week = await call<ODataCollection<NoticeReply>>(
      'GET',
      `/odata/Notification?HouseID=${hoaSen}&DayRange=7&$count=true`,
    );
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    const titles = week.body.value.map((notice) => notice.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Diễn tập phòng cháy chữa cháy', 'Tạm ngưng cấp nước sáng thứ Bảy']),
    );
    expect(
      week.body.value.find((notice) => notice.title === 'Tạm ngưng cấp nước sáng thứ Bảy')?.readCount,
    ).toBe(1);
    const today = await call<ODataCollection<NoticeReply>>(
      'GET',
      `/odata/Notification?HouseID=${hoaSen}&DayRange=0`,
    );
    expect(today.body.value.map((notice) => notice.title)).not.toContain('Tạm ngưng cấp nước sáng thứ Bảy');
    expectFieldError(
      await call('GET', `/odata/Notification?HouseID=${hoaSen}&DayRange=mot`),
      'DayRange',
      NOTIFICATION_MESSAGES.dayRangeInvalid,
    );
    const staff = await call<ODataCollection<NoticeReply>>(
      'GET',
      `/odata/Notification?HouseID=${hoaSen}`,
      undefined,
      'nhanvien',
    );
    expect(staff.status).toBe(200);
    expectError(
      await call('GET', `/odata/Notification?HouseID=${hoaSen}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
  });

  it('the tenant reads theirs without parameters, unread marked, and marks one read; another house is 404', async () => {
    const mine = await call<ODataCollection<NoticeReply>>(
      'GET',
      '/odata/Notification',
      undefined,
      'nguoithue',
    );
    expect(mine.status).toBe(200);
    const drill = mine.body.value.find((notice) => notice.title === 'Diễn tập phòng cháy chữa cháy');
    const water = mine.body.value.find((notice) => notice.title === 'Tạm ngưng cấp nước sáng thứ Bảy');
    expect(drill).toMatchObject({ read: false });
    expect(water).toMatchObject({ read: true, readOn: expect.any(String) });
    expect(mine.body.value[0]).not.toHaveProperty('contractIDs');

    const read = await call<NoticeReply>(
      'POST',
      `/odata/Notification/${drill?.notificationID}/Read`,
      undefined,
      'nguoithue',
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ notificationID: drill?.notificationID, read: true });
    const one = await call<NoticeReply>(
      'GET',
      `/odata/Notification/${drill?.notificationID}`,
      undefined,
      'nguoithue',
    );
    expect(one.body.read).toBe(true);

    expectError(
      await call('GET', `/odata/Notification?HouseID=${binhAn}`, undefined, 'nguoithue'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('POST', `/odata/Notification/${drill?.notificationID}/Read`, undefined, 'chunha'),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('POST', '/odata/Notification/khong-co-thong-bao/Read', undefined, 'nguoithue'),
      404,
      MSG.notFound,
    );
  });

  it('a notice to the whole house shows the tenant their own room only, not the others nor how many tenants', async () => {
    const ofHouse = await call<ODataCollection<NoticeReply>>('GET', `/odata/Notification?HouseID=${hoaSen}`);
    const drill = ofHouse.body.value.find((notice) => notice.title === 'Diễn tập phòng cháy chữa cháy');
    expect(drill).toMatchObject({ audience: 'house', recipients: expect.any(Number) });
    const others = (drill?.roomIDs ?? []).filter((roomID) => roomID !== tenantRoom);
    expect(others.length).toBeGreaterThan(0);

    const replies = [
      await call<ODataCollection<NoticeReply>>('GET', '/odata/Notification', undefined, 'nguoithue'),
      await call<NoticeReply>('GET', `/odata/Notification/${drill?.notificationID}`, undefined, 'nguoithue'),
      await call<RoomReply>('GET', `/odata/Room/${tenantRoom}?$expand=notifications`, undefined, 'nguoithue'),
    ];
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const text = JSON.stringify(reply.body);
      for (const roomID of others) expect(text).not.toContain(roomID);
      expect(text).not.toContain('"recipients"');
    }
    expect(replies[1]?.body).toMatchObject({ audience: 'house', roomIDs: [tenantRoom], roomNames: [] });
    expectError(
      await call('GET', '/odata/Notification?$filter=recipients gt 1', undefined, 'nguoithue'),
      400,
      'Trường "recipients" không tồn tại.',
    );
  });

  it('GET /odata/Room/{id}?$expand=notifications: the notices that reached the room', async () => {
    const room = await call<RoomReply & { notifications: NoticeReply[] }>(
      'GET',
      `/odata/Room/${tenantRoom}?$expand=notifications($select=title,createdOn)`,
      undefined,
      'nguoithue',
    );
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    expect(room.body.notifications.map((notice) => notice.title)).toEqual(
      expect.arrayContaining(['Diễn tập phòng cháy chữa cháy', 'Sửa điện hành lang']),
    );
  });
});

describe('the outbox, locally', () => {
  it('the sender timer delivers every due message to "local"; the page shows them, newest first', async () => {
    const fired = await api.request<{ status: boolean }>('POST', '/_dev/timers/outboxSender');
    expect(fired.status).toBe(200);
    const messages = await outbox();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message.state, JSON.stringify(message)).toBe('sent');
      expect(message.deliveries.every((delivery) => delivery.to === 'local')).toBe(true);
    }
    const dates = messages.map((message) => message.createdOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page = await api.request<string>('GET', '/_dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.body).toContain('Hộp thư đi');
    expect(page.body).toContain('Nhà trọ Hoa Sen: Sửa điện hành lang');
  });

  it('the daily reminders timer runs locally', async () => {
    const fired = await api.request<{ status: boolean }>('POST', '/_dev/timers/dailyReminders');
    expect(fired.status).toBe(200);
  });
});

describe('POST /api/MetaData/SetZaloAccessToken', () => {
  it('the super admin sets the token: stored, answered masked; GET shows it masked', async () => {
    const secret = 'zalo-oa-access-token-1234567890-wxyz';
    const reply = await call<{ status: boolean; data: ZaloTokenView }>(
      'POST',
      '/api/MetaData/SetZaloAccessToken',
      { accessToken: secret, refreshToken: 'zalo-oa-refresh-token-0987654321', templateID: '245678' },
      'admin',
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      status: true,
      data: {
        configured: true,
        maskedToken: '••••wxyz',
        templateID: '245678',
        updatedOn: expect.any(String),
        expiresOn: expect.any(String),
        refreshTokenExpiresOn: expect.any(String),
        // The local run has no Zalo app configured: the page says it will not renew by itself.
        autoRenew: false,
        autoRenewBlocked: 'Máy chủ chưa cấu hình ứng dụng Zalo (ZALO_APP_ID, ZALO_APP_SECRET).',
      },
    });
    expect(JSON.stringify(reply.body)).not.toContain('zalo-oa-refresh-token');
    const shown = await call<{ status: boolean; data: ZaloTokenView }>(
      'GET',
      '/api/MetaData/ZaloAccessToken',
      undefined,
      'admin',
    );
    expect(JSON.stringify(shown.body)).not.toContain(secret);
    expect(shown.body.data).toMatchObject({ configured: true, maskedToken: '••••wxyz' });
  });

  it('refuses others (403), bad input (400 naming the field), and anonymous callers (401)', async () => {
    expectError(
      await call('POST', '/api/MetaData/SetZaloAccessToken', { accessToken: 'abc' }, 'chunha'),
      403,
      MSG.forbidden,
    );
    expectError(
      await call('GET', '/api/MetaData/ZaloAccessToken', undefined, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expectFieldError(
      await call('POST', '/api/MetaData/SetZaloAccessToken', { accessToken: '' }, 'admin'),
      'accessToken',
      'Zalo token không được để trống!',
    );
    expectFieldError(
      await call(
        'POST',
        '/api/MetaData/SetZaloAccessToken',
        { accessToken: 'abc', templateID: 'x1' },
        'admin',
      ),
      'templateID',
      'Mã mẫu ZNS chỉ gồm chữ số (tối đa 20).',
    );
    expectError(
      await call('POST', '/api/MetaData/SetZaloAccessToken', { accessToken: 'abc' }, ''),
      401,
      MSG.unauthenticated,
    );
  });
});

import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import type { Device, Fee, House, ImageLink, Room } from '@nhatro/common';
import type { apiClient, ApiReply, RequestOptions } from '../support/product.js';

/** At least one letter with a Vietnamese diacritic: the message is written for a Vietnamese user. */
export const VIETNAMESE = /[À-ỹ]/u;

export const MSG = {
  usernameRequired: 'Tên đăng nhập không được để trống!',
  passwordRequired: 'Mật khẩu không được để trống!',
  wrongCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng!',
  accountDisabled: 'Tài khoản đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên.',
  unauthenticated: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  invalidRefreshToken: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.',
  forbidden: 'Bạn không có quyền thực hiện thao tác này.',
  notFound: 'Không tìm thấy dữ liệu yêu cầu.',
  stale: 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.',
  malformedJson: 'Dữ liệu gửi lên không đúng định dạng JSON.',
  unsupportedMediaType: 'Định dạng dữ liệu gửi lên không được hỗ trợ.',
  methodNotAllowed: 'Phương thức không được hỗ trợ.',
  routeNotFound: 'Đường dẫn API không tồn tại.',
  blobNameInvalid: 'Tên tệp không hợp lệ.',
  tooManyAttempts: (minutes: number) =>
    `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  tooManyAttemptsSeconds: (seconds: number) =>
    `Bạn đã đăng nhập sai nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  invalidToken: 'Phiên đăng nhập không hợp lệ. Vui lòng đăng nhập lại.',
  idMismatch: (label: string) => `${label} trong dữ liệu gửi lên không khớp với đường dẫn.`,
  invalidQuery: (detail: string) => `Tham số truy vấn không hợp lệ: ${detail}`,
  unknownField: (field: string) => `Trường "${field}" không tồn tại.`,
} as const;

interface ErrorBody {
  status?: boolean;
  value?: string;
  errorMessage: string;
}

/** A reply with its status and parsed body (an `ApiReply`, or a raw reply's JSON). */
export interface ReplyLike {
  status: number;
  body: unknown;
}

/** An error reply of the `{ status: false, errorMessage }` shape with exactly this status and message. */
export function expectError(reply: ReplyLike, status: number, message: string | RegExp): void {
  expect({ status: reply.status, body: reply.body }).toMatchObject({
    status,
    body: { errorMessage: typeof message === 'string' ? message : expect.stringMatching(message) },
  });
  const body = reply.body as ErrorBody;
  expect(body.errorMessage).toMatch(VIETNAMESE);
  if (status >= 400) expect(body).not.toHaveProperty('token');
}

/** Every reply of the route probes: no 5xx; a refusal is JSON in the usual shape with nosniff. */
export function expectWellFormed(reply: ApiReply, label: string): void {
  expect(reply.status, `${label}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (reply.status >= 400) {
    expect(reply.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(reply.headers.get('content-type'), label).toMatch(/^application\/json/);
    const body = reply.body as { errorMessage?: string } | Array<{ errorMessage: string }>;
    const message = Array.isArray(body) ? body[0]?.errorMessage : body.errorMessage;
    expect(message, label).toMatch(VIETNAMESE);
  }
}

/** A 400 whose field list has this message for this field. */
export function expectFieldError(reply: ReplyLike, field: string, message: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body).toEqual(expect.arrayContaining([{ field, errorMessage: message }]));
}

/** A signed-in demo user as `apiClient(...).login` returns it. */
export type ApiSession = Awaited<ReturnType<ReturnType<typeof apiClient>['login']>>;

/** An OData collection reply. */
export interface ODataCollection<T> {
  '@odata.context': string;
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  value: T[];
}

/** Entities as the API returns them: the shared definition plus the ETag of the OData reply. */
type WithETag<T> = T & { '@odata.etag'?: string };
export type RoomReply = WithETag<Room> & { imageURLs?: ImageLink[] };
export type DeviceReply = WithETag<Device> & { imageURLs: ImageLink[] };
export type FeeReply = WithETag<Fee>;
export type HouseReply = WithETag<House>;

/** The reply of the `GetXxxContainerSAS` endpoints: a create-only SAS for one blob. */
export interface SasReply {
  status: boolean;
  accessKey: string;
  blobName: string;
  uploadURL: string;
  expiresOn: string;
}

/** The payload of a JWT, without checking its signature (tests only). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The roles of spec section 6 as the API must send them (literal values, not the source constants). */
export const EXPECTED_ROLES = {
  1: {
    roleID: 1,
    roleName: 'Quản trị hệ thống',
    superAdminPermission: 4,
    housePermission: 0,
    contractPermission: 0,
    roomPermission: 0,
    lesseePermission: 0,
    devicePermission: 0,
    vehiclePermission: 0,
    billingPermission: 0,
  },
  2: {
    roleID: 2,
    roleName: 'Chủ trọ',
    superAdminPermission: 0,
    housePermission: 4,
    contractPermission: 4,
    roomPermission: 4,
    lesseePermission: 4,
    devicePermission: 4,
    vehiclePermission: 4,
    billingPermission: 4,
  },
  3: {
    roleID: 3,
    roleName: 'Nhân viên',
    superAdminPermission: 0,
    housePermission: 1,
    contractPermission: 3,
    roomPermission: 3,
    lesseePermission: 3,
    devicePermission: 3,
    vehiclePermission: 3,
    billingPermission: 3,
  },
  4: {
    roleID: 4,
    roleName: 'Người thuê',
    superAdminPermission: 0,
    housePermission: 1,
    contractPermission: 1,
    roomPermission: 1,
    lesseePermission: 1,
    devicePermission: 1,
    vehiclePermission: 1,
    billingPermission: 1,
  },
} as const;

/**
 * A JSON request sent from another loopback address (127.0.0.2, 127.0.0.3…): the host sees it as
 * another client, as the platform's X-Forwarded-For would show a second caller.
 */
export function requestFrom(
  baseUrl: string,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiReply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress,
        headers: text === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          let parsed: unknown = raw;
          try {
            parsed = raw ? JSON.parse(raw) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * A house of a signed-in landlord by name, one of its rooms (by position in name order), its first
 * fee, and a new device in that room: the objects the request probes aim at.
 */
export async function houseObjects(
  api: ReturnType<typeof apiClient>,
  session: ApiSession,
  houseName: string,
  device: { roomIndex: number; deviceName: string; value: number },
): Promise<{ house: string; room: string; fee: string; device: string }> {
  const token = session.token.accessToken;
  const house = session.houses.find((candidate) => candidate.houseName === houseName)?.houseID as string;
  const rooms = await api.request<{ value: Array<{ roomID: string }> }>(
    'GET',
    `/odata/Room?houseID=${house}`,
    {
      token,
    },
  );
  const room = rooms.body.value[device.roomIndex]?.roomID as string;
  const fees = await api.request<{ value: Array<{ serviceID: string }> }>(
    'GET',
    `/odata/Service?houseID=${house}`,
    {
      token,
    },
  );
  const created = await api.request<{ deviceID: string }>('POST', '/odata/Device', {
    token,
    body: { roomID: room, deviceName: device.deviceName, quantity: 1, condition: 'Tốt', value: device.value },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { house, room, fee: fees.body.value[0]?.serviceID as string, device: created.body.deviceID };
}

/** A request as a demo account named in `tokens` (`user`), or anonymous without one. */
export type CheckedSend = <T = unknown>(
  method: string,
  path: string,
  options?: RequestOptions & { user?: string },
) => Promise<ApiReply<T>>;

/**
 * Requests whose every reply is checked: well formed, never a 5xx when `noServerErrors`, and a refusal in
 * Vietnamese. `client` is read at each request (the product starts in `beforeAll`).
 */
export function checkedSender(
  client: () => ReturnType<typeof apiClient>,
  tokens: Record<string, string>,
  { noServerErrors = false }: { noServerErrors?: boolean } = {},
): CheckedSend {
  return async <T = unknown>(
    method: string,
    path: string,
    options: RequestOptions & { user?: string } = {},
  ) => {
    const { user, ...rest } = options;
    const reply = await client().request<T>(method, path, {
      ...rest,
      ...(user ? { token: tokens[user] as string } : {}),
    });
    expectWellFormed(reply, `${method} ${path}`);
    if (noServerErrors) {
      expect(reply.status, `${method} ${path} ${JSON.stringify(reply.body)}`).toBeLessThan(500);
    }
    if (reply.status >= 400) expect(JSON.stringify(reply.body), `${method} ${path}`).toMatch(VIETNAMESE);
    return reply;
  };
}

/** A contract chunha makes on an empty room of Bình An (starting in 2030): not the demo tenant's house. */
export async function contractInBinhAn(
  send: CheckedSend,
  binhAnID: string,
  representative: { occupantName: string; phoneNumber: string },
): Promise<{ roomID: string; contractID: string }> {
  const rooms = await send<{ value: Array<{ roomID: string; status: string }> }>(
    'GET',
    `/odata/Room?houseID=${binhAnID}`,
    { user: 'chunha' },
  );
  const empty = rooms.body.value.find((room) => room.status === 'empty');
  const contract = await send<{ contractID: string }>('POST', '/odata/Contract', {
    user: 'chunha',
    body: {
      roomID: empty?.roomID,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      representative: { ...representative, gender: 1 },
    },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  return { roomID: empty?.roomID ?? '', contractID: contract.body.contractID };
}

/** The demo landlord's bank account the VietQR and the bank feeds name. */
export const DEMO_BANK_ACCOUNT = '0071000123456';

/**
 * An incoming transfer as SePay's webhook sends it (developer.sepay.vn, "Tích hợp WebHooks"), written out
 * here by the tests rather than taken from the product's code; `id` is SePay's transaction id.
 */
export function sepayTransfer(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-20 09:15:00',
    accountNumber: DEMO_BANK_ACCOUNT,
    code: null,
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 100_000,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${id}`,
    description: 'BankAPINotify chuyen tien',
    ...over,
  };
}

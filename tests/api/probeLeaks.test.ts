/**
 * The permanent probe's cases of leaks inside a house (issue 21): a tenant shares the house with others,
 * and sees only what is theirs. Every photo the landlord sees in the house (rooms, issue reports) is
 * asked by the tenant by its name: a read link for their own room's and their own reports' photos, the
 * same 404 as a name that never existed for everyone else's. Every route a tenant reads notices by
 * (list, one, mark read, the room's expand) names none of the house's other rooms and not how many
 * tenants a notice reached. And an oracle between landlords: the bank feed answers another landlord's
 * bill code exactly as a code no bill carries. Every reply is well formed (tests/api/helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedSignature } from '../../api/src/useCases/bankTransfers/matching.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { makePng } from '../support/png.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectWellFormed, MSG } from './helpers.js';

interface RoomView {
  roomID: string;
  roomName: string;
  status: string;
  images: string[];
}
interface IssueView {
  issueID: string;
  contractID: string;
  images: string[];
}

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let rooms: RoomView[] = [];
let neighbourRoom: RoomView;
let neighbourContract = '';

async function call<T>(user: string, method: string, path: string, body?: unknown): Promise<ApiReply<T>> {
  const reply = await api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
  expectWellFormed(reply, `${user}: ${method} ${path}`);
  return reply;
}

/** A photo uploaded with the room-image upload key of the house (the tenant has one for their reports). */
async function aPhoto(user: string): Promise<string> {
  const sas = await call<{ blobName: string; uploadURL: string }>(
    user,
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${tenancy.houseID}`,
  );
  expect(sas.status, JSON.stringify(sas.body)).toBe(200);
  const put = await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  expect(put.status).toBe(201);
  return sas.body.blobName;
}

async function roomPhoto(roomID: string): Promise<void> {
  const added = await call('chunha', 'POST', `/odata/Room/${roomID}/Images`, {
    blobName: await aPhoto('chunha'),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}

async function issueWithPhoto(user: string, contractID?: string): Promise<void> {
  const created = await call(user, 'POST', '/odata/Issue', {
    ...(contractID ? { contractID } : {}),
    title: 'Bóng đèn hỏng',
    description: 'Bóng đèn nhà tắm không sáng.',
    images: [await aPhoto(user)],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

async function houseRooms(): Promise<RoomView[]> {
  const reply = await call<{ value: RoomView[] }>('chunha', 'GET', `/odata/Room?houseID=${tenancy.houseID}`);
  expect(reply.status).toBe(200);
  return reply.body.value;
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  // A neighbour: another tenancy in the tenant's house, on an empty room.
  const empty = (await houseRooms()).find(
    (room) => room.status === 'empty' && room.roomID !== tenancy.roomID,
  );
  expect(empty).toBeDefined();
  neighbourRoom = empty as RoomView;
  const contract = await call<{ contractID: string }>('chunha', 'POST', '/odata/Contract', {
    roomID: neighbourRoom.roomID,
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    representative: { occupantName: 'Hàng xóm dò', gender: 1, phoneNumber: '0962000021' },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  neighbourContract = contract.body.contractID;
  await roomPhoto(tenancy.roomID);
  await roomPhoto(neighbourRoom.roomID);
  await issueWithPhoto('nguoithue');
  await issueWithPhoto('chunha', neighbourContract);
  rooms = await houseRooms();
}, 60_000);
afterAll(() => product?.stop());

describe('photos of the house, asked by a tenant by their names', () => {
  it('a read link for their own room’s and reports’ photos; any other photo of the house is the 404 of a name that never was', async () => {
    const issues = await call<{ value: IssueView[] }>(
      'chunha',
      'GET',
      `/odata/Issue?houseID=${tenancy.houseID}`,
    );
    expect(issues.status).toBe(200);
    const photos = [
      ...rooms.flatMap((room) => room.images.map((name) => ({ name, mine: room.roomID === tenancy.roomID }))),
      ...issues.body.value.flatMap((issue) =>
        issue.images.map((name) => ({ name, mine: issue.contractID === tenancy.contractID })),
      ),
    ];
    // Not a vacuous sweep: the neighbour's room photo and report photo are among them, and the tenant's own.
    expect(photos.filter((photo) => !photo.mine).length).toBeGreaterThanOrEqual(2);
    expect(photos.filter((photo) => photo.mine).length).toBeGreaterThanOrEqual(2);

    const read = (name: string) =>
      call<{ url?: string }>(
        'nguoithue',
        'GET',
        `/api/BlobAccess/GetReadURL?${new URLSearchParams({ container: 'room-images', blobName: name })}`,
      );
    const never = await read(`${tenancy.houseID}/room-1700000000000-abcdef.png`);
    expectError(never, 404, MSG.notFound);
    for (const photo of photos) {
      const reply = await read(photo.name);
      if (photo.mine) {
        expect(reply.status, `${photo.name}: ${JSON.stringify(reply.body)}`).toBe(200);
        expect(reply.body.url).toContain(photo.name);
      } else {
        expect({ name: photo.name, status: reply.status, body: reply.body }).toEqual({
          name: photo.name,
          status: 404,
          body: never.body,
        });
      }
    }
    // The landlord reads every one of them.
    for (const photo of photos) {
      expect(
        (
          await call(
            'chunha',
            'GET',
            `/api/BlobAccess/GetReadURL?${new URLSearchParams({ container: 'room-images', blobName: photo.name })}`,
          )
        ).status,
      ).toBe(200);
    }
  });
});

describe('notices, read by a tenant', () => {
  it('a notice to the whole house or to several rooms names only the tenant’s room, and not how many it reached', async () => {
    const houseWide = await call<{ notificationID: string; roomIDs: string[] }>(
      'chunha',
      'POST',
      '/odata/Notification',
      {
        houseID: tenancy.houseID,
        title: 'Bảo trì thang máy',
        body: 'Thang máy ngừng chạy từ 9 giờ đến 11 giờ.',
      },
    );
    const twoRooms = await call<{ notificationID: string; roomIDs: string[] }>(
      'chunha',
      'POST',
      '/odata/Notification',
      {
        houseID: tenancy.houseID,
        title: 'Sửa ống nước',
        body: 'Thợ đến sửa ống nước chiều nay.',
        roomIDs: [tenancy.roomID, neighbourRoom.roomID],
      },
    );
    expect([houseWide.status, twoRooms.status]).toEqual([201, 201]);
    // The landlord sees every room each reached: what the tenant must not.
    expect(houseWide.body.roomIDs).toHaveLength(rooms.length);
    expect(twoRooms.body.roomIDs).toContain(neighbourRoom.roomID);
    const others = rooms.filter((room) => room.roomID !== tenancy.roomID);

    const replies: Array<ApiReply<unknown>> = [
      await call('nguoithue', 'GET', '/odata/Notification'),
      await call('nguoithue', 'GET', '/odata/Notification?$select=title,roomIDs,roomNames&$count=true'),
      await call('nguoithue', 'GET', `/odata/Notification/${houseWide.body.notificationID}`),
      await call('nguoithue', 'GET', `/odata/Notification/${twoRooms.body.notificationID}`),
      await call('nguoithue', 'POST', `/odata/Notification/${twoRooms.body.notificationID}/Read`),
      await call('nguoithue', 'GET', `/odata/Room/${tenancy.roomID}?$expand=notifications`),
      await call('nguoithue', 'GET', `/odata/Room?$expand=notifications($select=roomIDs,roomNames)`),
    ];
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const text = JSON.stringify(reply.body);
      for (const room of others) {
        expect(text, `${room.roomName} (${room.roomID})`).not.toContain(room.roomID);
        expect(text).not.toContain(`"${room.roomName}"`);
      }
      expect(text).not.toContain('"recipients"');
    }
    const own = replies[3]?.body as { roomIDs: string[]; roomNames: string[] };
    expect(own).toMatchObject({ roomIDs: [tenancy.roomID], roomNames: [expect.any(String)] });
    for (const query of ['$filter=recipients gt 1', '$orderby=recipients desc']) {
      expectError(
        await call('nguoithue', 'GET', `/odata/Notification?${query}`),
        400,
        MSG.unknownField('recipients'),
      );
    }
  });
});

describe('the bank feed, to another landlord', () => {
  /** chunha2's account (the demo seed's), which receives the transfers below. */
  const OTHER_ACCOUNT = '19036778899011';
  interface Waiting {
    bankTransferID: string;
    transactionID: string;
    unmatchedReason?: string;
  }

  async function feed(transactions: Array<{ transactionID: string; description: string }>) {
    const body = JSON.stringify({
      transactions: transactions.map((transaction) => ({
        ...transaction,
        accountNumber: OTHER_ACCOUNT,
        amount: 700_000,
        transactedOn: '2026-11-21T08:00:00+07:00',
      })),
    });
    const t = String(Math.floor(Date.now() / 1000));
    const reply = await api.request('POST', '/api/BankFeed/Transactions', {
      rawBody: body,
      headers: {
        'x-bank-feed-signature': `t=${t},v1=${feedSignature(t, body, product.services.config.bankFeedSecret ?? '')}`,
        'content-type': 'application/json',
      },
    });
    expectWellFormed(reply, 'BankFeed/Transactions');
    return reply;
  }

  it('another landlord’s bill code is, in the reply, the waiting list and on assigning, a code that does not exist', async () => {
    const bill = await aMonthlyBill(product.services, tenancy, { month: '2024-07' });
    const unknown = 'NTAAAAAAAA';
    expect(bill.billCode).not.toBe(unknown);
    const fed = await feed([
      { transactionID: 'FTLEAK0001', description: `chuyen tien ${bill.billCode}` },
      { transactionID: 'FTLEAK0002', description: `chuyen tien ${unknown}` },
    ]);
    expect(fed.body).toEqual({
      status: true,
      data: { received: 2, matched: 0, unmatched: 2, duplicates: 0 },
    });

    const list = await call<{ value: Waiting[] }>('chunha2', 'GET', '/odata/BankTransfer?status=unmatched');
    const foreign = list.body.value.find((transfer) => transfer.transactionID === 'FTLEAK0001');
    const nowhere = list.body.value.find((transfer) => transfer.transactionID === 'FTLEAK0002');
    expect(foreign?.unmatchedReason).toMatch(/[À-ỹ]/u);
    expect(foreign?.unmatchedReason).toBe(nowhere?.unmatchedReason);

    const assign = (billCode: string) =>
      call('chunha2', 'POST', '/api/BankFeed/Assign', { bankTransferID: foreign?.bankTransferID, billCode });
    const toForeign = await assign(bill.billCode);
    const toNowhere = await assign(unknown);
    expect(toForeign.status).toBe(404);
    expect({ status: toForeign.status, body: toForeign.body }).toEqual({
      status: toNowhere.status,
      body: toNowhere.body,
    });
    // chunha's bill took none of it.
    const saved = await call<{ paidAmount: number }>(
      'chunha',
      'GET',
      `/odata/MonthlyBill/${bill.monthlyBillID}`,
    );
    expect(saved.body.paidAmount).toBe(0);
  });
});

import {
  type Contract,
  type ContractChange,
  type RepresentativeAccount,
  type Reservation,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import type { RoomDoc } from '../../api/src/domain/shared/model.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { expectError, expectFieldError, MSG, type ODataCollection, type RoomReply } from './helpers.js';

/** Reservations and contracts through the real handlers, from a deposit to an early end. */

type ContractReply = Contract & { representativeAccount?: RepresentativeAccount };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let binhAn = '';
let roomID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
  const rooms = await api.request<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${binhAn}`, {
    token: token.chunha as string,
  });
  roomID = rooms.body.value[0]?.roomID as string;
});
afterAll(() => product?.stop());

function send<T>(method: string, path: string, body: unknown, user = 'chunha') {
  return api.request<T>(method, path, { token: token[user] as string, body });
}

describe('from a deposit to a signed contract and back', () => {
  let reservationID = '';
  let contractID = '';

  it('a deposit reserves the room; a second one is 409; another landlord gets 404', async () => {
    const deposit = {
      roomID,
      fullName: 'Phạm Gia Bảo',
      phoneNumber: '0938111222',
      deposit: 2_000_000,
      expectedMoveInDate: '2030-01-01',
    };
    const reply = await send<{ status: boolean; data: Reservation }>(
      'POST',
      '/api/Reservation/Reserve',
      deposit,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'active', deposit: 2_000_000 });
    reservationID = reply.body.data.reservationID;
    expectError(
      await send('POST', '/api/Reservation/Reserve', deposit),
      409,
      'Phòng đã được đặt cọc. Hãy hủy cọc cũ trước khi nhận cọc mới.',
    );
    expectError(await send('POST', '/api/Reservation/Reserve', deposit, 'chunha2'), 404, MSG.notFound);
    expectFieldError(
      await send('POST', '/api/Reservation/Reserve', { ...deposit, phoneNumber: '12345' }),
      'phoneNumber',
      'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
    );
    const listed = await api.request<{ data: Reservation[] }>(
      'GET',
      `/api/Reservation/Get?houseID=${binhAn}`,
      {
        token: token.chunha as string,
      },
    );
    expect(listed.body.data.map((item) => item.reservationID)).toEqual([reservationID]);
  });

  it('the contract from the reservation sends its tenant a code; they open their account with it', async () => {
    const reply = await send<ContractReply>('POST', '/odata/Contract', {
      roomID,
      reservationID,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      representative: { occupantName: 'Phạm Gia Bảo', gender: 'nam', phoneNumber: '0938111222' },
      occupants: [{ occupantName: 'Phạm Gia Huy', gender: 'nam' }],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: '51F-123.45' }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      status: 1,
      deposit: 2_000_000,
      deposited: true,
      accountLinkPending: true,
    });
    contractID = reply.body.contractID;
    expect(reply.body.representativeAccount).toEqual({
      username: '0938111222',
      linkPending: true,
      sentTo: '•••••••222',
      expiresOn: expect.any(String),
    });
    // No account before the person confirms; then their phone and their own password open it.
    const early = await api.request('POST', '/api/User/Login', {
      body: { username: '0938111222', password: 'NhaMoi2030' },
    });
    expect(early.status).toBe(401);
    await tenantConfirmsOverHttp(api, contractID, 'NhaMoi2030');
    const login = await api.login('0938111222', 'NhaMoi2030');
    expect(login.contractID).toBe(contractID);
    expect(login).not.toHaveProperty('mustChangePassword');
    const own = await api.request<ODataCollection<Contract>>('GET', '/odata/Contract', {
      token: login.token.accessToken,
    });
    expect(own.body.value.map((contract) => contract.contractID)).toEqual([contractID]);
  });

  it('the house list expands occupants; a second contract on the room is 409', async () => {
    const listed = await api.request<ODataCollection<Contract & { lesseeInfors: unknown[] }>>(
      'GET',
      `/odata/Contract?HouseID=${binhAn}&$filter=contractID eq '${contractID}'&$expand=lesseeInfors,room`,
      { token: token.nhanvien as string },
    );
    expectError(listed, 404, MSG.notFound);
    const mine = await api.request<ODataCollection<Contract & { lesseeInfors: unknown[] }>>(
      'GET',
      `/odata/Contract?HouseID=${binhAn}&$filter=contractID eq '${contractID}'&$expand=lesseeInfors,room`,
      { token: token.chunha as string },
    );
    expect(mine.body.value).toHaveLength(1);
    expect(mine.body.value[0]?.lesseeInfors).toHaveLength(2);
    expectError(
      await send('POST', '/odata/Contract', {
        roomID,
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        representative: { occupantName: 'Ai đó', gender: 1, phoneNumber: '0977000111' },
      }),
      409,
      'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
    );
  });

  it('one contract with every expand: its room comes in its query, or after it for a room from before', async () => {
    const path = `/odata/Contract/${contractID}?$expand=room,renterRepresentative,lesseeInfors,vehicles,contractServices,lessorInfo`;
    const read = () => api.request<Record<string, unknown>>('GET', path, { token: token.chunha as string });
    const withRoom = await read();
    expect(withRoom.status).toBe(200);
    expect(withRoom.body.room).toMatchObject({ roomID, status: 'occupied' });
    expect(withRoom.body.room).not.toHaveProperty('contractIDs');
    expect((withRoom.body.renterRepresentative as { occupantName: string }).occupantName).toBeTruthy();
    expect(withRoom.body.lesseeInfors).toHaveLength(2);
    // A room written before rooms listed their contracts: the same reply, the room read afterwards.
    const houses = product.services.store.container<RoomDoc>('houses');
    const room = await houses.read(binhAn, roomID);
    expect(room?.contractIDs).toContain(contractID);
    await houses.patch(binhAn, roomID, [{ op: 'remove', path: '/contractIDs' }]);
    const before = await read();
    expect({ ...before.body, room: undefined }).toEqual({ ...withRoom.body, room: undefined });
    const { '@odata.etag': _old, ...roomBefore } = before.body.room as Record<string, unknown>;
    const { '@odata.etag': _new, ...roomNow } = withRoom.body.room as Record<string, unknown>;
    expect(roomBefore).toEqual(roomNow);
    // Another landlord, staff of another house and another tenant: the contract is not there.
    for (const who of ['chunha2', 'nhanvien', 'nguoithue']) {
      expectError(await api.request('GET', path, { token: token[who] as string }), 404, MSG.notFound);
    }
  });

  it('an extension is kept in the history, which the tenant may not read', async () => {
    const patched = await send<Contract>('PATCH', `/odata/Contract/${contractID}`, {
      endDate: '2031-06-30',
      reason: 'Gia hạn 6 tháng',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const history = await api.request<ODataCollection<ContractChange>>(
      'GET',
      `/odata/ContractChanges?contractID=${contractID}`,
      { token: token.chunha as string },
    );
    expect(history.body.value).toEqual([
      expect.objectContaining({ field: 'endDate', oldValue: '2030-12-31', newValue: '2031-06-30' }),
    ]);
    expectError(
      await api.request('GET', `/odata/ContractChanges?contractID=${contractID}`, {
        token: token.nguoithue as string,
      }),
      403,
      MSG.forbidden,
    );
  });

  it('TerminateContract (a literal route beside /odata/Contract/{id}) ends it with a settlement', async () => {
    const ended = await send<Contract>('POST', '/odata/Contract/TerminateContract', {
      contractID,
      terminationDate: '2030-03-10',
      reason: 'Chuyển nhà',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({ status: 3, settlement: { deposit: 2_000_000 } });
    const room = await api.request<RoomReply>('GET', `/odata/Room/${roomID}`, {
      token: token.chunha as string,
    });
    expect(room.body.status).toBe('empty');
    expect(
      (await api.request('POST', '/odata/Contract/TerminateContract', { body: { contractID } })).status,
    ).toBe(401);
  });

  it('RecordRefund (a literal route too) checks the refund of the ended contract, in Vietnamese', async () => {
    const contract = await api.request<Contract>('GET', `/odata/Contract/${contractID}`, {
      token: token.chunha as string,
    });
    const terminatedOn = contract.body.terminatedOn as string;
    // The deposit covers the days lived: the landlord owes the tenant the rest.
    expect(contract.body.settlement?.refund).toBeGreaterThan(0);
    const refund = (body: Record<string, unknown>, user = 'chunha') =>
      api.request<Contract>('POST', '/odata/Contract/RecordRefund', {
        token: token[user] as string,
        body: { contractID, method: 'cash', refundedOn: terminatedOn, ...body },
      });
    expectFieldError(
      await refund({ refundedOn: '2020-01-01' }),
      'refundedOn',
      'Ngày hoàn tiền không được trước ngày kết thúc hợp đồng.',
    );
    // The contract ends in 2030: its refund cannot be given back before then.
    expectFieldError(await refund({}), 'refundedOn', 'Ngày hoàn tiền không được sau hôm nay.');
    expectFieldError(
      await refund({ method: 'vàng' }),
      'method',
      'Hình thức hoàn tiền phải là tiền mặt hoặc chuyển khoản.',
    );
    expectError(await refund({}, 'nguoithue'), 403, MSG.forbidden);
    expectError(await refund({}, 'chunha2'), 404, MSG.notFound);
    const after = await api.request<Contract>('GET', `/odata/Contract/${contractID}`, {
      token: token.chunha as string,
    });
    expect(after.body.settlement?.refunded).toBeUndefined();
  });
});

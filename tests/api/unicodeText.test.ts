import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LesseeInfo } from '@nhatro/common';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import { roomImportFile, XLSX_TYPE } from '../support/xlsx.js';
import type { ODataCollection, RoomReply } from './helpers.js';

/** Text typed on a Mac (NFD) is stored composed (NFC) from JSON and Excel; look-alike letters are refused. */

const NAME = 'Phạm Hoàng Đạt';
const NFD_NAME = NAME.normalize('NFD');

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let contractID = '';
let binhAn = '';
let hoaSen = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  contractID = sessions.nguoithue?.contractID as string;
  hoaSen = sessions.nguoithue?.houseID as string;
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  expect(contractID && binhAn).toBeTruthy();
});
afterAll(() => product?.stop());

describe('decomposed text from outside', () => {
  it('a JSON body with an NFD name is stored and read back NFC', async () => {
    expect(NFD_NAME).not.toBe(NAME);
    const created = await api.request<LesseeInfo>('POST', '/odata/LesseeInfor', {
      token: token.chunha as string,
      body: { contractID, occupantName: NFD_NAME, gender: 'Nam', hometown: 'Huế'.normalize('NFD') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.occupantName).toBe(NAME);
    const read = await api.request<LesseeInfo>('GET', `/odata/Lessee/${created.body.lesseeInfoID}`, {
      token: token.chunha as string,
    });
    expect(read.status).toBe(200);
    expect(read.body.occupantName).toBe(NAME);
    expect(read.body.hometown).toBe('Huế');
    // Searching with the NFD spelling finds the stored NFC name too.
    const found = await api.request<ODataCollection<LesseeInfo>>(
      'GET',
      `/odata/Lessee?houseID=${hoaSen}&search=${encodeURIComponent(NFD_NAME)}`,
      { token: token.chunha as string },
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.value.map((lessee) => lessee.occupantName)).toContain(NAME);
  });

  it('an Excel cell typed NFD is stored NFC', async () => {
    const roomName = 'Phòng Hạ'.normalize('NFD');
    const description = 'Cửa sổ hướng Đông, gần cầu thang'.normalize('NFD');
    const file = await roomImportFile([
      { roomName, acreage: 20, floor: 1, price: 2_500_000, electricity: 0, water: 0, description },
    ]);
    const form = new FormData();
    form.append('houseID', binhAn);
    form.append('file', new Blob([file], { type: XLSX_TYPE }), 'phong.xlsx');
    const reply = await fetch(new URL('/ExcelImport/ImportEmptyRooms', product.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token.chunha}` },
      body: form,
    });
    expect(reply.status, await reply.clone().text()).toBe(200);
    const rooms = await api.request<ODataCollection<RoomReply>>(
      'GET',
      `/odata/Room?houseID=${binhAn}&$top=1000`,
      { token: token.chunha as string },
    );
    const room = rooms.body.value.find((candidate) => candidate.roomName === 'Phòng Hạ');
    expect(room, 'the room is found by its NFC name').toBeDefined();
    expect(room?.roomDescription).toBe('Cửa sổ hướng Đông, gần cầu thang');
    expect(rooms.body.value.some((candidate) => candidate.roomName === roomName)).toBe(false);
  });
});

describe('look-alike letters', () => {
  it.each([
    ['occupantName', { occupantName: 'Ðặng Văn An' }, /^Họ tên có chữ Ð .*U\+00D0/],
    ['occupantName', { occupantName: 'Nguyễn Vаn An' }, /^Họ tên trộn chữ Kirin .*U\+0430/],
    ['citizenID', { occupantName: NAME, citizenID: '０７９２０３００１２３４' }, /^Số CCCD có chữ số "０"/],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (field, fields, message) => {
    const before = await api.request<ODataCollection<LesseeInfo>>(
      'GET',
      `/odata/Lessee?houseID=${hoaSen}&$count=true`,
      { token: token.chunha as string },
    );
    const reply = await api.request<Array<{ field: string; errorMessage: string }>>(
      'POST',
      '/odata/LesseeInfor',
      { token: token.chunha as string, body: { contractID, gender: 'Nữ', ...fields } },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    const error = reply.body.find((candidate) => candidate.field === field);
    expect(error?.errorMessage).toMatch(message);
    const after = await api.request<ODataCollection<LesseeInfo>>(
      'GET',
      `/odata/Lessee?houseID=${hoaSen}&$count=true`,
      { token: token.chunha as string },
    );
    expect(before.body['@odata.count']).toBeGreaterThan(0);
    expect(after.body['@odata.count']).toBe(before.body['@odata.count']);
  });
});

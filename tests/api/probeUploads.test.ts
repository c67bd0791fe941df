/**
 * The upload probe: every route that takes a file or an image (found in the code by
 * `fileTakingRoutes`, so a new one fails here until it has a sender below) gets truncated, corrupt,
 * polyglot, decompression-bomb, zero-byte and wrong-type files from tests/fixtures/images, the way a
 * client sends them: a create-only SAS, a PUT to storage, then the registering call; a multipart
 * form; a signature's data URL. Each must be a 4xx in Vietnamese that names a file problem, with
 * nothing stored (the store's documents and every blob container unchanged, the uploaded blob
 * deleted), and the process must keep answering. A valid file through the same sender is accepted,
 * so the refusals are the files' doing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  REGISTRATION_TOKEN_HEADER,
  type HandoverList,
  type HandoverView,
  type ResidenceDeadline,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOB_AREAS,
  BLOB_CONTAINERS,
  type BlobContainer,
  type UploadExtension,
} from '../../api/src/domain/shared/blobNames.js';
import { CONTAINER_NAMES } from '../../api/src/store/store.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { makePng } from '../support/png.js';
import {
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { buildXlsx, generatedRooms, lesseeImportFile, roomImportFile } from '../support/xlsx.js';
import type { ODataCollection, RoomReply } from './helpers.js';
import { fileTakingRoutes } from './uploadRoutes.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/images');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

interface TestFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** What the bytes claim to be by their name. */
  ext: UploadExtension | 'xlsx';
}

const extOf = (name: string) =>
  (name.split('.').pop() === 'gif' ? 'png' : name.split('.').pop()) as TestFile['ext'];
const HOSTILE_FILES = [
  'zero-bytes.png',
  'truncated.png',
  'corrupt-idat.png',
  'flipped-idat.png',
  'header-then-junk.png',
  'bomb-50000x50000.png',
  'bomb-inflate.png',
  'polyglot-png-zip.png',
  'polyglot-png-html.png',
  'polyglot-png-private-zip.png',
  'truncated.jpg',
  'corrupt-huffman.jpg',
  'bomb-50000x50000.jpg',
  'polyglot-jpg-zip.jpg',
  'polyglot-jpg-html.jpg',
  'html-named.png',
  'text-named.jpg',
  'wrong-type.gif',
  'zero-bytes.pdf',
  'truncated.pdf',
  'polyglot-pdf-zip.pdf',
  'html-named.pdf',
];

/** What a refusal for a file's sake says: its type, emptiness, size, damage or foreign content. */
const FILE_REFUSAL =
  /không phải (ảnh|tệp|bảng tính)|trống \(0 byte\)|bị hỏng|dữ liệu khác ngoài hình ảnh|dữ liệu lạ|quá lớn|Chữ ký|Bảng tính không có/;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
/** The demo tenant (Hoa Sen), who sends their own meter readings with photos. */
let tenantToken = '';
const ids = {
  house: '',
  room: '',
  emptyRoom: '',
  /** An empty room's name, for the tenant sheet that is accepted. */
  importRoomName: '',
  contract: '',
  lessee: '',
  registration: '',
  registrationToken: '',
  guestToken: '',
  /** A move-in handover record of `contract` and its guest link's token. */
  handover: '',
  handoverToken: '',
  /** The demo tenant's house and a photo of their water meter uploaded before the probe. */
  tenantHouse: '',
  tenantRoom: '',
  tenantWaterPhoto: '',
  /** A bill of the demo tenant's, which they question with a photo. */
  tenantBill: '',
};

function authed(method: string, path: string, body: unknown): Promise<ApiReply> {
  return api.request(method, path, { token, body });
}

/**
 * A create-only SAS from `endpoint`, then the bytes PUT to storage as the browser does. The blob's name,
 * or the grant's refusal (an area that does not take the extension).
 */
async function putWithSas(
  endpoint: string,
  file: TestFile,
  accepts: readonly UploadExtension[],
  options: { houseID?: string; anonymous?: boolean; token?: string } = {},
): Promise<string | ApiReply> {
  const ext = accepts.includes(file.ext as UploadExtension) ? file.ext : accepts[0];
  const query = new URLSearchParams({
    extension: ext as string,
    ...(options.houseID ? { houseID: options.houseID } : {}),
  });
  const grant = await api.request<{ blobName: string; uploadURL: string }>(
    'GET',
    `/api/BlobAccess/${endpoint}?${query}`,
    options.anonymous ? {} : { token: options.token ?? token },
  );
  if (grant.status !== 200) return grant;
  const put = await fetch(grant.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/octet-stream' },
    body: file.bytes,
  });
  expect(put.status, `PUT ${file.name}`).toBe(201);
  return grant.body.blobName;
}

type Sender = (file: TestFile) => Promise<ApiReply>;

/** Today's date in Vietnam (UTC+7), as the product counts days. */
const vietnamToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A route registering an upload of `container` through the SAS `endpoint`. */
function viaSas(
  endpoint: string,
  container: BlobContainer,
  register: (blobName: string) => Promise<ApiReply>,
  options: {
    scoped?: boolean;
    anonymous?: boolean;
    types?: readonly UploadExtension[];
    /** Another caller than the landlord, and their house. */
    as?: () => { token: string; houseID: string };
  } = {},
): Sender {
  return async (file) => {
    const caller = options.as?.();
    const put = await putWithSas(endpoint, file, options.types ?? BLOB_AREAS[container].types, {
      ...(options.scoped === false ? {} : { houseID: caller?.houseID ?? ids.house }),
      ...(options.anonymous ? { anonymous: true } : {}),
      ...(caller ? { token: caller.token } : {}),
    });
    return typeof put === 'string' ? register(put) : put;
  };
}

function multipart(path: string, fields: Record<string, string>, fileField: string): Sender {
  return (file) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(fileField, new Blob([file.bytes], { type: 'application/octet-stream' }), file.name);
    return api.request('POST', path, { token, rawBody: form });
  };
}

/** Registration calls are limited per address; the probe starts each from a fresh count, as an hour would. */
async function forgetRegistrationCounts(): Promise<void> {
  const throttle = product.services.store.container('throttle');
  for (const doc of (await throttle.query({ top: 1000 })).items) {
    if (doc.id.includes('registration')) await throttle.delete(doc.pk, doc.id);
  }
}

const IDENTITY = ['png', 'jpg'] as const;
const SENDERS: Record<string, Sender> = {
  'POST odata/Room/{id}/Images': viaSas('GetRoomImageContainerSAS', 'room-images', (blobName) =>
    authed('POST', `/odata/Room/${ids.room}/Images`, { blobName }),
  ),
  'POST odata/Issue': viaSas('GetRoomImageContainerSAS', 'room-images', (blobName) =>
    authed('POST', '/odata/Issue', {
      contractID: ids.contract,
      title: 'Ảnh dò',
      description: 'Tệp dò',
      images: [blobName],
    }),
  ),
  'POST odata/MeterRecord': viaSas('GetRoomImageContainerSAS', 'room-images', (blobName) =>
    authed('POST', '/odata/MeterRecord', {
      roomID: ids.room,
      kind: 'water',
      newIndex: 99_999,
      imageBlobName: blobName,
    }),
  ),
  'PATCH odata/MeterRecord': viaSas('GetRoomImageContainerSAS', 'room-images', (blobName) =>
    authed('PATCH', '/odata/MeterRecord', {
      records: [{ roomID: ids.room, kind: 'electricity', newIndex: 99_999, imageBlobName: blobName }],
    }),
  ),
  'POST odata/LesseeInfor': viaSas(
    'GetLesseeInforContainerSAS',
    'lessee-infor',
    (blobName) =>
      authed('POST', '/odata/LesseeInfor', {
        contractID: ids.contract,
        occupantName: 'Người dò ảnh',
        gender: 1,
        citizenIDFrontImage: blobName,
      }),
    { types: IDENTITY },
  ),
  'PATCH odata/LesseeInfor': viaSas(
    'GetLesseeInforContainerSAS',
    'lessee-infor',
    (blobName) =>
      authed('PATCH', '/odata/LesseeInfor', { lesseeInfoID: ids.lessee, citizenIDBackImage: blobName }),
    { types: IDENTITY },
  ),
  'PATCH odata/LesseeInfor/{id}': viaSas(
    'GetLesseeInforContainerSAS',
    'lessee-infor',
    (blobName) => authed('PATCH', `/odata/LesseeInfor/${ids.lessee}`, { portraitImage: blobName }),
    { types: IDENTITY },
  ),
  'POST odata/Contract': viaSas(
    'GetLesseeInforContainerSAS',
    'lessee-infor',
    (blobName) =>
      authed('POST', '/odata/Contract', {
        roomID: ids.emptyRoom,
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        representative: {
          occupantName: 'Người đại diện dò',
          gender: 1,
          phoneNumber: '0977666001',
          citizenIDFrontImage: blobName,
        },
      }),
    { types: IDENTITY },
  ),
  'PATCH odata/LessorInfor': viaSas(
    'GetLessorInforContainerSAS',
    'lessee-infor',
    (blobName) => authed('PATCH', '/odata/LessorInfor', { citizenIDFrontImage: blobName }),
    { scoped: false, types: IDENTITY },
  ),
  'POST odata/Contract/UploadContractImageVersion': viaSas(
    'GetPaperContractStorageSAS',
    'paper-contracts',
    (blobName) =>
      authed('POST', '/odata/Contract/UploadContractImageVersion', { contractID: ids.contract, blobName }),
  ),
  'POST odata/HMRegistration': async (file) => {
    await forgetRegistrationCounts();
    return viaSas(
      'GetHMRegistrationDataContainerSAS',
      'hm-registration',
      (blobName) =>
        api.request('POST', '/odata/HMRegistration', {
          body: {
            fullName: 'Người đăng ký dò',
            phoneNumber: '0866000777',
            email: 'dangkydo@example.vn',
            houseName: 'Nhà dò',
            houseAddress: '1 Đường Dò',
            roomQuota: 5,
            papers: [blobName],
          },
        }),
      { scoped: false, anonymous: true },
    )(file);
  },
  'PATCH odata/HMRegistration': async (file) => {
    await forgetRegistrationCounts();
    return viaSas(
      'GetHMRegistrationDataContainerSAS',
      'hm-registration',
      (blobName) =>
        api.request('PATCH', '/odata/HMRegistration', {
          headers: { [REGISTRATION_TOKEN_HEADER]: ids.registrationToken },
          body: { registrationID: ids.registration, papers: [blobName] },
        }),
      { scoped: false, anonymous: true },
    )(file);
  },
  'PATCH odata/HMRegistration/{id}': async (file) => {
    await forgetRegistrationCounts();
    return viaSas(
      'GetHMRegistrationDataContainerSAS',
      'hm-registration',
      (blobName) =>
        api.request('PATCH', `/odata/HMRegistration/${ids.registration}`, {
          headers: { [REGISTRATION_TOKEN_HEADER]: ids.registrationToken },
          body: { papers: [blobName] },
        }),
      { scoped: false, anonymous: true },
    )(file);
  },
  'POST odata/Device': (file) =>
    multipart(
      '/odata/Device',
      { roomID: ids.room, deviceName: 'Quạt dò', quantity: '1', condition: 'Tốt', value: '1' },
      'Images',
    )(file),
  'POST odata/Device/{id}': (file) =>
    multipart(
      `/odata/Device/${ids.room}`,
      { deviceName: 'Quạt dò', quantity: '1', condition: 'Tốt', value: '1' },
      'Images',
    )(file),
  'POST api/GuestContract/Sign': (file) =>
    api.request('POST', '/api/GuestContract/Sign', {
      body: {
        contractID: ids.contract,
        token: ids.guestToken,
        signature: `data:image/png;base64,${Buffer.from(file.bytes).toString('base64')}`,
      },
    }),
  'POST api/Handover/{id}/Photos': (file) =>
    multipart(`/api/Handover/${ids.handover}/Photos`, {}, 'Images')(file),
  'POST api/Handover/{id}/Sign': (file) =>
    authed('POST', `/api/Handover/${ids.handover}/Sign`, {
      signature: `data:image/png;base64,${Buffer.from(file.bytes).toString('base64')}`,
    }),
  'POST api/GuestHandover/Sign': (file) =>
    api.request('POST', '/api/GuestHandover/Sign', {
      body: {
        handoverID: ids.handover,
        token: ids.handoverToken,
        signature: `data:image/png;base64,${Buffer.from(file.bytes).toString('base64')}`,
      },
    }),
  'POST ExcelImport/ImportEmptyRooms': (file) =>
    multipart('/ExcelImport/ImportEmptyRooms', { houseID: ids.house }, 'file')(file),
  'POST ExcelImport/ImportLessee': (file) =>
    multipart('/ExcelImport/ImportLessee', { houseID: ids.house }, 'file')(file),
  'POST api/MeterSubmission': viaSas(
    'GetRoomImageContainerSAS',
    'room-images',
    async (blobName) => {
      const room = await api.request<{ currentElectricityIndex: number; currentWaterIndex: number }>(
        'GET',
        `/odata/Room/${ids.tenantRoom}`,
        { token: tenantToken },
      );
      return api.request('POST', '/api/MeterSubmission', {
        token: tenantToken,
        body: {
          electricityIndex: room.body.currentElectricityIndex + 40,
          waterIndex: room.body.currentWaterIndex + 2,
          electricityImage: blobName,
          waterImage: ids.tenantWaterPhoto,
        },
      });
    },
    { as: () => ({ token: tenantToken, houseID: ids.tenantHouse }) },
  ),
  'POST api/BillDispute': viaSas(
    'GetRoomImageContainerSAS',
    'room-images',
    async (blobName) => {
      // The demo tenant questions the first line of their own bill (stored before the probe), with the photo.
      return api.request('POST', '/api/BillDispute', {
        token: tenantToken,
        body: {
          monthlyBillID: ids.tenantBill,
          lineIndex: 0,
          reason: 'Ảnh dò kèm khiếu nại',
          image: blobName,
        },
      });
    },
    { as: () => ({ token: tenantToken, houseID: ids.tenantHouse }) },
  ),
  'POST ExcelImport/ImportExpenses': (file) =>
    multipart('/ExcelImport/ImportExpenses', { houseID: ids.house }, 'file')(file),
  'POST api/Residence/Declaration': viaSas(
    'GetLesseeInforContainerSAS',
    'lessee-infor',
    async (blobName) => {
      // An occupant who has moved in and is still to be declared: the receipt is the only thing in question.
      const due = await api.request<{ data: ResidenceDeadline[] }>(
        'GET',
        `/api/Residence/Deadlines?houseID=${ids.house}`,
        { token },
      );
      const today = vietnamToday();
      const occupant = due.body.data.find((entry) => entry.moveInDate <= today);
      if (!occupant) throw new Error(`No occupant to declare: ${JSON.stringify(due.body)}`);
      return authed('POST', '/api/Residence/Declaration', {
        lesseeInfoID: occupant.lesseeInfoID,
        method: 'police',
        declaredOn: today,
        receiptImage: blobName,
      });
    },
    { types: IDENTITY },
  ),
};

/** A file each route takes, to show its sender works (sent after the hostile ones: it changes things). */
async function validFileFor(route: string): Promise<TestFile> {
  if (route.startsWith('POST ExcelImport/ImportEmptyRooms')) {
    return { name: 'rooms.xlsx', ext: 'xlsx', bytes: await roomImportFile(generatedRooms(1, 'DO')) };
  }
  if (route === 'POST ExcelImport/ImportExpenses') {
    const header = ['Ngày chi', 'Hạng mục', 'Số tiền', 'Ghi chú'];
    const bytes = await buildXlsx([header, ['05/01/2026', 'Sửa chữa', 350_000, 'Thay vòi nước']]);
    return { name: 'chi-phi.xlsx', ext: 'xlsx', bytes };
  }
  if (route === 'POST ExcelImport/ImportLessee') {
    const row = { room: ids.importRoomName, name: 'Nguyễn Văn Dò', gender: 'Nam', phone: '0977666002' };
    const bytes = await lesseeImportFile([
      { ...row, representative: 'x', start: '01/01/2030', end: '31/12/2030' },
    ]);
    return { name: 'nguoi-thue.xlsx', ext: 'xlsx', bytes };
  }
  if (route === 'POST odata/Contract/UploadContractImageVersion') {
    return { name: 'paper.pdf', ext: 'pdf', bytes: fixture('paper.pdf') };
  }
  if (route.endsWith('/Sign')) {
    return { name: 'signature-rgba.png', ext: 'png', bytes: fixture('signature-rgba.png') };
  }
  return { name: 'photo-baseline.jpg', ext: 'jpg', bytes: fixture('photo-baseline.jpg') };
}

/** Everything kept: the store's documents (but sessions and throttle counters) and every blob's name. */
async function snapshot(): Promise<string> {
  const containers = CONTAINER_NAMES.filter((name) => name !== 'sessions' && name !== 'throttle');
  const docs: unknown[] = [];
  for (const name of containers) {
    const items = (await product.services.store.container(name).query({ top: 100_000 })).items;
    docs.push(
      name,
      [...items].sort((a, b) => a.id.localeCompare(b.id)),
    );
  }
  const blobs: string[] = [];
  for (const container of BLOB_CONTAINERS) {
    for await (const blob of product.services.blobs.list(container)) blobs.push(`${container}/${blob.name}`);
  }
  return JSON.stringify({ docs, blobs: blobs.sort() });
}

/** A move-in handover record of the contract, as its prefill says, and a guest link for its tenant. */
async function handoverOf(contractID: string): Promise<void> {
  const list = await api.request<HandoverList>('GET', `/api/Handover?contractID=${contractID}`, { token });
  const { electricityIndex, waterIndex, devices } = list.body.prefill.moveIn;
  const saved = await authed('POST', '/api/Handover', {
    contractID,
    kind: 'moveIn',
    handoverDate: '2030-01-01',
    electricityIndex,
    waterIndex,
    keyCount: 1,
    devices: devices.map((device) => ({ deviceID: device.deviceID, state: device.state })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  ids.handover = (saved.body as { data: HandoverView }).data.handoverID;
  const link = await authed('POST', `/api/Handover/${ids.handover}/GuestLink`, {});
  ids.handoverToken = new URL((link.body as { url: string }).url).searchParams.get('token') ?? '';
}

async function setUp(): Promise<void> {
  const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
  const chunha = sessions.chunha;
  token = chunha?.token.accessToken as string;
  // The demo tenant's house lets tenants read their own meters, all month long.
  tenantToken = sessions.nguoithue?.token.accessToken as string;
  ids.tenantHouse = sessions.nguoithue?.houseID as string;
  ids.tenantRoom = sessions.nguoithue?.roomID as string;
  ids.tenantBill = (
    await aMonthlyBill(product.services, tenancyOf(sessions.nguoithue), { month: '2026-10' })
  ).monthlyBillID;
  const readingOn = await api.request('PATCH', `/odata/House/${ids.tenantHouse}`, {
    token,
    body: { tenantMeterReading: true, tenantReadingDeadlineDay: 31 },
  });
  expect(readingOn.status, JSON.stringify(readingOn.body)).toBe(200);
  const water = await putWithSas(
    'GetRoomImageContainerSAS',
    { name: 'water.png', ext: 'png', bytes: makePng() },
    ['png'],
    { houseID: ids.tenantHouse, token: tenantToken },
  );
  if (typeof water !== 'string') throw new Error(`No water photo: ${JSON.stringify(water.body)}`);
  ids.tenantWaterPhoto = water;
  ids.house = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
  const rooms = await api.request<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${ids.house}`, {
    token,
  });
  const [forContract, spare, forImport, forResidence] = rooms.body.value.filter(
    (room) => room.status === 'empty',
  );
  ids.room = forContract?.roomID as string;
  ids.emptyRoom = spare?.roomID as string;
  ids.importRoomName = forImport?.roomName as string;
  // Someone who moved in today: a residence declaration of today is theirs to record, with its receipt.
  const movedIn = await api.request('POST', '/odata/Contract', {
    token,
    body: {
      roomID: forResidence?.roomID,
      startDate: vietnamToday(),
      endDate: '2030-12-31',
      representative: { occupantName: 'Người khai báo dò', gender: 1, phoneNumber: '0977666003' },
    },
  });
  expect(movedIn.status, JSON.stringify(movedIn.body)).toBe(201);
  const contract = await api.request<{ contractID: string; representativeLesseeID: string }>(
    'POST',
    '/odata/Contract',
    {
      token,
      body: {
        roomID: ids.room,
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        representative: { occupantName: 'Người thuê dò', gender: 1, phoneNumber: '0977666000' },
      },
    },
  );
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  ids.contract = contract.body.contractID;
  ids.lessee = contract.body.representativeLesseeID;
  const link = await api.request<{ url: string }>('POST', `/odata/Contract/${ids.contract}/GuestLink`, {
    token,
    body: {},
  });
  ids.guestToken = new URL(link.body.url).searchParams.get('token') ?? '';
  await handoverOf(ids.contract);
  const paper = await putWithSas(
    'GetHMRegistrationDataContainerSAS',
    { name: 'paper.png', ext: 'png', bytes: makePng() },
    ['png'],
    {
      anonymous: true,
    },
  );
  const registration = await api.request<{ registrationID: string; registrationToken: string }>(
    'POST',
    '/odata/HMRegistration',
    {
      body: {
        fullName: 'Người đăng ký dò',
        phoneNumber: '0866000778',
        email: 'dangkydo2@example.vn',
        houseName: 'Nhà dò',
        houseAddress: '1 Đường Dò',
        roomQuota: 5,
        papers: [paper],
      },
    },
  );
  expect(registration.status, JSON.stringify(registration.body)).toBe(201);
  ids.registration = registration.body.registrationID;
  ids.registrationToken = registration.body.registrationToken;
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  await setUp();
}, 60_000);
afterAll(async () => product?.stop());

function messageOf(reply: ApiReply): string {
  const body = reply.body as { errorMessage?: string } | Array<{ errorMessage: string }> | undefined;
  if (Array.isArray(body)) return body.map((error) => error.errorMessage).join(' | ');
  return body?.errorMessage ?? '';
}

describe('every route that takes a file', () => {
  it("is found, a bill question's photo (`image`) too", () => {
    expect(fileTakingRoutes()).toContain('POST api/BillDispute');
  });

  it('has a sender here (a route added tomorrow fails this until it has one)', () => {
    expect(fileTakingRoutes()).toEqual(Object.keys(SENDERS).sort());
  });

  const routes = Object.keys(SENDERS).sort();
  it.each(routes)(
    '%s: every hostile file is a 4xx naming the file problem; nothing is kept; the API keeps answering',
    { timeout: 120_000 },
    async (route) => {
      const send = SENDERS[route] as Sender;
      const sheet = route.includes('ExcelImport');
      const cases: TestFile[] = HOSTILE_FILES.map((name) => ({
        name,
        ext: extOf(name),
        bytes: fixture(name),
      }));
      if (sheet) {
        const workbook = await roomImportFile(generatedRooms(2, 'CUT'));
        cases.push({
          name: 'truncated.xlsx',
          ext: 'xlsx',
          bytes: workbook.slice(0, workbook.byteLength / 2),
        });
      }
      for (const file of cases) {
        const before = await snapshot();
        const reply = await send(file);
        const label = `${route} with ${file.name}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
        expect(reply.status, label).toBeGreaterThanOrEqual(400);
        expect(reply.status, label).toBeLessThan(500);
        expect(messageOf(reply), label).toMatch(/[À-ỹ]/u);
        expect(messageOf(reply), label).toMatch(FILE_REFUSAL);
        expect(await snapshot(), label).toBe(before);
        expect((await api.request('GET', '/api/health')).status, `${label}: still answering`).toBe(200);
      }
      const valid = await validFileFor(route);
      const accepted = await send(valid);
      expect(
        accepted.status,
        `${route} with ${valid.name}: ${JSON.stringify(accepted.body).slice(0, 300)}`,
      ).toBeLessThan(300);
    },
  );
});

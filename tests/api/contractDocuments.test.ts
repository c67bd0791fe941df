import {
  CONTRACT_MESSAGES,
  type Contract,
  type ContractImageVersion,
  type ContractService,
  type FileLink,
  type GuestContractView,
  type GuestLink,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../support/png.js';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import {
  expectError,
  expectFieldError,
  MSG,
  type ODataCollection,
  type RoomReply,
  type SasReply,
} from './helpers.js';

/**
 * The contract's documents through the real handlers and Azurite: the PDF rendered on the server,
 * the guest link a landlord shares and the signature drawn through it, paper versions, and the
 * services a contract subscribes to.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let binhAn = '';
let contractID = '';

function send<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

async function download(url: string): Promise<{ type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
  const rooms = await send<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${binhAn}`);
  const room = rooms.body.value.find((candidate) => candidate.status === 'empty') as RoomReply;
  const created = await send<Contract>('POST', '/odata/Contract', {
    roomID: room.roomID,
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    deposit: 2_500_000,
    representative: { occupantName: 'Đặng Thu Hà', gender: 'nữ', phoneNumber: '0977123456' },
    occupants: [{ occupantName: 'Lý Quốc Bảo', gender: 'nam' }],
    vehicles: [{ vehicleType: 'Xe máy', licensePlate: '51F-123.45' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  contractID = created.body.contractID;
});
afterAll(() => product?.stop());

describe('the contract PDF', () => {
  it('is rendered on the server and read through a short-lived URL, by the landlord and their staff', async () => {
    const reply = await send<{ status: boolean; data: FileLink }>(
      'GET',
      `/api/Contract/Document?contractID=${contractID}`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const file = await download(reply.body.data.url);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const contract = await send<Contract>('GET', `/odata/Contract/${contractID}`);
    expect(contract.body.contractPDFFileURL).toBe(reply.body.data.blobName);

    expectError(
      await send('GET', `/api/Contract/Document?contractID=${contractID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await send('GET', `/api/Contract/Document?contractID=${contractID}`, undefined, 'nguoithue'),
      404,
      MSG.notFound,
    );
    expectError(await send('GET', '/api/Contract/Document?contractID=../x'), 400, /Mã hợp đồng/);
  });
});

describe('the guest link', () => {
  let link: GuestLink;
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

  it('is made by the landlord, not by a tenant or another landlord', async () => {
    const reply = await send<GuestLink>('POST', `/odata/Contract/${contractID}/GuestLink`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    link = reply.body;
    expect(new URL(link.url).pathname).toBe(`/guestContract/${contractID}`);
    expectError(
      await send('POST', `/odata/Contract/${contractID}/GuestLink`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await send('POST', `/odata/Contract/${contractID}/GuestLink`, undefined, 'nguoithue'),
      403,
      MSG.forbidden,
    );
  });

  it('opens the contract without an account; a contract id alone, or a changed token, opens nothing', async () => {
    const opened = await api.request<{ status: boolean; data: GuestContractView }>(
      'GET',
      `/api/GuestContract?contractID=${contractID}&token=${tokenOf(link.url)}`,
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({
      contractID,
      deposit: 2_500_000,
      representative: { occupantName: 'Đặng Thu Hà' },
      occupants: ['Lý Quốc Bảo'],
      vehicles: [{ vehicleType: 'Xe máy', licensePlate: '51F-123.45' }],
      linkExpiresOn: link.expiresOn,
    });
    expectError(
      await api.request('GET', `/api/GuestContract?contractID=${contractID}`),
      404,
      CONTRACT_MESSAGES.guestLinkInvalid,
    );
    expectError(
      await api.request('GET', `/api/GuestContract?contractID=${contractID}&token=${tokenOf(link.url)}x`),
      404,
      CONTRACT_MESSAGES.guestLinkInvalid,
    );
  });

  it('signs once with a drawn PNG; the PDF then carries the signature; a revoked link stops working', async () => {
    const guestToken = tokenOf(link.url);
    const signature = `data:image/png;base64,${Buffer.from(makePng()).toString('base64')}`;
    expectFieldError(
      await api.request('POST', '/api/GuestContract/Sign', {
        body: { contractID, token: guestToken, signature: 'data:image/jpeg;base64,AAAA' },
      }),
      'signature',
      CONTRACT_MESSAGES.signatureInvalid,
    );
    const signed = await api.request<{ data: GuestContractView }>('POST', '/api/GuestContract/Sign', {
      body: { contractID, token: guestToken, signature },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.signedOn).toBeDefined();
    expectError(
      await api.request('POST', '/api/GuestContract/Sign', {
        body: { contractID, token: guestToken, signature },
      }),
      409,
      CONTRACT_MESSAGES.alreadySigned,
    );
    const contract = await send<Contract>('GET', `/odata/Contract/${contractID}`);
    expect(contract.body.representativeLesseeSignedOn).toBe(signed.body.data.signedOn);

    const document = await api.request<{ data: FileLink }>(
      'GET',
      `/api/GuestContract/Document?contractID=${contractID}&token=${guestToken}`,
    );
    expect(document.status).toBe(200);
    const pdf = await download(document.body.data.url);
    // The drawn signature is an image XObject of the PDF.
    expect(pdf.bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);

    expect((await send('DELETE', `/odata/Contract/${contractID}/GuestLink`)).status).toBe(204);
    expectError(
      await api.request('GET', `/api/GuestContract?contractID=${contractID}&token=${guestToken}`),
      404,
      CONTRACT_MESSAGES.guestLinkInvalid,
    );
  });
});

describe('paper versions', () => {
  it('upload with the paper-contract SAS, register, list and read; a file of another house is refused', async () => {
    const sas = await send<SasReply>(
      'GET',
      `/api/BlobAccess/GetPaperContractStorageSAS?houseID=${binhAn}&extension=pdf`,
    );
    expect(sas.status).toBe(200);
    const put = await fetch(sas.body.uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
      body: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\nstartxref\n9\n%%EOF\n'),
    });
    expect(put.status).toBe(201);
    const added = await send<ContractImageVersion>('POST', '/odata/Contract/UploadContractImageVersion', {
      contractID,
      blobName: sas.body.blobName,
      note: 'Bản giấy có chữ ký hai bên',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ version: 1, fileType: 'pdf', note: 'Bản giấy có chữ ký hai bên' });

    const listed = await send<ODataCollection<ContractImageVersion>>(
      'GET',
      `/odata/ContractImageVersion?contractID=${contractID}&$count=true`,
    );
    expect(listed.body['@odata.count']).toBe(1);
    const read = await send<{ url: string }>(
      'GET',
      `/api/BlobAccess/GetReadURL?container=paper-contracts&blobName=${encodeURIComponent(sas.body.blobName)}`,
    );
    expect((await download(read.body.url)).type).toBe('application/pdf');

    expectFieldError(
      await send('POST', '/odata/Contract/UploadContractImageVersion', {
        contractID,
        blobName: 'another-house-1/paper-1767225600000-abc123.pdf',
      }),
      'blobName',
      'Tệp bản hợp đồng giấy không hợp lệ.',
    );
    expectError(
      await send(
        'POST',
        '/odata/Contract/UploadContractImageVersion',
        { contractID, blobName: sas.body.blobName },
        'chunha2',
      ),
      404,
      MSG.notFound,
    );
  });
});

describe('contract services', () => {
  it('subscribe, list and remove; another landlord gets 404, a tenant 403', async () => {
    const fee = await send<{ serviceID: string }>('POST', '/odata/Service', {
      houseID: binhAn,
      serviceName: 'Thang máy',
      price: 50_000,
      unit: 'person',
    });
    const added = await send<ContractService>('POST', '/odata/ContractService', {
      contractID,
      serviceID: fee.body.serviceID,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expectError(
      await send('POST', '/odata/ContractService', { contractID, serviceID: fee.body.serviceID }),
      409,
      CONTRACT_MESSAGES.serviceTaken,
    );
    expectError(
      await send('POST', '/odata/ContractService', { contractID, serviceID: fee.body.serviceID }, 'chunha2'),
      404,
      MSG.notFound,
    );
    const listed = await send<ODataCollection<ContractService>>(
      'GET',
      `/odata/ContractService?contractID=${contractID}`,
    );
    expect(listed.body.value.map((item) => item.serviceID)).toContain(fee.body.serviceID);
    expectError(
      await send('DELETE', `/odata/ContractService/${added.body.contractServiceID}`, undefined, 'nguoithue'),
      403,
      MSG.forbidden,
    );
    expect((await send('DELETE', `/odata/ContractService/${added.body.contractServiceID}`)).status).toBe(204);
  });
});

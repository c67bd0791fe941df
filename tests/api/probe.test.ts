/**
 * The permanent probe: every route of the registry (`httpFunctions`), as loaded by the running
 * product, is sent anonymously, by another landlord, by staff of another house and by a tenant,
 * with malformed bodies and with bad query options. Each must be refused the right way, change
 * nothing of the owner's, leak none of the owner's ids, and never answer 5xx. A route a new slice
 * adds is probed the day it is added; one that needs a body fails here until it has a sample below.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillDisputeDoc,
  LeaveNoticeDoc,
  MeterSubmissionDoc,
  MonthlyBillDoc,
} from '../../api/src/domain/shared/model.js';
import { type HttpFunctionDefinition, httpFunctions } from '../../api/src/http/registry.js';
import { ENTITY_SETS } from '../../api/src/http/odata.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { makePng } from '../support/png.js';
import {
  apiClient,
  DEMO_PASSWORDS,
  startTestProduct,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { expectWellFormed, houseObjects, MSG } from './helpers.js';

type Session = Awaited<ReturnType<ReturnType<typeof apiClient>['login']>>;

/** chunha's objects in Bình An: neither chunha2's, nor the staff's (Hoa Sen), nor the tenant's. */
interface Ids {
  house: string;
  room: string;
  device: string;
  fee: string;
  photo: string;
  contract: string;
  lessee: string;
  vehicle: string;
  reservation: string;
  contractService: string;
  houseTicket: string;
  monthlyBill: string;
  oneTimeCharge: string;
  issue: string;
  notification: string;
  expense: string;
  leaveNotice: string;
  billDispute: string;
  meterSubmission: string;
  /** The contract's move-in handover record. */
  handover: string;
  /** A pending registration (public, so the same for every caller). */
  registration: string;
}

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue', Session> = {} as never;
let ids: Ids;
/** The same kinds of objects in Hoa Sen, the tenant's own house. */
let ownIds: Ids;

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

/** What a legitimate caller sends to each route that takes a body, for the objects `ids`. */
function sampleBody(method: string, route: string, id: Ids): unknown {
  const samples: Record<string, unknown> = {
    'POST api/User/Login': { username: 'khongtontai-probe', password: 'Probe@123456' },
    'POST api/User/RefreshToken': { refreshToken: 'probe.probe.probe' },
    'POST api/User/Logout': {},
    'POST api/User/ChangePassword': { oldPassword: 'Sai@123456', newPassword: 'MoiHon@2026' },
    'POST odata/House': { houseName: 'Nhà dò', houseAddress: '1 Đường Dò' },
    'PATCH odata/House': { houseID: id.house, houseName: 'Đổi tên' },
    'PATCH odata/House/{id}': { houseName: 'Đổi tên' },
    'POST odata/Room': {
      houseID: id.house,
      roomName: 'Phòng dò',
      acreage: 20,
      price: 1_000_000,
      currentElectricityIndex: 0,
      currentWaterIndex: 0,
    },
    'PATCH odata/Room': { roomID: id.room, roomName: 'Phòng đổi' },
    'PATCH odata/Room/{id}': { roomName: 'Phòng đổi' },
    'POST odata/Room/{id}/Images': { blobName: id.photo },
    'POST odata/Device': { roomID: id.room, deviceName: 'Quạt', quantity: 1, condition: 'Tốt', value: 1 },
    'POST odata/Device/{id}': { deviceName: 'Quạt', quantity: 1, condition: 'Tốt', value: 1 },
    'PATCH odata/Device': { deviceID: id.device, deviceName: 'Quạt đổi' },
    'PATCH odata/Device/{id}': { deviceName: 'Quạt đổi' },
    'POST odata/Service': { houseID: id.house, serviceName: 'Dò', price: 1, unit: 'room' },
    'PATCH odata/Service': { serviceID: id.fee, price: 2 },
    'PATCH odata/Service/{id}': { price: 2 },
    'POST odata/LesseeInfor': { contractID: id.contract, occupantName: 'Người dò', gender: 1 },
    'PATCH odata/LesseeInfor': { lesseeInfoID: id.lessee, notes: 'dò' },
    'PATCH odata/LesseeInfor/{id}': { notes: 'dò' },
    'POST odata/Vehicle/{id}': { vehicleType: 'Xe đạp' },
    'PATCH odata/Vehicle': { vehicleID: id.vehicle, description: 'dò' },
    'PATCH odata/Vehicle/{id}': { description: 'dò' },
    'POST odata/Contract': {
      roomID: id.room,
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      representative: { occupantName: 'Người dò', gender: 1, phoneNumber: '0938000999' },
    },
    'PATCH odata/Contract': { contractID: id.contract, endDate: '2031-01-31', reason: 'dò' },
    'PATCH odata/Contract/{id}': { endDate: '2031-01-31', reason: 'dò' },
    'POST odata/Contract/TerminateContract': {
      contractID: id.contract,
      terminationDate: '2030-02-01',
      reason: 'dò',
    },
    'POST odata/Contract/RecordRefund': { contractID: id.contract, refundedOn: '2030-02-01', method: 'cash' },
    'POST api/Reservation/Reserve': {
      roomID: id.room,
      fullName: 'Người dò',
      phoneNumber: '0938000111',
      deposit: 1_000,
      expectedMoveInDate: '2030-01-01',
    },
    'POST api/Reservation/Cancel': { reservationID: id.reservation },
    'PATCH api/Reservation/Deposit': { reservationID: id.reservation, depositOutcome: 'refunded' },
    'POST odata/Contract/UploadContractImageVersion': {
      contractID: id.contract,
      blobName: `${id.house}/paper-1767225600000-abc123.pdf`,
    },
    'POST odata/Contract/{id}/GuestLink': {},
    'POST odata/ContractService': { contractID: id.contract, serviceID: id.fee },
    'POST api/MetaData/SetBillingDay': { billingDay: 7, houseID: id.house },
    'POST api/HouseTicket/Draft': { houseID: id.house },
    'POST api/MonthlyBill/Remind': { houseID: id.house, month: '2026-11' },
    'PATCH odata/HouseTicket': { houseTicketID: id.houseTicket, dueDate: '2030-01-20' },
    'PATCH odata/HouseTicket/{id}': { dueDate: '2030-01-20' },
    'PATCH odata/MonthlyBill': { monthlyBillID: id.monthlyBill, payment: { amount: 1_000 } },
    'PATCH odata/MonthlyBill/{id}': { payment: { amount: 1_000 } },
    'POST odata/MonthlyBill/{id}/GuestLink': {},
    'POST odata/OneTimeCharge': { contractID: id.contract, description: 'Phí dò', amount: 1_000 },
    'PATCH odata/OneTimeCharge': { oneTimeChargeID: id.oneTimeCharge, payment: { amount: 1_000 } },
    'PATCH odata/OneTimeCharge/{id}': { payment: { amount: 1_000 } },
    'POST odata/Issue': { contractID: id.contract, title: 'Sự cố dò', description: 'Vòi nước rò' },
    'PATCH odata/Issue': { issueID: id.issue, status: 2 },
    'PATCH odata/Issue/{id}': { status: 2 },
    'POST odata/Notification': { houseID: id.house, title: 'Thông báo dò', body: 'Nội dung dò' },
    'POST odata/Notification/{id}/Read': {},
    'POST api/MetaData/SetZaloAccessToken': { accessToken: 'probe-token-0000', templateID: '1' },
    'POST odata/Expense': { houseID: id.house, date: '2026-01-05', category: 'repairs', amount: 1_000 },
    'PATCH odata/Expense': { expenseID: id.expense, amount: 2_000 },
    'PATCH odata/Expense/{id}': { amount: 2_000 },
    'POST api/MetaData/SetRentTaxThreshold': {
      amount: 500_000_000,
      warnPercent: 80,
      legalBasis: 'Căn cứ dò',
      fromYear: 2026,
    },
    'POST api/MetaData/SetPlatformPricing': {
      pricePerRoomMonth: 10_000,
      minimumYearFee: 300_000,
      monthsPerTerm: 12,
    },
    'POST api/Payment/RequestForBuyingMoreRoom': { rooms: 1 },
    'POST api/Payment/RequestForExtendHMAccountExpiration': { years: 1 },
    'POST api/User/DisableHMAccount': { userID: 'khongtontai-probe' },
    'POST api/User/EnableHMAccount': { userID: 'khongtontai-probe' },
    'POST odata/MeterRecord': { roomID: id.room, kind: 'water', newIndex: 999_999 },
    'PATCH odata/MeterRecord': { records: [{ roomID: id.room, kind: 'water', newIndex: 999_999 }] },
    'POST api/BankFeed/Transactions': {
      transactions: [
        {
          transactionID: 'FT-PROBE-1',
          accountNumber: '0071000123456',
          amount: 1_000,
          description: 'NTAAAAAAAA',
          transactedOn: '2030-01-01T00:00:00Z',
        },
      ],
    },
    'POST api/BankFeed/Assign': { bankTransferID: 'probe-transfer-1', billCode: 'NTAAAAAAAA' },
    'POST api/BankFeed/Dismiss': { bankTransferID: 'probe-transfer-1' },
    'POST api/BankFeed/SePay': {
      id: 1,
      transactionDate: '2030-01-01 00:00:00',
      accountNumber: '0071000123456',
      content: 'NTAAAAAAAA',
      transferType: 'in',
      transferAmount: 1_000,
    },
    'POST api/BankFeed/Casso': {
      error: 0,
      data: {
        id: 1,
        description: 'NTAAAAAAAA',
        amount: 1_000,
        transactionDateTime: '2030-01-01 00:00:00',
        accountNumber: '0071000123456',
      },
    },
    'POST api/BankFeed/Connections/SePay': {},
    'POST api/BankFeed/Connections/Casso': { checksumKey: 'probe-checksum-key-0123456789' },
    'PATCH odata/LessorInfor': { fullName: 'Chủ trọ dò' },
    'POST api/Staff/AddStaff': {
      fullName: 'Nhân viên dò',
      phoneNumber: '0938000333',
      username: 'nhanviendo',
      houseIDs: [id.house],
    },
    'POST api/ForgotPassword/ChangePassword': {
      token: 'khongphaitokenthat.khongphaibimatcualienketnaycadau',
      newPassword: 'MoiHon@2026',
    },
    'POST odata/HMRegistration': {
      fullName: 'Người dò',
      phoneNumber: '0938000444',
      email: 'do@example.vn',
      houseName: 'Nhà dò',
      houseAddress: '1 Đường Dò',
      roomQuota: 5,
      papers: ['reg-probeprobe/registration-1767225600000-abc123.png'],
    },
    'PATCH odata/HMRegistration': { registrationID: id.registration, houseName: 'Nhà dò' },
    'PATCH odata/HMRegistration/{id}': { houseName: 'Nhà dò' },
    'POST api/Verify/RequestEmailVerify': { key: id.registration },
    'POST api/Verify/RequestSMSVerify': { key: id.registration },
    'POST api/TenancyLink/Confirm': {
      linkID: 'khongphailienkethatcuaai',
      code: '123456',
      newPassword: 'MoiHon@2026',
    },
    'POST api/TenancyLink/Resend': { contractID: id.contract },
    'POST api/Residence/Declaration': { lesseeInfoID: id.lessee, method: 'vneid', declaredOn: '2026-01-05' },
    'POST api/User/MyData/Erasure': {},
    'POST api/User/MyData/Consent': {},
    'POST api/LeaveNotice': { contractID: id.contract, leaveDate: '2030-12-31' },
    'POST api/LeaveNotice/{id}/Withdraw': {},
    'POST api/LeaveNotice/{id}/Acknowledge': {},
    'POST api/BillDispute': { monthlyBillID: id.monthlyBill, lineIndex: 0, reason: 'Dò' },
    'POST api/BillDispute/{id}/Answer': { outcome: 'rejected', answer: 'Dò' },
    'POST api/Debt/Pause': { contractID: id.contract, paused: true },
    'POST api/MeterSubmission': {
      electricityIndex: 1,
      waterIndex: 1,
      electricityImage: id.photo,
      waterImage: id.photo,
    },
    'POST api/MeterSubmission/{id}/Accept': {},
    'POST api/GuestContract/Sign': {
      contractID: id.contract,
      token: 'khong.phai.token-that-cua-lien-ket',
      signature: `data:image/png;base64,${Buffer.from(makePng()).toString('base64')}`,
    },
    ...handoverSamples(id),
  };
  return samples[`${method} ${route}`];
}

/** Multipart routes take a form; their sample names the house. */
function sampleForm(route: string, id: Ids): FormData | undefined {
  const multipart = [
    'ExcelImport/ImportEmptyRooms',
    'ExcelImport/ImportLessee',
    'ExcelImport/ImportExpenses',
    'api/Handover/{id}/Photos',
  ];
  if (!multipart.includes(route)) return undefined;
  const form = new FormData();
  form.append('houseID', id.house);
  return form;
}

/** The id a `{id}` of a route stands for: `odata/<EntitySet>/{id}…` names an object of that set. */
function pathOf(template: string, id: Ids, method: string): string {
  const route = template.replace('{contractId}', id.contract);
  if (!route.includes('{id}')) return `/${route}`;
  const set = /^(?:odata|api)\/([^/]+)\/\{id\}/.exec(route)?.[1];
  const byEntitySet: Record<string, string> = {
    House: id.house,
    Room: id.room,
    Device: id.device,
    Service: id.fee,
    Lessee: id.lessee,
    LesseeInfor: id.lessee,
    // The spec adds a vehicle to a contract: `POST /odata/Vehicle/{contractID}`.
    Vehicle: method === 'POST' ? id.contract : id.vehicle,
    Contract: id.contract,
    ContractService: id.contractService,
    HouseTicket: id.houseTicket,
    MonthlyBill: id.monthlyBill,
    OneTimeCharge: id.oneTimeCharge,
    Issue: id.issue,
    Notification: id.notification,
    HMRegistration: id.registration,
    Expense: id.expense,
    LeaveNotice: id.leaveNotice,
    BillDispute: id.billDispute,
    MeterSubmission: id.meterSubmission,
    Handover: id.handover,
  };
  const value = set ? byEntitySet[set] : undefined;
  if (!value) throw new Error(`No sample id for the route ${route}: add its entity set to pathOf`);
  return `/${route.replace('{id}', value)}`;
}

/** Scope parameters every route may read (others ignore them): the house, the room, one photo, the contract. */
function queryOf(id: Ids): string {
  return new URLSearchParams({
    houseID: id.house,
    roomID: id.room,
    container: 'room-images',
    blobName: id.photo,
    extension: 'png',
    contractID: id.contract,
    monthlyBillID: id.monthlyBill,
    oneTimeChargeID: id.oneTimeCharge,
    registrationID: id.registration,
    lesseeInfoID: id.lessee,
    Key: id.registration,
    year: '2026',
    // chunha's staff member (Hoa Sen): DisableStaffAccount aims at them.
    userID: s.nhanvien?.userID ?? '',
  }).toString();
}

/** The legitimate request of a route for the objects `id`. */
function sampleProbe(definition: HttpFunctionDefinition, method: string, id: Ids): Probe {
  const path = `${pathOf(definition.route, id, method)}?${queryOf(id)}`;
  const form = sampleForm(definition.route, id);
  if (form) return { label: `${method} ${definition.route}`, method, path, rawBody: form };
  const body = BODY_METHODS.has(method) ? sampleBody(method, definition.route, id) : undefined;
  return { label: `${method} ${definition.route}`, method, path, ...(body === undefined ? {} : { body }) };
}

function routes(): Array<{ definition: HttpFunctionDefinition; method: string }> {
  return httpFunctions.flatMap((definition) => definition.methods.map((method) => ({ definition, method })));
}

/**
 * Routes that act on the caller's own account, not on anyone's objects: logging out would end the
 * prober's own session, and changing a password is every caller's right (a wrong old one is a 400).
 */
function endsSession(definition: HttpFunctionDefinition): boolean {
  return definition.route === 'api/User/Logout' || definition.route === 'api/User/ChangePassword';
}

/** Routes about the caller's own personal data (a tenant may write them; tests/api/residence.test.ts). */
function callersOwnData(definition: HttpFunctionDefinition): boolean {
  return definition.route.startsWith('api/User/MyData');
}

async function send(probe: Probe, token?: string): Promise<ApiReply> {
  return api.request(probe.method, probe.path, {
    ...(token ? { token } : {}),
    ...(probe.body !== undefined ? { body: probe.body } : {}),
    ...(probe.rawBody !== undefined ? { rawBody: probe.rawBody } : {}),
    ...(probe.headers ? { headers: probe.headers } : {}),
  });
}

/** A caller without rights to `id`: refused (403/404), or a reply that names none of its objects. */
function expectNoAccess(reply: ApiReply, label: string, id: Ids): void {
  expectWellFormed(reply, label);
  if (reply.status >= 400) {
    expect([400, 403, 404], `${label}: ${reply.status} ${JSON.stringify(reply.body)}`).toContain(
      reply.status,
    );
    return;
  }
  const text = JSON.stringify(reply.body ?? '');
  for (const value of Object.values(id)) expect(text, `${label} leaked ${value}`).not.toContain(value);
}

/** Everything stored for a house (documents with their ETags, audit entries) and its photo blob. */
async function snapshot(id: Ids): Promise<string> {
  const docs = await product.services.store.container('houses').query({ partitionKey: id.house, top: 1000 });
  const audit = await product.services.store
    .container('audit')
    .count({ filter: { op: 'eq', field: 'houseID', value: id.house } });
  const photo = await product.services.blobs.blobExists('room-images', id.photo);
  const sorted = [...docs.items].sort((a, b) => a.id.localeCompare(b.id));
  return JSON.stringify({ sorted, audit, photo });
}

/** A contract with an occupant and a vehicle on an empty room, and a deposit on another (distinct phones per house). */
async function tenancyOf(token: string, house: string, phone: string) {
  const rooms = await api.request<{ value: Array<{ roomID: string; status: string }> }>(
    'GET',
    `/odata/Room?houseID=${house}&$orderby=roomName desc`,
    { token },
  );
  const [forContract, forReservation] = rooms.body.value.filter((room) => room.status === 'empty');
  const contract = await api.request<{ contractID: string; representativeLesseeID: string }>(
    'POST',
    '/odata/Contract',
    {
      token,
      body: {
        roomID: forContract?.roomID,
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        representative: { occupantName: 'Người thuê dò', gender: 1, phoneNumber: phone },
        vehicles: [{ vehicleType: 'Xe máy', licensePlate: `59-P${phone.slice(-1)} 123.45` }],
      },
    },
  );
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  const vehicles = await api.request<{ value: Array<{ vehicleID: string }> }>(
    'GET',
    `/odata/Vehicle?contractID=${contract.body.contractID}`,
    { token },
  );
  const fee = await api.request<{ serviceID: string }>('POST', '/odata/Service', {
    token,
    body: { houseID: house, serviceName: `Vệ sinh dò ${phone.slice(-1)}`, price: 20_000, unit: 'room' },
  });
  const subscription = await api.request<{ contractServiceID: string }>('POST', '/odata/ContractService', {
    token,
    body: { contractID: contract.body.contractID, serviceID: fee.body.serviceID },
  });
  expect(subscription.status, JSON.stringify(subscription.body)).toBe(201);
  const reservation = await api.request<{ data: { reservationID: string } }>(
    'POST',
    '/api/Reservation/Reserve',
    {
      token,
      body: {
        roomID: forReservation?.roomID,
        fullName: 'Người cọc dò',
        phoneNumber: '0938000222',
        deposit: 1_000_000,
        expectedMoveInDate: '2030-01-01',
      },
    },
  );
  expect(reservation.status, JSON.stringify(reservation.body)).toBe(200);
  const charge = await api.request<{ oneTimeChargeID: string }>('POST', '/odata/OneTimeCharge', {
    token,
    body: { contractID: contract.body.contractID, description: 'Phí dò', amount: 10_000 },
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  const issue = await api.request<{ issueID: string }>('POST', '/odata/Issue', {
    token,
    body: { contractID: contract.body.contractID, title: 'Sự cố dò', description: 'Vòi nước rò' },
  });
  expect(issue.status, JSON.stringify(issue.body)).toBe(201);
  // To the probe's room only: the demo tenant of Hoa Sen is not among its readers.
  const notice = await api.request<{ notificationID: string }>('POST', '/odata/Notification', {
    token,
    body: { houseID: house, title: 'Thông báo dò', body: 'Nội dung dò', roomIDs: [forContract?.roomID] },
  });
  expect(notice.status, JSON.stringify(notice.body)).toBe(201);
  const bill = await aMonthlyBill(product.services, {
    contractID: contract.body.contractID,
    houseID: house,
    roomID: forContract?.roomID as string,
  });
  // The probe's contracts start in January 2030: that month's draft is the ticket probed.
  const draft = await api.request('POST', '/api/HouseTicket/Draft', {
    token,
    body: { houseID: house, month: '2030-01' },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return {
    handover: await aHandover(token, contract.body.contractID),
    leaveNotice: await aLeaveNotice(house, contract.body.contractID, forContract?.roomID as string),
    billDispute: await aBillDispute(bill),
    meterSubmission: await aMeterSubmission(house, contract.body.contractID, forContract?.roomID as string),
    houseTicket: `${house}_2030-01`,
    monthlyBill: bill.monthlyBillID,
    oneTimeCharge: charge.body.oneTimeChargeID,
    issue: issue.body.issueID,
    notification: notice.body.notificationID,
    contract: contract.body.contractID,
    lessee: contract.body.representativeLesseeID,
    vehicle: vehicles.body.value[0]?.vehicleID as string,
    reservation: reservation.body.data.reservationID,
    contractService: subscription.body.contractServiceID,
  };
}

/** What a landlord sends to the handover routes (issue 27 §2) for the contract of `id`. */
function handoverSamples(id: Ids): Record<string, unknown> {
  const signature = `data:image/png;base64,${Buffer.from(makePng()).toString('base64')}`;
  return {
    'POST api/Handover': {
      contractID: id.contract,
      kind: 'moveIn',
      handoverDate: '2030-01-01',
      electricityIndex: 100_000,
      waterIndex: 10_000,
      keyCount: 2,
      devices: [],
    },
    'POST api/Handover/{id}/Sign': { signature },
    'POST api/Handover/{id}/GuestLink': {},
    'POST api/GuestHandover/Sign': {
      handoverID: id.handover,
      token: 'khong.phai.token-that-cua-lien-ket',
      signature,
    },
  };
}

/** The contract's move-in handover record, written by its landlord. */
async function aHandover(token: string, contractID: string): Promise<string> {
  const saved = await api.request<{ data: { handoverID: string } }>('POST', '/api/Handover', {
    token,
    body: {
      contractID,
      kind: 'moveIn',
      handoverDate: '2030-01-01',
      electricityIndex: 100_000,
      waterIndex: 10_000,
      keyCount: 1,
      devices: [],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.handoverID;
}

/** A tenant's notice of leaving, stored as `giveLeaveNotice` writes it (the probe's tenancies have no tenant signed in). */
async function aLeaveNotice(house: string, contractID: string, roomID: string): Promise<string> {
  const leaveNoticeID = randomUUID();
  await product.services.store.container<LeaveNoticeDoc>('houses').create({
    id: leaveNoticeID,
    pk: house,
    type: 'leaveNotice',
    leaveNoticeID,
    houseID: house,
    roomID,
    roomName: 'Phòng dò',
    contractID,
    leaveDate: '2030-12-31',
    status: 'open',
    noticeDays: 30,
    createdBy: 'probe',
    createdOn: '2026-11-20T08:00:00.000Z',
  });
  return leaveNoticeID;
}

/** A tenant's pending meter readings, stored as `submitMeterReadings` writes them. */
async function aMeterSubmission(house: string, contractID: string, roomID: string): Promise<string> {
  const meterSubmissionID = `${roomID}_sub_2030-01`;
  await product.services.store.container<MeterSubmissionDoc>('houses').create({
    id: meterSubmissionID,
    pk: house,
    type: 'meterSubmission',
    meterSubmissionID,
    houseID: house,
    roomID,
    roomName: 'Phòng dò',
    contractID,
    month: '2030-01',
    electricityIndex: 10,
    waterIndex: 5,
    electricityImage: `${house}/room-probe-e.png`,
    waterImage: `${house}/room-probe-w.png`,
    status: 'pending',
    submittedBy: 'probe',
    submittedOn: '2026-11-20T08:00:00.000Z',
  });
  return meterSubmissionID;
}

/** A tenant's question about the first line of `bill`, stored as `createBillDispute` writes it. */
async function aBillDispute(bill: MonthlyBillDoc): Promise<string> {
  const billDisputeID = randomUUID();
  await product.services.store.container<BillDisputeDoc>('houses').create({
    id: billDisputeID,
    pk: bill.houseID,
    type: 'billDispute',
    billDisputeID,
    houseID: bill.houseID,
    roomID: bill.roomID,
    contractID: bill.contractID,
    monthlyBillID: bill.monthlyBillID,
    billName: bill.billName,
    lineIndex: 0,
    lineDescription: bill.billDetails[0]?.description ?? 'Tiền phòng',
    lineAmount: bill.billDetails[0]?.amount ?? 0,
    reason: 'Khiếu nại dò',
    status: 'open',
    createdBy: 'probe',
    createdOn: '2026-11-20T08:00:00.000Z',
  });
  return billDisputeID;
}

/** A registration made as the public form makes it (its paper uploaded first). */
async function aPendingRegistration(phone: string): Promise<string> {
  const sas = await api.request<{ blobName: string; uploadURL: string }>(
    'GET',
    '/api/BlobAccess/GetHMRegistrationDataContainerSAS?extension=png',
  );
  await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  const created = await api.request<{ registrationID: string }>('POST', '/odata/HMRegistration', {
    body: {
      fullName: 'Người đăng ký dò',
      phoneNumber: phone.replace(/^096/, '086'),
      email: `dangky${phone.slice(-1)}@example.vn`,
      houseName: 'Nhà trọ dò',
      houseAddress: '1 Đường Dò',
      roomQuota: 5,
      papers: [sas.body.blobName],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.registrationID;
}

async function objectsOf(session: Session, houseName: string, phone: string): Promise<Ids> {
  const token = session.token.accessToken;
  const { house, room, fee, device } = await houseObjects(api, session, houseName, {
    roomIndex: 0,
    deviceName: 'Tủ lạnh',
    value: 3_000_000,
  });
  const sas = await api.request<{ blobName: string; uploadURL: string }>(
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${house}`,
    { token },
  );
  await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  const added = await api.request('POST', `/odata/Room/${room}/Images`, {
    token,
    body: { blobName: sas.body.blobName },
  });
  expect(added.status).toBe(200);
  return {
    house,
    room,
    device,
    fee,
    photo: sas.body.blobName,
    expense: (
      await api.request<{ expenseID: string }>('POST', '/odata/Expense', {
        token,
        body: { houseID: house, date: '2026-01-05', category: 'cleaning', amount: 150_000 },
      })
    ).body.expenseID,
    registration: await aPendingRegistration(phone),
    ...(await tenancyOf(token, house, phone)),
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
  ids = await objectsOf(s.chunha, 'Nhà trọ Bình An', '0961000001');
  ownIds = await objectsOf(s.chunha, 'Nhà trọ Hoa Sen', '0961000002');
  // The tenant's own room, so "own house" probes aim at what they could plausibly touch.
  if (s.nguoithue.roomID) ownIds.room = s.nguoithue.roomID;
}, 60_000);
afterAll(async () => product?.stop());

describe('the route registry', () => {
  it('holds every route, public ones marked by their definition', () => {
    expect(httpFunctions.length).toBeGreaterThan(20);
    const publicRoutes = httpFunctions.filter((definition) => definition.auth === 'public');
    expect(publicRoutes.map((definition) => definition.name).sort()).toEqual(
      expect.arrayContaining(['blobAccessGetHMRegistrationDataContainerSAS', 'odataMetadata', 'userLogin']),
    );
    expect(httpFunctions.every((definition) => definition.auth !== undefined)).toBe(true);
  });

  it('has a sample body for every route that takes one', () => {
    const missing = routes()
      .filter(({ method }) => BODY_METHODS.has(method))
      .filter(({ definition, method }) => {
        const probe = sampleProbe(definition, method, ids);
        return probe.body === undefined && probe.rawBody === undefined;
      })
      .map(({ definition, method }) => `${method} ${definition.route}`);
    expect(missing, 'add a sample body in sampleBody()').toEqual([]);
  });

  it("answers the owner's sample of the dashboard report, so its refusals below are not a broken route", async () => {
    const probe = sampleProbe(
      httpFunctions.find((definition) => definition.name === 'dashboardReport') as HttpFunctionDefinition,
      'GET',
      ids,
    );
    const reply = await send(probe, s.chunha.token.accessToken);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ houseID: ids.house });
  });
});

describe('every route, anonymously', { timeout: 120_000 }, () => {
  it('answers 401 with the usual shape on every route that is not public, and never 5xx', async () => {
    for (const { definition, method } of routes()) {
      const probe = sampleProbe(definition, method, ids);
      const reply = await send(probe);
      expectWellFormed(reply, probe.label);
      if (definition.auth === 'public') continue;
      expect({ label: probe.label, status: reply.status, body: reply.body }).toMatchObject({
        status: 401,
        body: { status: false, errorMessage: MSG.unauthenticated },
      });
    }
  });

  it('answers 401 "invalid" for a forged token on every route that is not public', async () => {
    for (const { definition, method } of routes()) {
      if (definition.auth === 'public') continue;
      const probe = sampleProbe(definition, method, ids);
      const reply = await send(probe, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged');
      expectWellFormed(reply, probe.label);
      expect(reply.status, probe.label).toBe(401);
      expect((reply.body as { errorMessage: string }).errorMessage).toBe(MSG.invalidToken);
    }
  });
});

describe("every route on chunha's objects by callers without rights to them", { timeout: 120_000 }, () => {
  const callers = [
    ['another landlord (chunha2)', 'chunha2'],
    ['staff of another house (nhanvien)', 'nhanvien'],
    ['a tenant of another house (nguoithue)', 'nguoithue'],
  ] as const;

  for (const [who, username] of callers) {
    it(`${who}: refused or shown nothing of chunha's, nothing changes, never 5xx`, async () => {
      const before = await snapshot(ids);
      for (const { definition, method } of routes()) {
        // Public routes name no one's objects; the anonymous probe covers them.
        if (endsSession(definition) || definition.auth === 'public') continue;
        const probe = sampleProbe(definition, method, ids);
        expectNoAccess(await send(probe, s[username].token.accessToken), `${who}: ${probe.label}`, ids);
      }
      expect(await snapshot(ids)).toBe(before);
    });
  }

  it("a tenant on the landlord's write routes of their own house: 403/404, nothing changes", async () => {
    const before = await snapshot(ownIds);
    for (const { definition, method } of routes()) {
      if (method === 'GET' || definition.auth === 'public' || endsSession(definition)) continue;
      if (callersOwnData(definition)) continue;
      const probe = sampleProbe(definition, method, ownIds);
      const reply = await send(probe, s.nguoithue.token.accessToken);
      expectWellFormed(reply, probe.label);
      expect([403, 404], `${probe.label}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
    }
    expect(await snapshot(ownIds)).toBe(before);
  });
});

describe('malformed bodies and bad query options, by the owner', { timeout: 120_000 }, () => {
  const MALFORMED: Array<{ name: string; probe(base: Probe): Probe }> = [
    {
      name: 'not JSON',
      probe: (base) => ({
        ...base,
        body: undefined,
        rawBody: '{"a":',
        headers: { 'content-type': 'application/json' },
      }),
    },
    { name: 'an array', probe: (base) => ({ ...base, rawBody: undefined, body: [base.body ?? {}] }) },
    { name: 'a huge string', probe: (base) => ({ ...base, rawBody: undefined, body: 'x'.repeat(200_000) }) },
    {
      name: 'wrong types',
      probe: (base) => ({
        ...base,
        rawBody: undefined,
        body: Object.fromEntries(
          Object.entries((base.body as Record<string, unknown> | undefined) ?? {})
            .concat([['houseID', 'x']])
            .map(([key, value]) => [key, typeof value === 'string' ? 12345 : 'abc']),
        ),
      }),
    },
    {
      name: 'an unknown field',
      probe: (base) => ({
        ...base,
        rawBody: undefined,
        body: { ...((base.body as Record<string, unknown> | undefined) ?? {}), zzUnknown: 1 },
      }),
    },
  ];

  it('every route that takes a body refuses each malformed body with a 4xx, naming unknown fields; nothing changes', async () => {
    const before = await snapshot(ids);
    // Its own session: a Logout probe must not end the owner's session used below.
    const prober = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    for (const { definition, method } of routes()) {
      if (!BODY_METHODS.has(method)) continue;
      const base = sampleProbe(definition, method, ids);
      for (const malformed of MALFORMED) {
        const probe = malformed.probe(base);
        const label = `${base.label} with ${malformed.name}`;
        const reply = await send(probe, prober.token.accessToken);
        expectWellFormed(reply, label);
        expect(reply.status, `${label}: ${JSON.stringify(reply.body)}`).toBeGreaterThanOrEqual(400);
        if (malformed.name === 'an unknown field' && reply.status === 400 && base.rawBody === undefined) {
          expect(reply.body, label).toEqual(
            expect.arrayContaining([
              { field: 'zzUnknown', errorMessage: 'Trường "zzUnknown" không tồn tại.' },
            ]),
          );
        }
      }
    }
    expect(await snapshot(ids)).toBe(before);
  });

  const BAD_OPTIONS = [
    '$filter=nope eq 1',
    // Long, but under the 16 KB request head every server accepts.
    '$filter=' + 'a'.repeat(6_000),
    '$filter=houseName eq',
    '$top=-1',
    '$skip=abc',
    '$orderby=(((',
    '$select=zzUnknown',
    '$expand=zzUnknown',
    '$count=maybe',
    '$bogus=1',
    '$top=1&$top=2',
  ];

  it('every GET route answers bad query options with a 4xx (400 on entity sets), never 5xx', async () => {
    const entityRoutes = new Set(
      ENTITY_SETS.flatMap((set) => [`odata/${set.entitySet}`, `odata/${set.entitySet}/{id}`]),
    );
    for (const { definition, method } of routes()) {
      if (method !== 'GET') continue;
      const base = sampleProbe(definition, method, ids);
      // A route that refuses the owner anyway (another role's) keeps refusing the same way.
      const control = await send(base, s.chunha.token.accessToken);
      expectWellFormed(control, base.label);
      for (const option of BAD_OPTIONS) {
        const probe = { ...base, path: `${base.path}&${option.replace(/ /g, '%20')}` };
        const label = `${base.label} with ${option.slice(0, 40)}`;
        const reply = await send(probe, s.chunha.token.accessToken);
        expectWellFormed(reply, label);
        if (entityRoutes.has(definition.route)) {
          const expected = control.status < 400 ? 400 : control.status;
          expect(reply.status, `${label}: ${JSON.stringify(reply.body)}`).toBe(expected);
        }
      }
    }
  });
});

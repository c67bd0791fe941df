/**
 * Every URL of the web app, in one table. `app/AppRoutes.tsx` declares its routes with `routePatterns`;
 * navigation items, links and `navigate()` calls build their targets with `paths`. No other file writes
 * a route as a string literal. The entries the login route needs live in `./core.ts` (see there).
 *
 * The URLs are the original product's (spec section 6), e.g. the devices of a room live at
 * `/deviceCD/{roomID}` and the service fees at `/settingAdmin/{type}`.
 */

import { corePaths } from './core';

export { corePaths, routePatterns } from './core';

const enc = encodeURIComponent;

/** Tabs of the service-fee page: `/settingAdmin` ('all'), `/settingAdmin/metered`, `/settingAdmin/fixed`. */
export type FeeTab = 'all' | 'metered' | 'fixed';

export const paths = {
  ...corePaths,
  accountSettings: '/accountSetting',
  /** The landlord's details with the CCCD and its photos; without them (contact, bank account only). */
  lessorUpdateInfo: '/lessorUpdateInfo',
  lessorUpdateInfoWithoutIdentity: '/lessorUpdateInfoWithoutIdentity',
  /** The landlord's rooms bought and paid term: 'Mua thêm phòng', 'Gia hạn tài khoản'. */
  accountPlan: '/accountPlan',
  rooms: '/rooms',
  room: (roomID: string) => `/rooms/${enc(roomID)}`,
  devices: (roomID: string) => `/deviceCD/${enc(roomID)}`,
  fees: (tab: FeeTab = 'all') => (tab === 'all' ? '/settingAdmin' : `/settingAdmin/${tab}`),
  lessees: '/lessees',
  lessee: (lesseeInfoID: string) => `/lessees/${enc(lesseeInfoID)}`,
  /** Residence declarations (tạm trú / lưu trú) due, the CT01 form. */
  residence: '/residence',
  /** Identity data of people who left, and when it is erased. */
  personalData: '/personalData',
  /** The signed-in person's own data: download, consent, erasure request. */
  myData: '/myData',
  createLessee: '/createLesseeInfo',
  createLesseeInRoom: (roomID: string) => `/createLesseeInRoom/${enc(roomID)}`,
  /** The occupants of a room's active contract: add, edit, remove. */
  roomLessees: (roomID: string) => `/lesseeCD/${enc(roomID)}`,
  /** Vehicles and occupants added to a running contract. */
  vehicleAndLesseeAdd: (contractID: string) => `/vehicleAndLesseeAdd/${enc(contractID)}`,
  contracts: '/contracts',
  contract: (contractID: string) => `/contracts/${enc(contractID)}`,
  contractDocument: (contractID: string) => `/contracts/document/${enc(contractID)}`,
  contractExtend: (contractID: string) => `/contracts/timeExtend/${enc(contractID)}`,
  contractTerminate: (contractID: string) => `/contracts/earlyTerminate/${enc(contractID)}`,
  contractHistory: (contractID: string) => `/contracts/contractHistory/${enc(contractID)}`,
  /** The contract form; from a room's page (or its reservation) the room comes filled in. */
  createContract: (roomID?: string) =>
    roomID === undefined ? '/createContract' : `/createContract?roomID=${enc(roomID)}`,
  /** The public page a guest link opens (the token is what lets it in). */
  guestContract: (contractID: string) => `/guestContract/${enc(contractID)}`,
  /** The public page a handover record's guest link opens (the tenant signs there). */
  guestHandover: (handoverID: string) => `/guestHandover/${enc(handoverID)}`,
  /** Staff record the month's electricity and water readings, room by room. */
  /** The tenants' issue reports of the chosen house, by status and room. */
  requests: '/requests',
  /** Notices of the chosen house (landlord, staff), or the tenant's own. */
  notifications: '/notifications',
  meterRecords: '/MeterRecord',
  /** The month's draft bills of a house (a house ticket): review, edit, issue. Without id: the chosen house's. */
  billDraft: (houseTicketID?: string) =>
    houseTicketID === undefined ? '/billDraft' : `/billDraft/${enc(houseTicketID)}`,
  /** One monthly bill: lines, payments, QR code, print, share. */
  monthlyBill: (monthlyBillID: string) => `/bill/${enc(monthlyBillID)}`,
  /**
   * The month's bills of the chosen house, who still owes: `month` (`yyyy-mm`, else the latest issued)
   * and `status` (`owed`, `unpaid`, `partlyPaid`, `overdue`, `paid`, `carriedOver`) in the query string.
   */
  monthlyBills: (query: { month?: string; status?: string } = {}) => {
    const search = new URLSearchParams();
    if (query.month) search.set('month', query.month);
    if (query.status) search.set('status', query.status);
    const text = search.toString();
    return text === '' ? '/monthlyBills' : `/monthlyBills?${text}`;
  },
  /** The chosen house's expenses (EVN, water, repairs…) and the profit they leave. */
  expenses: '/expenses',
  profitReport: '/profitReport',
  /** The monthly bills of a room, by month and status. */
  roomBills: (roomID: string) => `/monthlyBillCD/${enc(roomID)}`,
  /** One one-time charge. */
  oneTimeCharge: (oneTimeChargeID: string) => `/otcBill/${enc(oneTimeChargeID)}`,
  /** The one-time charges of a room's contracts; add one. */
  roomCharges: (roomID: string) => `/oneTimeBillCD/${enc(roomID)}`,
  /** The public page a bill's shared link opens (`?t=` carries the signed token). */
  guestMonthlyBill: (monthlyBillID: string, token: string) =>
    `/guestMonthlyBill/${enc(monthlyBillID)}?t=${enc(token)}`,
  staff: '/staffManage',
  /** Where the gateway's return lands (public: the result of a monthly bill's or a charge's payment). */
  paymentSuccessful: (paymentID: string) => `/paymentSuccessful/${enc(paymentID)}`,
  paymentOTCSuccessful: (paymentID: string) => `/paymentOTCSuccessfull/${enc(paymentID)}`,
  paymentFailure: '/paymentFailure',
  /** A landlord signs up (public): the form (`?edit` changes the registration this browser holds). */
  registration: (edit = false) => (edit ? '/registration?edit=1' : '/registration'),
  /** The registration's review and its e-mail and phone verification. */
  registrationConfirm: '/registrationConfirm',
  /** The registration fee to pay (spec: "registration fee confirmation"). */
  registrationFee: '/register',
  /** Asks the gateway's URL for the registration's fee and goes there. */
  registrationPayment: (registrationID: string) => `/HMRegistrationPayment/${enc(registrationID)}`,
  /** The landlord's incoming transfers from the bank feed: the ones no bill code matched wait here. */
  bankTransfers: '/bankTransfers',
  lesseeRoom: '/lesseeRoomDetail',
  lesseeContract: '/lesseeContract',
  /** The tenant's bills and one-time charges (all of them, owed first). */
  lesseeBills: '/lesseeBills',
  /** The tenant's issue reports and 'Báo sự cố'. */
  lesseeIssues: '/lesseeIssues',
  admin: {
    lessorRegistrations: '/adminLessorRegister',
    accounts: '/hmAccountsManage',
    income: '/hmBillManage',
    extensions: '/extendManagement',
    settings: '/timeBill',
    systemLog: '/systemLog',
    zaloToken: '/settingZaloToken',
    rentTaxThreshold: '/rentTaxThreshold',
  },
} as const;

/**
 * The part of the route table (`lib/paths`) that the app's entry and the login page need: the public
 * URLs, where a signed-in user lands, and the `<Route path>` patterns. It is its own module so that the
 * login route does not load the rest of the table (the signed-in menu's URLs); `paths` spreads it in.
 * Import it only from what the login route loads (AppRoutes, LoginPage, BrandLink, lib/session);
 * everything else imports `paths` from `lib/paths`.
 */
export const corePaths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgotPassword',
  dashboard: '/dashboard',
  /** Where a tenant signing in with a one-time password chooses their own. */
  newPassword: '/newPassword',
  /** The public site: prices and what is included, questions, terms of use, data protection. */
  business: '/business',
  faq: '/faq',
  termsOfUse: '/termOfUse',
  privacy: '/privacy',
} as const;

/** Route patterns (relative, as `<Route path>` takes them) of the pages the app has today. */
export const routePatterns = {
  login: 'login',
  dashboard: 'dashboard',
  rooms: 'rooms',
  room: 'rooms/:id',
  devices: 'deviceCD/:id',
  fees: 'settingAdmin/:type?',
  lessees: 'lessees',
  lessee: 'lessees/:id',
  createLessee: 'createLesseeInfo',
  createLesseeInRoom: 'createLesseeInRoom/:id',
  roomLessees: 'lesseeCD/:id',
  vehicleAndLesseeAdd: 'vehicleAndLesseeAdd/:id',
  contracts: 'contracts',
  contract: 'contracts/:id',
  contractDocument: 'contracts/document/:id',
  contractExtend: 'contracts/timeExtend/:id',
  contractTerminate: 'contracts/earlyTerminate/:id',
  contractHistory: 'contracts/contractHistory/:id',
  createContract: 'createContract',
  guestContract: 'guestContract/:contractId',
  lesseeRoom: 'lesseeRoomDetail',
  lesseeContract: 'lesseeContract',
  lesseeBills: 'lesseeBills',
  lesseeIssues: 'lesseeIssues',
  newPassword: 'newPassword',
  meterRecords: 'MeterRecord',
  billDraft: 'billDraft/:id?',
  monthlyBill: 'bill/:id',
  roomBills: 'monthlyBillCD/:id',
  monthlyBills: 'monthlyBills',
  oneTimeCharge: 'otcBill/:id',
  roomCharges: 'oneTimeBillCD/:id',
  billingSettings: 'timeBill',
  guestMonthlyBill: 'guestMonthlyBill/:monthlyBillId',
  paymentSuccessful: 'paymentSuccessful/:id',
  paymentOTCSuccessful: 'paymentOTCSuccessfull/:id',
  paymentFailure: 'paymentFailure',
  paymentLessorSuccessful: 'paymentLessorSuccessful/:id',
  buyingMoreRoomPaymentSuccessful: 'BuyingMoreRoomPaymentSuccessful',
  extendAccountPaymentSuccessful: 'ExtendAccountPaymentSuccessful',
  bankTransfers: 'bankTransfers',
  requests: 'requests',
  notifications: 'notifications',
  zaloToken: 'settingZaloToken',
  accountSettings: 'accountSetting',
  lessorUpdateInfo: 'lessorUpdateInfo',
  lessorUpdateInfoWithoutIdentity: 'lessorUpdateInfoWithoutIdentity',
  staff: 'staffManage',
  /** Matches /ForgotPassword (spec §2) as well: routes ignore case. */
  forgotPassword: 'forgotPassword',
  passwordReset: 'ChangePassword/:token',
  /** The link of the code that joins a new tenancy to the tenant's own account (public). */
  tenancyLink: 'tenancyLink/:linkID',
  /** The landlord's plan: rooms bought, paid term, buying rooms and extending. */
  accountPlan: 'accountPlan',
  hmAccounts: 'hmAccountsManage',
  income: 'hmBillManage',
  extensions: 'extendManagement',
  systemLog: 'systemLog',
  business: 'business',
  faq: 'faq',
  termsOfUse: 'termOfUse',
  privacy: 'privacy',
  registration: 'registration',
  registrationConfirm: 'registrationConfirm',
  registrationFee: 'register',
  registrationPayment: 'HMRegistrationPayment/:id',
  lessorRegistrations: 'adminLessorRegister',
  notFound: '*',
} as const;

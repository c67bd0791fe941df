import type {
  BankFeedProvider,
  BankTransfer,
  Contract,
  ContractChange,
  ContractImageVersion,
  ContractService,
  Device,
  Expense,
  Fee,
  Handover,
  House,
  LesseeInfo,
  LeaveNotice,
  BillDispute,
  DebtPause,
  HouseTicket,
  Issue,
  LessorIdentityImages,
  LessorInfo,
  Meter,
  MeterKind,
  MeterRecord,
  MeterSubmission,
  MonthlyBill,
  Notification,
  OneTimeCharge,
  Payment,
  PlatformPaymentEntry,
  Reservation,
  RoleID,
  Room,
  RoomTicket,
  Vehicle,
} from '@nhatro/common';
import type { MonthlyTotals } from '../dashboardReport.js';
import type { OutboxMessage } from '../outbox.js';
import type { StoredDoc } from './query.js';
import type { SealedSecret } from './platformModel.js';

export * from './platformModel.js';

/** Documents of the `users` container (pk = id = userID). */
export interface UserDoc extends StoredDoc {
  type: 'user';
  userID: string;
  username: string;
  passwordHash: string;
  roleID: RoleID;
  fullName: string;
  email?: string;
  phoneNumber?: string;
  disabled: boolean;
  createdOn: string;
  /** Landlord: details shown on contracts; status 2 until complete. The identity photos are theirs alone. */
  lessorInfo?: LessorInfo & LessorIdentityImages;
  /** Landlord: rooms the account may hold (purchased quota). */
  roomQuota?: number;
  /**
   * Landlord: the end of the paid term (ISO date, Vietnam): after it the landlord and their staff may
   * read but not write until it is extended; tenants are not affected. Absent: no limit (demo accounts).
   */
  accountExpiresOn?: string;
  /** Landlord: the approved room purchases and extensions already applied to the account (each once). */
  appliedRequestIDs?: string[];
  /**
   * Landlord: houses they own, copied from the houses' `ownerID` when a house is created, so a request
   * needs no read of the house to know it may touch it (houses never change owner nor go away). A grant
   * only: a house missing here (an account older than the list) is checked on the house itself.
   */
  ownedHouseIDs?: string[];
  /** Staff: houses assigned to them. */
  assignedHouseIDs?: string[];
  /** Set on accounts created with a one-time password: the first login must choose a new one. */
  mustChangePassword?: boolean;
  /**
   * Sessions ended (logout, new password, disabled, a refresh token used twice) while access tokens of
   * theirs may still be unexpired: session id → the time (ISO) after which every such token has
   * expired and the entry may go. `authenticate` refuses them with the one read of the account it makes.
   */
  revokedSessions?: Record<string, string>;
  /** Lessee: where they live. */
  lesseeID?: string;
  houseID?: string;
  contractID?: string;
  roomID?: string;
}

/** Reserves a username across partitions (`id` = `username:<lowercase>`). */
export interface UsernameClaimDoc extends StoredDoc {
  type: 'usernameClaim';
  userID: string;
}

/**
 * Stored documents of the `houses` container, all partitioned by houseID. Each is the entity the
 * API returns (defined once in `@nhatro/common`) plus storage fields; nothing restates a field.
 */
export interface HouseDoc extends StoredDoc, House {
  type: 'house';
  ownerID: string;
  staffIDs: string[];
  /**
   * When the owner last changed the details tenants and staff see of them (internal, never returned):
   * a token carrying older details is not trusted for this house (`claimedLessorInfo`).
   */
  lessorInfoChangedAt?: string;
}

export interface RoomDoc extends StoredDoc, Room {
  type: 'room';
  /**
   * The contracts signed on the room, oldest first (internal, never returned): `GET /odata/Contract/{id}`
   * reads the room with the contract in one query. Rooms from before it have none (the room is then
   * read after the contract).
   */
  contractIDs?: string[];
}

/** The spec's `Service` entity: a fee the house charges. */
export interface FeeDoc extends StoredDoc, Fee {
  type: 'service';
}

export interface DeviceDoc extends StoredDoc, Device {
  type: 'device';
}

/** A handover record (id `<contractID>-<kind>`); its signatures and PDF are blobs in `contract-pdf`. */
export interface HandoverDoc extends StoredDoc, Handover {
  type: 'handover';
  lessorSignature?: string;
  lessorSignedBy?: string;
  lesseeSignature?: string;
  guestLinkID?: string;
  pdfBlobName?: string;
  pdfHash?: string;
}

export interface ContractDoc extends StoredDoc, Contract {
  type: 'contract';
  /** Fingerprint of what the stored PDF (`contractPDFFileURL`) shows; a new one means a new PDF. */
  contractPDFHash?: string;
  /** The one guest link that works now (its token carries `linkID`); never returned. */
  guestLink?: { linkID: string; createdOn: string; createdBy: string };
  /** The meter the move-in index was read on, by kind (absent: the room had no meter yet). */
  moveInMeterIDs?: Partial<Record<MeterKind, string>>;
  /**
   * Where the settlement started charging each meter (the room's last index when the contract ended) and
   * on which meter: a later reading of the contract's last month is billed only up to it.
   */
  settledMeters?: Partial<Record<MeterKind, { index: number; meterID?: string }>>;
}

export interface ContractImageVersionDoc extends StoredDoc, ContractImageVersion {
  type: 'contractImageVersion';
}

export interface LesseeInfoDoc extends StoredDoc, LesseeInfo {
  type: 'lesseeInfo';
  /** Name, phone and CCCD without accents, for `?search=` (never returned). */
  searchText?: string;
}

export interface VehicleDoc extends StoredDoc, Vehicle {
  type: 'vehicle';
  /** The plate without spaces, dots and dashes (`normalizeLicensePlate`), for the once-per-house check. */
  plateKey?: string;
}

export interface ContractServiceDoc extends StoredDoc, ContractService {
  type: 'contractService';
}

export interface ContractChangeDoc extends StoredDoc, ContractChange {
  type: 'contractChange';
}

export interface ReservationDoc extends StoredDoc, Reservation {
  type: 'reservation';
}

/** A room's electricity or water meter; a replaced one stays with its final index. */
export interface MeterDoc extends StoredDoc, Meter {
  type: 'meter';
}

/** id = `meterRecordID` = `<roomID>_<e|w>_<month>`: a second reading of a month replaces the first. */
export interface MeterRecordDoc extends StoredDoc, MeterRecord {
  type: 'meterRecord';
}

/** id = `meterSubmissionID` = `<roomID>_sub_<month>`: a tenant's second sending of a month replaces the first. */
export interface MeterSubmissionDoc extends StoredDoc, MeterSubmission {
  type: 'meterSubmission';
}

/** id = `houseTicketID` = `<houseID>_<month>`: one draft per house and month, however often the timer runs. */
export interface HouseTicketDoc extends StoredDoc, HouseTicket {
  type: 'houseTicket';
}

/** id = `<contractID>_<month>_t`. */
export interface RoomTicketDoc extends StoredDoc, RoomTicket {
  type: 'roomTicket';
  /** Lines the landlord wrote by hand: a recompute keeps them. */
  editedByHand?: boolean;
}

/** id = `monthlyBillID` = `<contractID>_<month>`: issuing twice cannot make a second bill. */
export interface MonthlyBillDoc extends StoredDoc, Omit<MonthlyBill, 'transferQR' | 'refundsDue'> {
  type: 'monthlyBill';
  /** The one guest link that works now (its token carries `linkID`); never returned. */
  guestLink?: { linkID: string; createdOn: string; createdBy: string };
}

/** `chargeID` and `total`, the spec's names, are added to replies (`oneTimeChargeView`), never stored. */
export interface OneTimeChargeDoc
  extends StoredDoc, Omit<OneTimeCharge, 'transferQR' | 'refundsDue' | 'chargeID' | 'total'> {
  type: 'oneTimeCharge';
}

/** An expense of a house (id = `expenseID`, random). */
export interface ExpenseDoc extends StoredDoc, Expense {
  type: 'expense';
}

export interface IssueDoc extends StoredDoc, Issue {
  type: 'issue';
}

/** A tenant's question about a bill line (issue 27), in the bill's house (id = `billDisputeID`). */
export interface BillDisputeDoc extends StoredDoc, BillDispute {
  type: 'billDispute';
}

/** A tenant's notice of leaving (issue 27), in the contract's house (id = `leaveNoticeID`). */
export interface LeaveNoticeDoc extends StoredDoc, LeaveNotice {
  type: 'leaveNotice';
}

/**
 * A house's running totals per month for the dashboard report (id `<houseID>_totals`), written in the
 * same batch as every change of a bill or charge. `complete` is false until rebuilt from the bills (a
 * write found none to update): domain/dashboardReport.ts, docs/dashboard-report.md.
 */
export interface HouseTotalsDoc extends StoredDoc {
  type: 'houseTotals';
  houseID: string;
  complete: boolean;
  months: MonthlyTotals;
  rebuiltOn?: string;
}

/**
 * id = `paymentID` (random, also the gateway's `vnp_TxnRef`): kept with what it pays (a bill in its
 * house's partition, a registration or request in its `platform` partition), so the credit, the
 * payment's new state and the messages are one batch.
 */
export interface PaymentDoc extends StoredDoc, Payment {
  type: 'payment';
  /**
   * A platform payment cancelled by a change of what it pays for (the registration's rooms, e-mail or
   * phone changed while it was open): the gateway may still take the money, which is then recorded on
   * the registration without crediting it.
   */
  voidedOn?: string;
}

/**
 * Which payment of a bill, charge, registration or request is the open one (id `openPayment_<targetID>`,
 * beside its payments). Asking for a link moves it to the new payment in the same batch that creates the
 * payment and replaces the old ones, guarded by its ETag: two links asked at the same moment never both
 * stay open.
 */
export interface OpenPaymentDoc extends StoredDoc {
  type: 'openPayment';
  targetID: string;
  paymentID: string;
  updatedOn: string;
}

/**
 * What a landlord pays the platform for (a registration, a room purchase, an extension): it waits for
 * payment ('pending' or 'awaitingPayment'), becomes 'paid' when the gateway confirms, and keeps each
 * payment once.
 */
export interface PlatformPayableDoc extends StoredDoc {
  type: string;
  status: string;
  payments?: PlatformPaymentEntry[];
  fullName?: string;
  email?: string;
  phoneNumber?: string;
  /** Who asked (a landlord's request); a registration has no account yet. */
  requestedBy?: string;
  /** What it costs now: a registration's `fee`, a request's `amount`. */
  fee?: number;
  amount?: number;
}

/** A notice, without the fields computed per reader; `contractIDs` are the tenancies it was sent to. */
export interface NotificationDoc
  extends StoredDoc, Omit<Notification, 'read' | 'readOn' | 'readCount' | 'recipients'> {
  type: 'notification';
  recipients: number;
  contractIDs: string[];
}

/** A tenant read a notice (`id` = `read_<notificationID>_<userID>`): written once, never changed. */
export interface NotificationReadDoc extends StoredDoc {
  type: 'notificationRead';
  notificationID: string;
  userID: string;
  readOn: string;
}

/**
 * A message waiting to be sent (or sent): written in the same batch as the change that caused it, in the
 * partition of that change (a house's messages with the house, platform messages in `platform`).
 */
/**
 * Whether a contract's automatic debt reminders are paused (issue 26 §3), id `<contractID>_debtPause`, in
 * the contract's house; who changed it and when. Absent: never changed, the reminders run.
 */
export interface DebtPauseDoc extends StoredDoc, DebtPause {
  type: 'debtPause';
  houseID: string;
  contractID: string;
}

export interface OutboxMessageDoc extends StoredDoc, OutboxMessage {
  type: 'outboxMessage';
}

export type HouseScopedDoc =
  | HouseDoc
  | RoomDoc
  | DeviceDoc
  | FeeDoc
  | ContractDoc
  | HandoverDoc
  | LesseeInfoDoc
  | VehicleDoc
  | ReservationDoc
  | ContractServiceDoc
  | ContractChangeDoc
  | ContractImageVersionDoc
  | MeterDoc
  | MeterRecordDoc
  | MeterSubmissionDoc
  | HouseTicketDoc
  | RoomTicketDoc
  | MonthlyBillDoc
  | OneTimeChargeDoc
  | ExpenseDoc
  | IssueDoc
  | LeaveNoticeDoc
  | BillDisputeDoc
  | DebtPauseDoc
  | HouseTotalsDoc
  | PaymentDoc
  | NotificationDoc
  | NotificationReadDoc
  | OutboxMessageDoc
  | TenancyLinkDoc
  | AuditOutboxDoc;

/**
 * A contract waiting for its representative to confirm it with the code sent to their phone number
 * (id = `linkID`, random, the only thing the person's link carries; in the contract's house). It holds
 * the keyed hash of the code sent, never the code. Which account (if any) the number has is looked up
 * only when the person confirms, so nothing here differs between a known and an unknown number.
 */
export interface TenancyLinkDoc extends StoredDoc {
  type: 'tenancyLink';
  linkID: string;
  houseID: string;
  contractID: string;
  roomID: string;
  /** The representative's occupant record in the contract. */
  lesseeID: string;
  /** The representative's number: the username of the account the tenancy opens. */
  phoneNumber: string;
  codeHash: string;
  sentOn: string;
  expiresOn: string;
  attempts: number;
  /** When codes were sent in the last hour (once a minute, five an hour), oldest first. */
  sendTimes: string[];
  usedOn?: string;
}

/**
 * A transfer the bank feed reported (`platform` container, pk = `bankTransfers:<landlord's userID>`,
 * id = `bankTransferID`: the same bank transaction is one document).
 */
export interface BankTransferDoc extends StoredDoc, BankTransfer {
  type: 'bankTransfer';
  /** The landlord whose account received it ('' when no landlord has that account). */
  ownerID: string;
}
export function bankTransfersPartition(ownerID: string): string {
  return `bankTransfers:${ownerID || 'none'}`;
}

/**
 * A landlord's connection of SePay or Casso (`platform` container, pk = `bankFeedConnections`, id =
 * `<provider>:<landlord's userID>`): SePay's API key kept as its SHA-256 (the call is checked against
 * it), Casso's checksum key sealed (the HMAC needs the key itself). Never returned.
 */
export interface BankFeedConnectionDoc extends StoredDoc {
  type: 'bankFeedConnection';
  provider: BankFeedProvider;
  ownerID: string;
  /** Casso: the id in the webhook URL (`?c=`), kept when the key is replaced. */
  connectionID: string;
  /** SePay: hex SHA-256 of the API key. */
  keyHash?: string;
  /** Casso: the checksum key, sealed. */
  sealedKey?: SealedSecret;
  /** The secret's last four characters. */
  hint: string;
  connectedOn: string;
}
export const BANK_FEED_CONNECTIONS_PARTITION = 'bankFeedConnections';

/** Refresh-token families (`sessions` container, pk = userID, id = sessionID). */
export interface SessionDoc extends StoredDoc {
  type: 'session';
  userID: string;
  sessionID: string;
  currentSecretHash: string;
  /** Hashes of refresh tokens already rotated away; presenting one revokes the family. */
  previousSecretHashes: string[];
  revoked: boolean;
  revokedReason?: 'logout' | 'reuse' | 'disabled' | 'password';
  createdOn: string;
  expiresOn: string;
  ip: string;
  userAgent: string;
}

/** Audit trail (`audit` container, pk = month in Vietnam time, e.g. "2026-11"). */
export interface AuditDoc extends StoredDoc {
  type: 'audit';
  at: string;
  userID: string | null;
  username: string | null;
  roleID: RoleID | null;
  action: string;
  entity: string;
  entityID: string | null;
  houseID: string | null;
  ip: string;
  userAgent: string;
  details?: Record<string, unknown>;
}

/**
 * An audit entry written in a house's partition, in the same transactional batch as the change it
 * records, so the change and its entry are saved together or not at all. It waits there until
 * `moveAuditEntries` copies it into the `audit` container (same id) and deletes it. The entry is nested
 * so that none of its fields (`houseID`, `entityID`…) can match a query of the house's documents.
 */
export interface AuditOutboxDoc extends StoredDoc {
  type: 'auditOutbox';
  entry: AuditDoc;
}

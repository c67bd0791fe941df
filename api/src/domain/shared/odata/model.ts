import {
  bankTransferEntity,
  billLineEntity,
  contractChangeEntity,
  contractImageVersionEntity,
  contractEntity,
  contractServiceEntity,
  deviceEntity,
  expenseEntity,
  feeEntity,
  houseEntity,
  houseTicketEntity,
  issueEntity,
  lesseeInfoEntity,
  lessorInfoEntity,
  meterEntity,
  meterRecordEntity,
  monthlyBillEntity,
  notificationEntity,
  NOTIFICATION_READER_FIELDS,
  oneTimeChargeEntity,
  platformRequestEntity,
  registrationEntity,
  roomEntity,
  roomTicketEntity,
  systemLogEntity,
  systemPaymentEntity,
  vehicleEntity,
} from '@nhatro/common';
import { z } from 'zod';

/** `date` is a calendar day (`z.iso.date()`, Edm.Date), `dateTime` an instant (`z.iso.datetime()`). */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'dateTime' | 'array' | 'object';

/** What a client may name in `$filter`, `$orderby`, `$select` and `$expand` for one entity. */
export interface EntityModel {
  name: string;
  /** Flat map; nested properties use dots (`lessorInfo.status`), written `lessorInfo/status` in OData. */
  fields: Record<string, FieldType>;
  /** Navigation property → target entity name. */
  navigation: Record<string, string>;
  /**
   * Fields a reply carries under a second name (the spec's): `$filter` and `$orderby` on the alias
   * read the stored field (`total` → `amount`).
   */
  aliases?: Record<string, string>;
  /** The entity schema of `@nhatro/common` the model is read from (tests check `$metadata` against it). */
  schema: z.ZodObject<z.ZodRawShape>;
}

interface SchemaDef {
  type: string;
  format?: string;
  innerType?: { def: SchemaDef };
  options?: Array<{ def: SchemaDef }>;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

/** The OData type of one field of an entity schema (`z.iso.date()` and `z.iso.datetime()` are dates). */
function fieldType(def: SchemaDef): FieldType {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return def.innerType ? fieldType(def.innerType.def) : 'string';
    case 'string':
      return def.format === 'date' ? 'date' : def.format === 'datetime' ? 'dateTime' : 'string';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'enum':
      return Object.values(def.entries ?? {}).every((value) => typeof value === 'number')
        ? 'number'
        : 'string';
    case 'literal':
      return typeof def.values?.[0] === 'number' ? 'number' : 'string';
    case 'union':
      return def.options?.[0] ? fieldType(def.options[0].def) : 'string';
    default:
      return 'object';
  }
}

/**
 * An OData model derived from the entity's one definition in `@nhatro/common`, so a field added to
 * the entity can be filtered and selected without writing it again.
 */
export function entityModel(
  name: string,
  schema: z.ZodObject<z.ZodRawShape>,
  navigation: Record<string, string> = {},
  except: readonly string[] = [],
  aliases?: Record<string, string>,
): EntityModel {
  const fields: Record<string, FieldType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!except.includes(key)) fields[key] = fieldType((field as unknown as { def: SchemaDef }).def);
  }
  return { name, fields, navigation, ...(aliases ? { aliases } : {}), schema };
}

/**
 * The occupants of a tenancy under every name a client may use: `lesseeInfos` (the spec's "lessee
 * infos" of a house and a room), `lesseeInfors` (its Contract field) and, on a contract, `lessees`.
 */
const OCCUPANTS = { lesseeInfos: 'LesseeInfo', lesseeInfors: 'LesseeInfo' } as const;

export const ROOM_MODEL = entityModel('Room', roomEntity, {
  devices: 'Device',
  meters: 'Meter',
  contracts: 'Contract',
  ...OCCUPANTS,
  vehicles: 'Vehicle',
  monthlyBills: 'MonthlyBill',
  issues: 'Issue',
  notifications: 'Notification',
  renterRepresentative: 'RenterRepresentative',
});
export const DEVICE_MODEL = entityModel('Device', deviceEntity);
export const EXPENSE_MODEL = entityModel('Expense', expenseEntity);
export const FEE_MODEL = entityModel('Service', feeEntity);
export const METER_MODEL = entityModel('Meter', meterEntity);
export const METER_RECORD_MODEL = entityModel('MeterRecord', meterRecordEntity);
/** One line of a bill (no key of its own: a complex type). */
export const BILL_DETAIL_MODEL = entityModel('BillDetail', billLineEntity);
/**
 * A bill always carries its lines; `$expand=billDetails` (spec §7) gives them too, with `$select`,
 * `$filter` and `$orderby` inside its parentheses.
 */
export const MONTHLY_BILL_MODEL = entityModel(
  'MonthlyBill',
  monthlyBillEntity,
  { billDetails: 'BillDetail' },
  ['transferQR', 'refundsDue', 'billDetails'],
);
/** The spec's `GET /odata/Bill?roomID=…`: a room's bills without their lines. */
export const BILL_MODEL = entityModel('Bill', monthlyBillEntity, {}, [
  'transferQR',
  'refundsDue',
  'billDetails',
  'payments',
]);
export const ROOM_TICKET_MODEL = entityModel('RoomTicket', roomTicketEntity, { room: 'Room' });
export const HOUSE_TICKET_MODEL = entityModel('HouseTicket', houseTicketEntity, {
  roomTickets: 'RoomTicket',
  house: 'House',
});
/** The spec's names `chargeID` and `total` (§3) are carried beside `oneTimeChargeID` and `amount`. */
export const ONE_TIME_CHARGE_MODEL = entityModel(
  'OneTimeCharge',
  oneTimeChargeEntity,
  {},
  ['transferQR', 'refundsDue'],
  {
    chargeID: 'oneTimeChargeID',
    total: 'amount',
  },
);
/** Who reported an issue, as `issues($expand=createdBy)` shows it (spec §7). */
export const USER_MODEL = entityModel('User', z.object({ userID: z.string(), fullName: z.string() }));
/** A photo with its short-lived read URL. */
export const IMAGE_MODEL = entityModel('Image', z.object({ blobName: z.string(), url: z.string() }));
/**
 * Spec §7 expands an issue's `CreatedBy` and `Images`: both are navigations here (without `$expand` an
 * issue still carries the reporter's id and name and its photos' blob names and read URLs).
 */
export const ISSUE_MODEL = entityModel('Issue', issueEntity, { createdBy: 'User', images: 'Image' }, [
  'createdBy',
  'images',
]);
export const BANK_TRANSFER_MODEL = entityModel('BankTransfer', bankTransferEntity);
/** `read`, `readOn` and `readCount` are computed per reader, never stored: not filterable. */
export const NOTIFICATION_MODEL = entityModel(
  'Notification',
  notificationEntity,
  {},
  NOTIFICATION_READER_FIELDS,
);
/** The identity number is shown to the owner only and never filtered on. */
export const LESSOR_INFO_MODEL = entityModel('LessorInfo', lessorInfoEntity, {}, ['citizenID']);
export const CONTRACT_MODEL = entityModel(
  'Contract',
  contractEntity,
  {
    room: 'Room',
    renterRepresentative: 'LesseeInfo',
    ...OCCUPANTS,
    lessees: 'LesseeInfo',
    vehicles: 'Vehicle',
    contractServices: 'ContractService',
    lessorInfo: 'LessorInfo',
    monthlyBills: 'MonthlyBill',
    issues: 'Issue',
  },
  ['lesseeAccountID', 'settlement', 'representativeLesseeSignature'],
);
export const CONTRACT_SERVICE_MODEL = entityModel('ContractService', contractServiceEntity);
export const CONTRACT_CHANGE_MODEL = entityModel('ContractChanges', contractChangeEntity);
export const CONTRACT_IMAGE_VERSION_MODEL = entityModel('ContractImageVersion', contractImageVersionEntity);
/** An occupant, with the vehicles registered to them (spec §3: an occupant's `vehicles`). */
export const LESSEE_INFO_MODEL = entityModel('LesseeInfo', lesseeInfoEntity, { vehicles: 'Vehicle' }, [
  'citizenID',
]);
/** A room's `RenterRepresentative` (spec §3: `{ OccupantID, OccupantName }`), with the occupant's other fields. */
export const RENTER_REPRESENTATIVE_MODEL = entityModel(
  'RenterRepresentative',
  lesseeInfoEntity.extend({ occupantID: z.string() }),
  { vehicles: 'Vehicle' },
  ['citizenID'],
);
/** The spec reads occupants as `Lessee` (with their vehicles) and writes them as `LesseeInfor`. */
export const LESSEE_MODEL = entityModel('Lessee', lesseeInfoEntity, { vehicles: 'Vehicle' }, ['citizenID']);
export const VEHICLE_MODEL = entityModel('Vehicle', vehicleEntity);
export const HOUSE_MODEL = entityModel('House', houseEntity, {
  rooms: 'Room',
  services: 'Service',
  lessorInfo: 'LessorInfo',
  contracts: 'Contract',
  ...OCCUPANTS,
  vehicles: 'Vehicle',
});
/** `phoneConflict` is computed on reading: nothing to filter or order on. */
export const REGISTRATION_MODEL = entityModel('HMRegistration', registrationEntity, {}, ['phoneConflict']);
/** A landlord's room purchase or extension (`/odata/House/UnresolvedRequests`, `…/PaidRequests`). */
export const PLATFORM_REQUEST_MODEL = entityModel('PlatformRequest', platformRequestEntity);
export const SYSTEM_PAYMENT_MODEL = entityModel('SystemPaymentReport', systemPaymentEntity);
export const SYSTEM_LOG_MODEL = entityModel('SystemLog', systemLogEntity);

export const MODELS: Record<string, EntityModel> = Object.fromEntries(
  [
    ROOM_MODEL,
    DEVICE_MODEL,
    MONTHLY_BILL_MODEL,
    BILL_DETAIL_MODEL,
    BILL_MODEL,
    METER_MODEL,
    METER_RECORD_MODEL,
    ROOM_TICKET_MODEL,
    HOUSE_TICKET_MODEL,
    ONE_TIME_CHARGE_MODEL,
    EXPENSE_MODEL,
    ISSUE_MODEL,
    BANK_TRANSFER_MODEL,
    USER_MODEL,
    IMAGE_MODEL,
    NOTIFICATION_MODEL,
    FEE_MODEL,
    LESSOR_INFO_MODEL,
    CONTRACT_MODEL,
    CONTRACT_SERVICE_MODEL,
    CONTRACT_CHANGE_MODEL,
    CONTRACT_IMAGE_VERSION_MODEL,
    LESSEE_INFO_MODEL,
    RENTER_REPRESENTATIVE_MODEL,
    LESSEE_MODEL,
    VEHICLE_MODEL,
    HOUSE_MODEL,
    REGISTRATION_MODEL,
    PLATFORM_REQUEST_MODEL,
    SYSTEM_PAYMENT_MODEL,
    SYSTEM_LOG_MODEL,
  ].map((model) => [model.name, model]),
);

import { z } from 'zod';
import { idField, isoDate, isoDateTime, meterIndex, money } from './fields.js';
import { isRealDate, lesseeFields, MOBILE_PHONE_PATTERN } from './lessees.js';
import { vehicleCreateSchema } from './vehicles.js';

/**
 * Contracts (hợp đồng thuê): a room, a term, the rent and deposit, the representative and the
 * other occupants, their vehicles and the house services they use.
 */

/**
 * 1 active (spec); 2 past its end date and not ended: the tenant stays month to month (billed like an
 * active contract until the landlord extends or ends it); 3 ended (early, or on any day after the end).
 */
export const CONTRACT_STATUS = { active: 1, expired: 2, terminated: 3 } as const;
export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  1: 'Đang hiệu lực',
  2: 'Quá hạn, chưa gia hạn',
  3: 'Đã kết thúc sớm',
};

export const CONTRACT_MESSAGES = {
  createFailed: 'Tạo hợp đồng thất bại! Vui lòng kiểm tra lại thông tin,',
  updated: 'Cập nhật hợp đồng thành công',
  updateFailed: 'Cập nhật hợp đồng thất bại',
  terminated: 'Kết thúc hợp đồng thành công',
  terminateFailed: 'Kết thúc hợp đồng thất bại',
  roomTaken: 'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
  roomReserved: 'Phòng đã được đặt cọc: hãy tạo hợp đồng từ khoản cọc đó (hoặc hủy cọc trước).',
  wrongReservation: 'Khoản cọc không thuộc phòng này hoặc không còn hiệu lực.',
  endBeforeStart: 'Ngày kết thúc phải sau ngày bắt đầu.',
  notActive: 'Hợp đồng không còn hiệu lực.',
  terminationOutsideTerm: 'Ngày kết thúc sớm phải nằm trong thời hạn hợp đồng.',
  unknownService: 'Dịch vụ không thuộc nhà trọ này.',
  noChange: 'Không có thay đổi nào để lưu.',
  paperAdded: 'Thêm bản hợp đồng giấy thành công',
  paperFailed: 'Thêm bản giấy thất bại',
  serviceAdded: 'Tạo bản ghi mới thành công!',
  vehicleFeeFailed: 'Thêm giá xe thất bại :((',
  serviceTaken: 'Hợp đồng đã đăng ký dịch vụ này.',
  vehicleFeeNeedsVehicle: 'Phí theo xe phải chỉ rõ một xe của hợp đồng.',
  unknownVehicle: 'Xe không thuộc hợp đồng này.',
  guestLinkInvalid:
    'Liên kết hợp đồng không hợp lệ, đã hết hạn hoặc đã bị thu hồi. Hãy xin chủ trọ liên kết mới.',
  alreadySigned: 'Hợp đồng đã được ký.',
  signatureInvalid: 'Chữ ký phải là ảnh PNG vẽ trên màn hình.',
  signatureDamaged: 'Chữ ký bị hỏng hoặc không đầy đủ nên không đọc được. Vui lòng xoá và ký lại.',
  signatureForeign: 'Chữ ký có chứa dữ liệu khác ngoài hình ảnh. Vui lòng xoá và ký lại.',
  signatureTooLarge: 'Chữ ký quá lớn (tối đa 4000 điểm ảnh mỗi cạnh và 4 triệu điểm ảnh). Vui lòng ký lại.',
  signed: 'Ký hợp đồng thành công!',
  moveInBelowLast: (label: string, last: number) =>
    `${label} khi nhận phòng không được nhỏ hơn chỉ số ghi gần nhất của phòng (${last}).`,
  refundRecorded: 'Đã ghi nhận hoàn tiền cho người thuê',
  refundFailed: 'Ghi nhận hoàn tiền thất bại',
  refundNotEnded: 'Hợp đồng chưa kết thúc: chưa có quyết toán để hoàn tiền.',
  liquidationNotEnded: 'Hợp đồng chưa kết thúc: chưa có biên bản thanh lý.',
  nothingToRefund: 'Quyết toán không có khoản nào phải hoàn lại cho người thuê.',
  alreadyRefunded: 'Khoản hoàn lại đã được ghi nhận trước đó.',
  refundBeforeEnd: 'Ngày hoàn tiền không được trước ngày kết thúc hợp đồng.',
  refundInFuture: 'Ngày hoàn tiền không được sau hôm nay.',
  moveOutBelowLast: (label: string, last: number) =>
    `${label} khi trả phòng không được nhỏ hơn chỉ số đã tính gần nhất (${last}).`,
} as const;

const contractDate = (label: string) =>
  z
    .string({ error: `${label} không hợp lệ (định dạng yyyy-mm-dd).` })
    .refine(isRealDate, { error: `${label} không hợp lệ (định dạng yyyy-mm-dd).` });

const representative = z
  .object({
    ...lesseeFields,
    phoneNumber: z
      .string({ error: 'Số điện thoại của người đại diện không được để trống!' })
      .trim()
      .regex(MOBILE_PHONE_PATTERN, {
        error: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
      }),
    email: z.email({ error: 'Email không hợp lệ.' }).max(200).optional(),
  })
  .strict();

const occupant = z.object({ ...lesseeFields }).strict();

export const contractCreateSchema = z
  .object({
    roomID: idField('Mã phòng không hợp lệ.'),
    reservationID: idField('Mã đặt cọc không hợp lệ.').optional(),
    startDate: contractDate('Ngày bắt đầu'),
    endDate: contractDate('Ngày kết thúc'),
    /** Defaults to the room's price. */
    rentFee: money('Tiền thuê').optional(),
    /** Defaults to the reservation's deposit when there is one. */
    deposit: money('Tiền cọc').optional(),
    deposited: z.boolean().optional(),
    isIncreased: z.boolean().optional(),
    increasedFee: money('Mức tăng giá').optional(),
    /** The meters on the day the tenant moves in; default: the room's last reading (never lower). */
    electricityIndex: meterIndex('Chỉ số điện').optional(),
    waterIndex: meterIndex('Chỉ số nước').optional(),
    representative,
    occupants: z.array(occupant).max(20, { error: 'Tối đa 20 người ở cùng.' }).default([]),
    vehicles: z
      .array(vehicleCreateSchema.safeExtend({ ownerIndex: z.number().int().min(0).max(20).optional() }))
      .max(20, { error: 'Tối đa 20 xe.' })
      .default([]),
    /** House services the contract uses; per-vehicle fees name the vehicle by its index in `vehicles`. */
    services: z
      .array(
        z
          .object({
            serviceID: idField('Mã dịch vụ không hợp lệ.'),
            vehicleIndex: z.number().int().min(0).max(19).optional(),
          })
          .strict(),
      )
      .max(50)
      .default([]),
  })
  .strict()
  .refine((input) => input.endDate > input.startDate, {
    error: 'Ngày kết thúc phải sau ngày bắt đầu.',
    path: ['endDate'],
  });
export type ContractCreateInput = z.infer<typeof contractCreateSchema>;

/** What can change on a running contract; every change is kept in its history. */
export const contractUpdateSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.').optional(),
    endDate: contractDate('Ngày kết thúc').optional(),
    rentFee: money('Tiền thuê').optional(),
    /** The month (yyyy-mm) from which a new rent applies; defaults to next month. */
    rentFromMonth: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Tháng áp dụng giá mới không hợp lệ (yyyy-mm).' })
      .optional(),
    deposit: money('Tiền cọc').optional(),
    deposited: z.boolean().optional(),
    representativeLesseeEmail: z.email({ error: 'Email không hợp lệ.' }).max(200).optional(),
    reason: z.string().trim().max(500, { error: 'Lý do tối đa 500 ký tự.' }).optional(),
  })
  .strict();
export type ContractUpdateInput = z.infer<typeof contractUpdateSchema>;

/** At most this many damage lines on one liquidation. */
export const SETTLEMENT_DAMAGES_MAX = 30;

/** One damage line of a liquidation (a broken lock, a stained mattress), in đồng. */
export const settlementDamageSchema = z
  .object({
    description: z
      .string({ error: 'Nội dung bồi thường phải là chữ.' })
      .trim()
      .min(1, { error: 'Hãy ghi nội dung bồi thường.' })
      .max(200, { error: 'Nội dung bồi thường tối đa 200 ký tự.' }),
    amount: money('Số tiền bồi thường').min(1, { error: 'Số tiền bồi thường phải lớn hơn 0.' }),
  })
  .strict();
export type SettlementDamage = z.infer<typeof settlementDamageSchema>;

export const contractTerminateSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    terminationDate: contractDate('Ngày kết thúc sớm'),
    reason: z.string().trim().min(1, { error: 'Hãy ghi lý do kết thúc sớm.' }).max(500),
    /** The damages, line by line (from the handover comparison or typed); each a line of the liquidation. */
    damages: z
      .array(settlementDamageSchema, { error: 'Danh sách bồi thường không hợp lệ.' })
      .max(SETTLEMENT_DAMAGES_MAX, { error: `Tối đa ${SETTLEMENT_DAMAGES_MAX} khoản bồi thường.` })
      .default([]),
    /** Older clients: damages as one amount (one line "Tiền bồi thường"); not together with `damages`. */
    damageCharges: money('Tiền bồi thường').default(0),
    /** The meters on the day the tenant leaves; default: the last reading (nothing more is charged). */
    electricityIndex: meterIndex('Chỉ số điện').optional(),
    waterIndex: meterIndex('Chỉ số nước').optional(),
  })
  .strict()
  .refine((input) => input.damageCharges === 0 || input.damages.length === 0, {
    error: 'Ghi bồi thường theo từng khoản hoặc một số tiền, không cả hai.',
    path: ['damageCharges'],
  });
export type ContractTerminateInput = z.infer<typeof contractTerminateSchema>;

/** How the landlord gave back what the settlement owed the tenant. */
export const REFUND_METHODS = ['cash', 'transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
};

/** `POST /odata/Contract/RecordRefund`: the refund of an ended contract's settlement was paid. */
export const contractRefundSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    refundedOn: contractDate('Ngày hoàn tiền'),
    method: z.enum(REFUND_METHODS, { error: 'Hình thức hoàn tiền phải là tiền mặt hoặc chuyển khoản.' }),
    note: z.string().trim().max(200, { error: 'Ghi chú tối đa 200 ký tự.' }).optional(),
  })
  .strict();
export type ContractRefundInput = z.infer<typeof contractRefundSchema>;

export const contractEntity = z.object({
  contractID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  status: z.number(),
  createdOn: isoDateTime(),
  startDate: isoDate(),
  endDate: isoDate(),
  rentFee: z.number(),
  deposit: z.number(),
  deposited: z.boolean().optional(),
  isIncreased: z.boolean().optional(),
  increasedFee: z.number().optional(),
  /** After a rent change: the month (yyyy-mm) the new `rentFee` starts; earlier months pay `previousRentFee`. */
  rentFromMonth: z.string().optional(),
  previousRentFee: z.number().optional(),
  lesseeAccountID: z.string().optional(),
  /**
   * A code went to the representative's number; the contract gets its tenant account (`lesseeAccountID`,
   * the one the number has or a new one) only when the person confirms it (issue 21).
   */
  accountLinkPending: z.boolean().optional(),
  representativeLesseeID: z.string(),
  representativeLesseeEmail: z.string().optional(),
  reservationID: z.string().optional(),
  contractPDFFileURL: z.string().optional(),
  /** When the representative signed through a guest link (the signature itself is a blob). */
  representativeLesseeSignedOn: isoDateTime().optional(),
  representativeLesseeSignature: z.string().optional(),
  /** Until when the guest link shared last works (absent: none, or revoked). */
  guestLinkExpiresOn: isoDateTime().optional(),
  /** The meters when the tenant moved in (absent on contracts made before they were asked). */
  moveInElectricityIndex: z.number().optional(),
  moveInWaterIndex: z.number().optional(),
  /** The meters when the tenant left (the settlement charges the use up to them). */
  moveOutElectricityIndex: z.number().optional(),
  moveOutWaterIndex: z.number().optional(),
  terminatedOn: isoDate().optional(),
  terminationReason: z.string().optional(),
  settlement: z
    .object({
      deposit: z.number(),
      proratedRent: z.number(),
      damageCharges: z.number(),
      /** The damage lines (absent on settlements recorded before: `damageCharges` is then one line). */
      damages: z.array(z.object({ description: z.string(), amount: z.number() })).optional(),
      /** The issued bills the deposit paid, each with what it still owed then. */
      billsOwed: z
        .array(z.object({ monthlyBillID: z.string(), month: z.string(), amount: z.number() }))
        .optional(),
      /** The one-time charges the deposit paid, each with what it still owed then. */
      chargesOwed: z
        .array(z.object({ oneTimeChargeID: z.string(), description: z.string(), amount: z.number() }))
        .optional(),
      /** When the tenant owes after the deposit: the one-time charge that asks it (paid like any charge). */
      owedCharge: z
        .object({ oneTimeChargeID: z.string(), billCode: z.string(), amount: z.number() })
        .optional(),
      meterUse: z
        .array(
          z.object({
            kind: z.enum(['electricity', 'water']),
            fromIndex: z.number(),
            toIndex: z.number(),
            usage: z.number(),
            amount: z.number(),
          }),
        )
        .optional(),
      rounding: z.number().optional(),
      /** The landlord recorded giving the refund back: when, how, who. */
      refunded: z
        .object({
          refundedOn: isoDate(),
          method: z.enum(REFUND_METHODS),
          note: z.string().optional(),
          recordedBy: z.string(),
          recordedOn: isoDateTime(),
        })
        .optional(),
      unpaidCharges: z.number().optional(),
      unpaidBills: z.number().optional(),
      billedRent: z.number().optional(),
      rentMonth: z.string().optional(),
      openSurplus: z.number().optional(),
      refund: z.number(),
    })
    .optional(),
});
export type Contract = z.infer<typeof contractEntity>;

/** A house service a contract uses (`POST /odata/ContractService`); per-vehicle fees carry `vehicleID`. */
export const contractServiceEntity = z.object({
  contractServiceID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  serviceID: z.string(),
  vehicleID: z.string().optional(),
  createdOn: isoDateTime(),
});
export type ContractService = z.infer<typeof contractServiceEntity>;

/** One change of a contract: what, old and new value, who, when, why. */
export const contractChangeEntity = z.object({
  contractChangeID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  field: z.string(),
  oldValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  newValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  changedBy: z.string(),
  changedByName: z.string(),
  changedOn: isoDateTime(),
  reason: z.string().optional(),
});
export type ContractChange = z.infer<typeof contractChangeEntity>;

/** `POST /odata/Contract/UploadContractImageVersion`: a scan (PDF or PNG) of the signed paper contract. */
export const contractPaperVersionSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    /** The blob name `GetPaperContractStorageSAS` gave. */
    blobName: z.string({ error: 'Thiếu tệp bản hợp đồng giấy.' }).min(1).max(200),
    note: z.string().trim().max(500, { error: 'Ghi chú tối đa 500 ký tự.' }).optional(),
  })
  .strict();
export type ContractPaperVersionInput = z.infer<typeof contractPaperVersionSchema>;

/** One registered paper version (`GET /odata/ContractImageVersion?contractID=…`), numbered from 1. */
export const contractImageVersionEntity = z.object({
  contractImageVersionID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  version: z.number(),
  blobName: z.string(),
  fileType: z.enum(['pdf', 'png']),
  note: z.string().optional(),
  uploadedBy: z.string(),
  uploadedByName: z.string(),
  uploadedOn: isoDateTime(),
});
export type ContractImageVersion = z.infer<typeof contractImageVersionEntity>;

/** `POST /odata/ContractService`: subscribes a contract to a house service (per-vehicle fees name the vehicle). */
export const contractServiceCreateSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    serviceID: idField('Mã dịch vụ không hợp lệ.'),
    vehicleID: idField('Mã xe không hợp lệ.').optional(),
  })
  .strict();
export type ContractServiceCreateInput = z.infer<typeof contractServiceCreateSchema>;

/** A guest link (`POST /odata/Contract/{id}/GuestLink`): the URL to share and when it stops working. */
export interface GuestLink {
  url: string;
  expiresOn: string;
}

/** The largest drawn signature accepted (a PNG data URL). */
export const SIGNATURE_MAX_CHARS = 400_000;

/** `POST /api/GuestContract/Sign`: the representative's drawn signature, as a PNG data URL. */
export const guestContractSignSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    token: z.string({ error: CONTRACT_MESSAGES.guestLinkInvalid }).min(20).max(2000),
    signature: z
      .string({ error: CONTRACT_MESSAGES.signatureInvalid })
      .max(SIGNATURE_MAX_CHARS, { error: 'Chữ ký quá lớn.' })
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: CONTRACT_MESSAGES.signatureInvalid }),
    /** The representative confirms the consent to keep their identity data (Law 91/2025/QH15). */
    identityConsent: z.boolean({ error: 'Xác nhận đồng ý phải là đúng hoặc sai.' }).optional(),
  })
  .strict();
export type GuestContractSignInput = z.infer<typeof guestContractSignSchema>;

/**
 * What a guest link shows (`GET /api/GuestContract?contractID=…&token=…`): the contract's terms and
 * parties, no ids beyond the contract's own and no identity numbers.
 */
export interface GuestContractView {
  contractID: string;
  status: number;
  createdOn: string;
  startDate: string;
  endDate: string;
  rentFee: number;
  deposit: number;
  isIncreased?: boolean;
  increasedFee?: number;
  house: { houseName: string; houseAddress: string };
  room: { roomName: string; acreage?: number; floor?: number };
  lessor: { fullName: string; phoneNumber?: string };
  representative: { occupantName: string; phoneNumber?: string };
  occupants: string[];
  services: Array<{ serviceName: string; price: number; unit: string }>;
  vehicles: Array<{ vehicleType: string; licensePlate: string }>;
  /** When the representative signed through a guest link; absent while unsigned. */
  signedOn?: string;
  /** When this link stops working. */
  linkExpiresOn: string;
}

/** A short-lived URL to read a generated or uploaded file. */
export interface FileLink {
  blobName: string;
  url: string;
  expiresOn: string;
}

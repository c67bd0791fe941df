import { z } from 'zod';
import { idField, isoDate, isoDateTime, money } from './fields.js';
import { isRealDate, lesseeFields, MOBILE_PHONE_PATTERN } from './lessees.js';
import { vehicleCreateSchema } from './vehicles.js';

/**
 * Contracts (hợp đồng thuê): a room, a term, the rent and deposit, the representative and the
 * other occupants, their vehicles and the house services they use.
 */

/** 1 active (spec); 2 ended at its end date; 3 terminated early. */
export const CONTRACT_STATUS = { active: 1, expired: 2, terminated: 3 } as const;
export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  1: 'Đang hiệu lực',
  2: 'Đã hết hạn',
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
  phoneTaken: 'Số điện thoại này đang là tài khoản của người thuê một hợp đồng khác còn hiệu lực.',
  unknownService: 'Dịch vụ không thuộc nhà trọ này.',
  noChange: 'Không có thay đổi nào để lưu.',
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

export const contractTerminateSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    terminationDate: contractDate('Ngày kết thúc sớm'),
    reason: z.string().trim().min(1, { error: 'Hãy ghi lý do kết thúc sớm.' }).max(500),
    /** Damage and other deductions from the deposit, in đồng. */
    damageCharges: money('Tiền bồi thường').default(0),
  })
  .strict();
export type ContractTerminateInput = z.infer<typeof contractTerminateSchema>;

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
  lesseeAccountID: z.string().optional(),
  representativeLesseeID: z.string(),
  representativeLesseeEmail: z.string().optional(),
  reservationID: z.string().optional(),
  contractPDFFileURL: z.string().optional(),
  terminatedOn: isoDate().optional(),
  terminationReason: z.string().optional(),
  settlement: z
    .object({
      deposit: z.number(),
      proratedRent: z.number(),
      damageCharges: z.number(),
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

import { z } from 'zod';
import { idField } from './fields.js';

/** Vehicles (xe) of a contract's occupants; per-vehicle fees subscribe through contract services. */

export const VEHICLE_TYPES = ['Xe máy', 'Xe đạp', 'Ô tô', 'Xe điện'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/**
 * Vietnamese plates, written with or without separators: "59-X3 123.45", "51F-123.45", "29A12345",
 * "59X312345". Province (2 digits), series (1–2 letters, optionally a digit), 4–5 digits.
 */
export const LICENSE_PLATE_PATTERN = /^\d{2}[A-Z]{1,2}\d?\d{4,5}$/;

export function normalizeLicensePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s.\-–]/g, '');
}

export const VEHICLE_MESSAGES = {
  plate: 'Biển số xe không đúng định dạng (ví dụ 59-X3 123.45 hoặc 51F-123.45).',
  plateRequired: 'Biển số xe không được để trống!',
  type: `Loại xe phải là một trong: ${VEHICLE_TYPES.join(', ')}.`,
  duplicate: (plate: string) => `Biển số ${plate} đã được đăng ký trong nhà trọ này.`,
} as const;

const licensePlate = z
  .string({ error: VEHICLE_MESSAGES.plateRequired })
  .trim()
  .max(20, { error: VEHICLE_MESSAGES.plate })
  .refine((plate) => plate === '' || LICENSE_PLATE_PATTERN.test(normalizeLicensePlate(plate)), {
    error: VEHICLE_MESSAGES.plate,
  });

const vehicleType = z.enum(VEHICLE_TYPES, { error: VEHICLE_MESSAGES.type });

/** A bicycle has no plate; every motor vehicle needs one. */
function plateWhenMotorised(input: { vehicleType?: VehicleType; licensePlate?: string }): boolean {
  return input.vehicleType === 'Xe đạp' || input.vehicleType === undefined || Boolean(input.licensePlate);
}

export const vehicleCreateSchema = z
  .object({
    vehicleType,
    licensePlate: licensePlate.optional(),
    lesseeInfoID: idField('Mã người thuê không hợp lệ.').optional(),
    description: z.string().trim().max(200, { error: 'Mô tả tối đa 200 ký tự.' }).optional(),
  })
  .strict()
  .refine(plateWhenMotorised, { error: VEHICLE_MESSAGES.plateRequired, path: ['licensePlate'] });
export type VehicleCreateInput = z.infer<typeof vehicleCreateSchema>;

export const vehicleUpdateSchema = z
  .object({
    vehicleID: idField('Mã xe không hợp lệ.').optional(),
    vehicleType: vehicleType.optional(),
    licensePlate: licensePlate.optional(),
    lesseeInfoID: idField('Mã người thuê không hợp lệ.').optional(),
    description: z.string().trim().max(200, { error: 'Mô tả tối đa 200 ký tự.' }).optional(),
  })
  .strict();
export type VehicleUpdateInput = z.infer<typeof vehicleUpdateSchema>;

export const vehicleEntity = z.object({
  vehicleID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  licensePlate: z.string(),
  vehicleType: z.string(),
  lesseeInfoID: z.string().optional(),
  description: z.string().optional(),
});
export type Vehicle = z.infer<typeof vehicleEntity>;

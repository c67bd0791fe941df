import { z } from 'zod';
import { idField, money, text } from './fields.js';

/**
 * Fees (phí dịch vụ): what a house charges besides rent. The spec calls the entity `Service`
 * (`/odata/Service`, `serviceID`, `serviceName`); in code the slice is "fees" everywhere.
 */

export const FEE_UNITS = ['kWh', 'm3', 'person', 'room', 'vehicle'] as const;
export type FeeUnit = (typeof FEE_UNITS)[number];
/** What follows a fee's price: "3.500 ₫/kWh", "150.000 ₫/xe/tháng". */
export const FEE_PRICE_SUFFIXES: Record<FeeUnit, string> = {
  kWh: '/kWh',
  m3: '/m³',
  person: '/người/tháng',
  room: '/phòng/tháng',
  vehicle: '/xe/tháng',
};

export function feePriceSuffix(unit: string): string {
  return unit in FEE_PRICE_SUFFIXES ? FEE_PRICE_SUFFIXES[unit as FeeUnit] : `/${unit}`;
}

export const FEE_UNIT_LABELS: Record<FeeUnit, string> = {
  kWh: 'Theo số điện (kWh)',
  m3: 'Theo số nước (m³)',
  person: 'Theo người / tháng',
  room: 'Theo phòng / tháng',
  vehicle: 'Theo xe / tháng',
};
export const FEE_PRICINGS = ['flat', 'tiered'] as const;
export type FeePricing = (typeof FEE_PRICINGS)[number];
export const FEE_PRICING_LABELS: Record<FeePricing, string> = {
  flat: 'Một giá cho mọi kWh',
  tiered: 'Giá bậc thang của EVN (định mức theo số người)',
};
export const FEE_TIERED_ONLY_ELECTRICITY = 'Chỉ giá điện (kWh) mới tính được theo bậc thang.';
/** Units billed from a meter: a house has exactly one fee of each. */
export const METERED_UNITS: readonly FeeUnit[] = ['kWh', 'm3'];

export const feeCreateSchema = z.strictObject({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  serviceName: text('Tên dịch vụ không được để trống!', 100, 'Tên dịch vụ tối đa 100 ký tự.'),
  price: money('Giá dịch vụ'),
  unit: z.enum(FEE_UNITS, { error: 'Đơn vị tính không hợp lệ.' }),
  /** Electricity only: one price per kWh, or the national residential tiers (`ELECTRICITY_TIERS`). */
  pricing: z.enum(FEE_PRICINGS, { error: 'Cách tính giá điện không hợp lệ.' }).optional(),
});
export type FeeCreateInput = z.infer<typeof feeCreateSchema>;

export const feeUpdateSchema = z.strictObject({
  serviceID: idField('Mã dịch vụ không hợp lệ.').optional(),
  serviceName: feeCreateSchema.shape.serviceName.optional(),
  price: feeCreateSchema.shape.price.optional(),
  unit: feeCreateSchema.shape.unit.optional(),
  pricing: feeCreateSchema.shape.pricing,
});
export type FeeUpdateInput = z.infer<typeof feeUpdateSchema>;

export const feeEntity = z.object({
  serviceID: z.string(),
  houseID: z.string(),
  serviceName: z.string(),
  /** Đồng per unit. */
  price: z.number(),
  unit: z.enum(FEE_UNITS),
  pricing: z.enum(FEE_PRICINGS).optional(),
});
export type Fee = z.infer<typeof feeEntity>;

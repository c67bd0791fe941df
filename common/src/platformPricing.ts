import { z } from 'zod';

/**
 * What landlords pay Nhà trọ: a price per room and month, paid for a whole year at registration and at
 * each extension; rooms bought during the year are paid for the months left. The super admin sets the
 * prices on /timeBill (the platform settings); these are the defaults.
 */

export const DEFAULT_PLATFORM_PRICING = {
  /** đồng per room per month. */
  pricePerRoomMonth: 10_000,
  /** The least a registration or an extension costs (a small house still pays this). */
  minimumYearFee: 300_000,
  /** Months paid at registration and at each extension. */
  monthsPerTerm: 12,
} as const;

export const platformPricingSchema = z.strictObject({
  pricePerRoomMonth: z
    .number({ error: 'Giá mỗi phòng phải là số.' })
    .int({ error: 'Giá mỗi phòng phải là số nguyên (đồng).' })
    .min(0, { error: 'Giá mỗi phòng không được âm.' })
    .max(1_000_000, { error: 'Giá mỗi phòng quá lớn.' }),
  minimumYearFee: z
    .number({ error: 'Phí tối thiểu phải là số.' })
    .int({ error: 'Phí tối thiểu phải là số nguyên (đồng).' })
    .min(0, { error: 'Phí tối thiểu không được âm.' })
    .max(100_000_000, { error: 'Phí tối thiểu quá lớn.' }),
  monthsPerTerm: z
    .number({ error: 'Số tháng phải là số.' })
    .int({ error: 'Số tháng phải là số nguyên.' })
    .min(1, { error: 'Số tháng phải từ 1 đến 36.' })
    .max(36, { error: 'Số tháng phải từ 1 đến 36.' }),
});
export type PlatformPricing = z.infer<typeof platformPricingSchema>;

/** The fee of a registration (or a yearly extension) for `rooms` rooms. */
export function termFee(rooms: number, pricing: PlatformPricing = DEFAULT_PLATFORM_PRICING): number {
  return Math.max(pricing.minimumYearFee, rooms * pricing.pricePerRoomMonth * pricing.monthsPerTerm);
}

/** The fee of `rooms` more rooms for the `monthsLeft` whole or started months until the account expires. */
export function roomPurchaseFee(
  rooms: number,
  monthsLeft: number,
  pricing: PlatformPricing = DEFAULT_PLATFORM_PRICING,
): number {
  return rooms * pricing.pricePerRoomMonth * Math.max(1, Math.ceil(monthsLeft));
}

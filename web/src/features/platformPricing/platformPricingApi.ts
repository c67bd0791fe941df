import type { PlatformPricing } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const PRICING_PATH = '/api/MetaData/PlatformPricing';

export interface PricingView {
  pricing: PlatformPricing;
  isDefault: boolean;
  updatedOn?: string;
}

/** The fee table landlords pay (the super admin's, or the defaults). */
export function usePlatformPricing(): SWRResponse<{ status: boolean; data: PricingView }, Error> {
  return useApiResource<{ status: boolean; data: PricingView }>(PRICING_PATH);
}

/** `POST /api/MetaData/SetPlatformPricing`: the whole table. */
export async function savePlatformPricing(pricing: PlatformPricing): Promise<void> {
  await apiRequest('/api/MetaData/SetPlatformPricing', {
    method: 'POST',
    body: pricing,
    toastBadRequest: false,
    handledStatuses: [400],
  });
  await mutate(PRICING_PATH);
}

import { DEFAULT_PLATFORM_PRICING, type PlatformPricing } from '@nhatro/common';
import useSWR from 'swr';
import { apiRequest } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

const PRICING_PATH = '/api/HMRegistration/Pricing';

/**
 * The prices the super admin set (the registration's public price endpoint), else the defaults: the
 * page shows the defaults at once and the current prices when they arrive, never an empty table.
 */
export function usePlatformPricing(): { pricing: PlatformPricing; current: boolean } {
  const { data } = useSWR<PlatformPricing, Error, string>(
    PRICING_PATH,
    async (path) => (await apiRequest<{ data: PlatformPricing }>(path, { authenticated: false })).data,
    { ...swrOptions, shouldRetryOnError: false },
  );
  return data ? { pricing: data, current: true } : { pricing: DEFAULT_PLATFORM_PRICING, current: false };
}

/**
 * Every URL of the web app, in one table. `app/AppRoutes.tsx` declares its routes with `routePatterns`;
 * navigation items, links and `navigate()` calls build their targets with `paths`. No other file writes
 * a route as a string literal. The entries the login route needs live in `./core.ts` (see there).
 *
 * The URLs are the original product's (spec section 6), e.g. the devices of a room live at
 * `/deviceCD/{roomID}` and the service fees at `/settingAdmin/{type}`.
 */

import { corePaths } from './core';

export { corePaths, routePatterns } from './core';

const enc = encodeURIComponent;

/** Tabs of the service-fee page: `/settingAdmin` ('all'), `/settingAdmin/metered`, `/settingAdmin/fixed`. */
export type FeeTab = 'all' | 'metered' | 'fixed';

export const paths = {
  ...corePaths,
  accountSettings: '/accountSetting',
  rooms: '/rooms',
  room: (roomID: string) => `/rooms/${enc(roomID)}`,
  devices: (roomID: string) => `/deviceCD/${enc(roomID)}`,
  fees: (tab: FeeTab = 'all') => (tab === 'all' ? '/settingAdmin' : `/settingAdmin/${tab}`),
  lessees: '/lessees',
  contracts: '/contracts',
  meterRecords: '/MeterRecord',
  staff: '/staffManage',
  lesseeRoom: '/lesseeRoomDetail',
  lesseeContract: '/lesseeContract',
  admin: {
    lessorRegistrations: '/adminLessorRegister',
    accounts: '/hmAccountsManage',
    income: '/hmBillManage',
    extensions: '/extendManagement',
    settings: '/timeBill',
    systemLog: '/systemLog',
    zaloToken: '/settingZaloToken',
  },
} as const;

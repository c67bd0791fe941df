import type { Deps } from '../useCases/deps.js';
import { findUserByUsername } from '../useCases/users.js';
import { accountsSeeder } from './seed/accounts.js';
import { billingSeeder } from './seed/billing.js';
import { housesSeeder } from './seed/houses.js';
import { notificationsSeeder } from './seed/notifications.js';
import { platformRequestsSeeder } from './seed/platformRequests.js';
import { registrationsSeeder } from './seed/registrations.js';
import { tenancySeeder } from './seed/tenancy.js';
import type { DemoWorld, Seeder } from './seed/world.js';

export { DEMO_ACCOUNTS } from './seed/world.js';

/** Each slice adds its seeder here, after the slices whose data it builds on. */
const SEEDERS: Seeder[] = [
  accountsSeeder,
  housesSeeder,
  tenancySeeder,
  notificationsSeeder,
  billingSeeder,
  registrationsSeeder,
  platformRequestsSeeder,
];

/** Seeds the demo data once: a store that already has the admin account is left alone. */
export async function seedDemoData(deps: Deps): Promise<boolean> {
  if (await findUserByUsername(deps, 'admin')) return false;
  const world: DemoWorld = {
    createdOn: deps.now().toISOString(),
    passwordHashes: new Map(),
    users: new Map(),
    houses: new Map(),
  };
  for (const seeder of SEEDERS) await seeder.seed(deps, world);
  return true;
}

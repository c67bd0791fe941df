import { hashPassword } from '../useCases/shared/passwords.js';
import type { Deps } from '../composition/deps.js';
import { findUserByUsername } from '../useCases/shared/users.js';
import { accountsSeeder } from './seed/accounts.js';
import { billingSeeder } from './seed/billing.js';
import { expensesSeeder } from './seed/expenses.js';
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
  expensesSeeder,
  registrationsSeeder,
  platformRequestsSeeder,
];

export interface SeedOptions {
  /**
   * How the demo accounts' passwords are hashed; the product's own `hashPassword` (scrypt N=2^17,
   * about 0.3 s of CPU each) by default. Test products pass a cheaper one.
   */
  hashPassword?: (password: string) => Promise<string>;
}

/** Seeds the demo data once: a store that already has the admin account is left alone. */
export async function seedDemoData(deps: Deps, options: SeedOptions = {}): Promise<boolean> {
  if (await findUserByUsername(deps, 'admin')) return false;
  const world: DemoWorld = {
    createdOn: deps.now().toISOString(),
    hashPassword: options.hashPassword ?? hashPassword,
    passwordHashes: new Map(),
    users: new Map(),
    houses: new Map(),
  };
  for (const seeder of SEEDERS) await seeder.seed(deps, world);
  return true;
}

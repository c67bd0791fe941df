/**
 * One-off: creates the first super admin in the configured store (Cosmos in Azure).
 *   COSMOS_ENDPOINT=... JWT_SECRET=... npm run seed:admin -- --username admin --password '<strong password>'
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLE } from '@nhatro/common';
import { getDeps, closeDeps } from '../composition/deps.js';
import { createUser } from '../useCases/shared/users.js';

const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const username = values.username?.trim();
const password = values.password ?? '';
if (!username || password.length < 12 || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
  console.error('Cần --username và --password (ít nhất 12 ký tự, có chữ hoa và chữ số).');
  process.exit(2);
}
// This command signs no tokens; a throwaway secret satisfies the configuration check.
process.env.JWT_SECRET ??= randomBytes(48).toString('base64');
const services = await getDeps();
const user = await createUser(services, {
  username,
  password,
  roleID: ROLE.superAdmin,
  fullName: values.name ?? 'Quản trị hệ thống',
});
console.log(`Đã tạo quản trị hệ thống "${user.username}" (${user.userID}) trong kho ${services.store.kind}.`);
await closeDeps();

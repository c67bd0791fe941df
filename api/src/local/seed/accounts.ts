import { missingLessorFields, ROLE, type LessorInfo } from '@nhatro/common';
import { createUser, type NewUser } from '../../useCases/shared/users.js';
import { DEMO_ACCOUNTS, demoPassword, type DemoUsername, type Seeder } from './world.js';

/**
 * A demo landlord's details with the status the product would give them: complete (1) only when every
 * required field is filled (`missingLessorFields`), so no seeded account claims to be complete when it is not.
 */
export function seededLessorInfo(info: Omit<LessorInfo, 'status'>): LessorInfo {
  return { ...info, status: missingLessorFields(info).length === 0 ? 1 : 2 };
}

/** The platform's people: super admin, three landlords and a staff member (the lessee comes with tenancy). */
const PEOPLE: Array<{ username: DemoUsername } & Omit<NewUser, 'username' | 'password'>> = [
  { username: 'admin', roleID: ROLE.superAdmin, fullName: 'Quản trị hệ thống', email: 'admin@nhatro.local' },
  {
    username: 'chunha',
    roleID: ROLE.houseModerator,
    fullName: 'Nguyễn Văn Hùng',
    phoneNumber: '0903123456',
    email: 'hung.nguyen@nhatro.local',
    extra: {
      roomQuota: 50,
      lessorInfo: seededLessorInfo({
        fullName: 'Nguyễn Văn Hùng',
        phoneNumber: '0903123456',
        email: 'hung.nguyen@nhatro.local',
        citizenID: '079085001234',
        address: '45 Đặng Văn Bi, P. Trường Thọ, TP. Thủ Đức, TP. Hồ Chí Minh',
        bankName: 'Vietcombank',
        bankAccountNumber: '0071000123456',
      }),
    },
  },
  { username: 'nhanvien', roleID: ROLE.staff, fullName: 'Trần Thị Mai', phoneNumber: '0912345678' },
  {
    username: 'chunha2',
    roleID: ROLE.houseModerator,
    fullName: 'Phạm Thị Lan',
    phoneNumber: '0908765432',
    extra: {
      roomQuota: 20,
      lessorInfo: seededLessorInfo({
        fullName: 'Phạm Thị Lan',
        phoneNumber: '0908765432',
        citizenID: '079186005678',
        address: '88 Quang Trung, Phường 10, Quận Gò Vấp, TP. Hồ Chí Minh',
        bankName: 'Techcombank',
        bankAccountNumber: '19036778899011',
      }),
    },
  },
  {
    username: 'chunhamoi',
    roleID: ROLE.houseModerator,
    fullName: 'Võ Thanh Bình',
    extra: { roomQuota: 10, lessorInfo: { status: 2 } },
  },
];

export const accountsSeeder: Seeder = {
  name: 'accounts',
  async seed(deps, world) {
    // scrypt runs on libuv's thread pool: hashing the six passwords together takes the time of about two.
    const hashes = await Promise.all(
      DEMO_ACCOUNTS.map(
        async (account) => [account.username, await world.hashPassword(account.password)] as const,
      ),
    );
    for (const [username, hash] of hashes) world.passwordHashes.set(username, hash);
    for (const person of PEOPLE) {
      const user = await createUser(deps, {
        ...person,
        password: demoPassword(person.username),
        passwordHash: world.passwordHashes.get(person.username) as string,
      });
      world.users.set(person.username, user);
    }
  },
};

import type { FeeDoc, HouseDoc, HouseScopedDoc, RoomDoc, UserDoc } from '../../domain/shared/model.js';
import type { Deps } from '../../composition/deps.js';

/** Demo accounts of a local run; never created in Azure. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@123456', description: 'Quản trị hệ thống (super admin)' },
  { username: 'chunha', password: 'Chunha@123456', description: 'Chủ trọ, 2 nhà, thông tin đầy đủ' },
  { username: 'chunha2', password: 'Chunha2@123456', description: 'Chủ trọ khác, 1 nhà' },
  { username: 'chunhamoi', password: 'Chunhamoi@123456', description: 'Chủ trọ mới, thông tin chưa đầy đủ' },
  { username: 'nhanvien', password: 'Nhanvien@123456', description: 'Nhân viên nhà thứ nhất của chunha' },
  { username: 'nguoithue', password: 'Nguoithue@123456', description: 'Người thuê, hợp đồng đang hiệu lực' },
  {
    username: 'chunhahethan',
    password: 'Chunhahethan@123456',
    description: 'Chủ trọ có tài khoản đã hết hạn (chỉ xem), chờ duyệt gia hạn',
  },
] as const;

export type DemoUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

export interface DemoHouse {
  house: HouseDoc;
  rooms: RoomDoc[];
  fees: FeeDoc[];
}

/**
 * What the seeders of earlier slices created, for the later ones: accounts by username, houses by
 * name, and the password hashes computed once for all demo accounts.
 */
export interface DemoWorld {
  createdOn: string;
  /** How the demo accounts' passwords are hashed (the product's `hashPassword` unless a test asks). */
  hashPassword: (password: string) => Promise<string>;
  passwordHashes: Map<DemoUsername, string>;
  users: Map<DemoUsername, UserDoc>;
  houses: Map<string, DemoHouse>;
}

/** One slice's part of the demo data. */
export interface Seeder {
  name: string;
  seed(deps: Deps, world: DemoWorld): Promise<void>;
}

export function demoPassword(username: DemoUsername): string {
  return DEMO_ACCOUNTS.find((account) => account.username === username)?.password ?? '';
}

export function userOf(world: DemoWorld, username: DemoUsername): UserDoc {
  const user = world.users.get(username);
  if (!user) throw new Error(`Demo seed: account ${username} is created by an earlier seeder.`);
  return user;
}

export function houseOf(world: DemoWorld, houseName: string): DemoHouse {
  const house = world.houses.get(houseName);
  if (!house) throw new Error(`Demo seed: house ${houseName} is created by an earlier seeder.`);
  return house;
}

/** Writes one house's documents in one transaction (they share the partition). */
export async function saveInHouse(deps: Deps, houseID: string, docs: HouseScopedDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await deps.store.container<HouseScopedDoc>('houses').batch(
    houseID,
    docs.map((doc) => ({ op: 'create' as const, doc })),
  );
}

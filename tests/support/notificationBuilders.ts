/**
 * Builders of the notifications and outbox tests: a tenancy reachable by messages (the representative's
 * phone number, the tenant account's e-mail), and reading the outbox.
 */
import { randomUUID } from 'node:crypto';
import { ROLE } from '@nhatro/common';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  OutboxMessageDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { listOutbox } from '../../api/src/useCases/outbox.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { TEST_PASSWORD } from './builders.js';

let sequence = 0;

export interface Tenancy {
  contract: ContractDoc;
  representative: LesseeInfoDoc;
  tenant: UserDoc;
}

/** An active contract on `room` whose representative has a phone number and a tenant account (with e-mail). */
export async function aReachableTenancy(
  deps: Deps,
  house: HouseDoc,
  room: RoomDoc,
  options: { phoneNumber?: string; email?: string; name?: string; endDate?: string } = {},
): Promise<Tenancy> {
  sequence += 1;
  const contractID = randomUUID();
  const lesseeInfoID = randomUUID();
  const name = options.name ?? `Người thuê ${sequence}`;
  const phoneNumber = options.phoneNumber ?? `09${String(10_000_000 + sequence).slice(-8)}`;
  const tenant = await createUser(deps, {
    username: `thue${sequence}${randomUUID().slice(0, 6)}`,
    password: TEST_PASSWORD,
    passwordHash: 'scrypt$unused-in-these-tests',
    roleID: ROLE.lessee,
    fullName: name,
    phoneNumber,
    ...(options.email ? { email: options.email } : {}),
    extra: { houseID: house.houseID, roomID: room.roomID, contractID, lesseeID: lesseeInfoID },
  });
  const contract: ContractDoc = {
    id: contractID,
    pk: house.houseID,
    type: 'contract',
    contractID,
    houseID: house.houseID,
    roomID: room.roomID,
    status: 1,
    createdOn: deps.now().toISOString(),
    startDate: '2026-01-01',
    endDate: options.endDate ?? '2027-06-30',
    rentFee: room.price,
    deposit: room.price,
    lesseeAccountID: tenant.userID,
    representativeLesseeID: lesseeInfoID,
  };
  const representative: LesseeInfoDoc = {
    id: lesseeInfoID,
    pk: house.houseID,
    type: 'lesseeInfo',
    lesseeInfoID,
    houseID: house.houseID,
    contractID,
    roomID: room.roomID,
    occupantName: name,
    gender: 1,
    phoneNumber,
    isRepresentative: true,
    status: 1,
  };
  await houseDocs(deps).batch(house.houseID, [
    { op: 'create', doc: contract },
    { op: 'create', doc: representative },
  ]);
  return { contract, representative, tenant };
}

/** The outbox's messages, newest first, optionally of one event. */
export async function outboxMessages(deps: Deps, event?: OutboxMessage['event']): Promise<OutboxMessage[]> {
  const all = await listOutbox(deps, 1000);
  return event ? all.filter((message) => message.event === event) : all;
}

/** One stored outbox message, as the sender reads it. */
export function storedMessage(deps: Deps, houseID: string, messageID: string) {
  return houseDocs<OutboxMessageDoc>(deps).read(houseID, messageID);
}

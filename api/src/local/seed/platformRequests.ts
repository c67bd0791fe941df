import { ROLE, type PlatformPaymentTarget } from '@nhatro/common';
import {
  REGISTRATIONS_PARTITION,
  type PaymentDoc,
  type PlatformRequestDoc,
  type PlatformPayableDoc,
  type UserDoc,
} from '../../domain/shared/model.js';
import { requestCode, requestDescription, REQUESTS_PARTITION } from '../../domain/platformRequests.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from '../../composition/deps.js';
import { newMeteredFeeDocs, newHouseDoc } from '../../useCases/shared/newHouses.js';
import { recordOwnedHouse } from '../../useCases/shared/houseRights.js';
import { newRoomMeterDocs, newRoomDoc } from '../../useCases/shared/newRooms.js';
import { createUser } from '../../useCases/shared/users.js';
import { seededLessorInfo } from './accounts.js';
import { demoPassword, saveInHouse, userOf, type DemoWorld, type Seeder } from './world.js';

/**
 * The platform side of the demo: `chunhahethan`, a landlord whose paid term ended ten days ago (read
 * only, with a paid extension waiting for the super admin), chunha's approved room purchase, chunha2's
 * purchase still waiting for payment, and the gateway's records of every payment the demo holds, so
 * /extendManagement and /hmBillManage have something to show.
 */

function daysBefore(instant: Date, days: number): Date {
  return new Date(instant.getTime() - days * 86_400_000);
}

async function expiredLandlord(deps: Deps, world: DemoWorld): Promise<UserDoc> {
  const now = deps.now();
  const lastDay = vietnamDate(daysBefore(now, 10));
  const account = await createUser(deps, {
    username: 'chunhahethan',
    password: demoPassword('chunhahethan'),
    passwordHash: world.passwordHashes.get('chunhahethan') as string,
    roleID: ROLE.houseModerator,
    fullName: 'Lê Thị Thu',
    phoneNumber: '0937246810',
    email: 'thu.le@nhatro.local',
    extra: {
      roomQuota: 10,
      accountExpiresOn: lastDay,
      lessorInfo: seededLessorInfo({
        fullName: 'Lê Thị Thu',
        phoneNumber: '0937246810',
        email: 'thu.le@nhatro.local',
        citizenID: '066190002468',
        address: '21 Lê Duẩn, P. Tân An, TP. Buôn Ma Thuột, Đắk Lắk',
        bankName: 'ACB',
        bankAccountNumber: '24681357',
      }),
    },
  });
  const createdOn = daysBefore(now, 380).toISOString();
  const house = newHouseDoc(
    {
      houseName: 'Nhà trọ Sao Mai',
      houseAddress: '7 Nguyễn Văn Bá, P. Bình Thọ, TP. Thủ Đức, TP. Hồ Chí Minh',
      ownerID: account.userID,
    },
    createdOn,
  );
  const rooms = [1, 2, 3, 4].map((index) =>
    newRoomDoc(
      house.houseID,
      {
        roomName: `SM${String(index).padStart(2, '0')}`,
        roomDescription: 'Phòng có cửa sổ, vệ sinh riêng',
        acreage: 16 + index,
        floor: 1,
        price: 2_300_000 + index * 100_000,
        currentElectricityIndex: 500 + index * 11,
        currentWaterIndex: 60 + index,
      },
      createdOn,
    ),
  );
  const meters = rooms.flatMap((room) => newRoomMeterDocs(room, now));
  await saveInHouse(deps, house.houseID, [house, ...rooms, ...newMeteredFeeDocs(house.houseID), ...meters]);
  await recordOwnedHouse(deps, account.userID, house.houseID);
  return { ...account, ownedHouseIDs: [house.houseID] };
}

/** A request as the landlord would have made it; a paid one comes with the payment the gateway confirmed. */
function demoRequest(
  landlord: UserDoc,
  order: Pick<PlatformRequestDoc, 'kind' | 'status' | 'amount' | 'createdOn'> &
    Partial<Pick<PlatformRequestDoc, 'rooms' | 'years' | 'approvedOn' | 'approvedBy' | 'roomQuotaAfter'>>,
  index: number,
): PlatformRequestDoc {
  const requestID = `demo-request-${index}`;
  const paidOn = new Date(Date.parse(order.createdOn) + 5 * 60_000).toISOString();
  return {
    id: requestID,
    pk: REQUESTS_PARTITION,
    type: 'platformRequest',
    requestID,
    requestedBy: landlord.userID,
    username: landlord.username,
    fullName: landlord.fullName,
    ...(landlord.email ? { email: landlord.email } : {}),
    ...(landlord.phoneNumber ? { phoneNumber: landlord.phoneNumber } : {}),
    code: requestCode(order.kind, requestID),
    roomQuotaBefore: landlord.roomQuota ?? 0,
    ...(landlord.accountExpiresOn ? { accountExpiresOnBefore: landlord.accountExpiresOn } : {}),
    ...order,
    ...(order.status === 'awaitingPayment'
      ? {}
      : { payments: [{ paymentID: `DemoRequestPayment${index}`, amount: order.amount, paidOn }] }),
  };
}

/** The gateway's record of a payment the demo shows as received (created once: a second run keeps it). */
async function recordDemoPayment(
  deps: Deps,
  place: {
    pk: string;
    target: PlatformPaymentTarget;
    targetID: string;
    description: string;
    requestedBy: string;
  },
  entry: { paymentID: string; amount: number; paidOn: string },
): Promise<void> {
  const payment: PaymentDoc = {
    id: entry.paymentID,
    pk: place.pk,
    type: 'payment',
    paymentID: entry.paymentID,
    target: place.target,
    targetID: place.targetID,
    description: place.description,
    amount: entry.amount,
    state: 'succeeded',
    gateway: 'vnpay',
    requestedBy: place.requestedBy,
    createdOn: new Date(Date.parse(entry.paidOn) - 2 * 60_000).toISOString(),
    expiresOn: new Date(Date.parse(entry.paidOn) + 13 * 60_000).toISOString(),
    confirmedOn: entry.paidOn,
    gatewayTransactionNo: `1422${entry.paidOn.replace(/\D/g, '').slice(4, 12)}`,
    bankCode: 'NCB',
    cardType: 'ATM',
    responseCode: '00',
  };
  try {
    await deps.store.container<PaymentDoc>('platform').create(payment);
  } catch (error) {
    if (!isStoreError(error, 'conflict')) throw error;
  }
}

export const platformRequestsSeeder: Seeder = {
  name: 'platformRequests',
  async seed(deps, world) {
    const now = deps.now();
    const admin = userOf(world, 'admin');
    const chunha = userOf(world, 'chunha');
    const thu = await expiredLandlord(deps, world);
    const requests = [
      demoRequest(
        { ...chunha, roomQuota: (chunha.roomQuota ?? 0) - 10 },
        {
          kind: 'roomPurchase',
          status: 'approved',
          rooms: 10,
          amount: 1_000_000,
          createdOn: '2026-10-02T03:10:00.000Z',
          approvedOn: '2026-10-02T08:00:00.000Z',
          approvedBy: admin.userID,
          roomQuotaAfter: chunha.roomQuota ?? 0,
        },
        1,
      ),
      demoRequest(
        thu,
        {
          kind: 'accountExtension',
          status: 'paid',
          years: 1,
          amount: 1_200_000,
          createdOn: daysBefore(now, 2).toISOString(),
        },
        2,
      ),
      demoRequest(
        userOf(world, 'chunha2'),
        {
          kind: 'roomPurchase',
          status: 'awaitingPayment',
          rooms: 5,
          amount: 450_000,
          createdOn: daysBefore(now, 1).toISOString(),
        },
        3,
      ),
    ];
    const platform = deps.store.container<PlatformRequestDoc>('platform');
    for (const request of requests) {
      await platform.create(request);
      for (const entry of request.payments ?? []) {
        await recordDemoPayment(
          deps,
          {
            pk: REQUESTS_PARTITION,
            target: request.kind,
            targetID: request.requestID,
            description: requestDescription(request),
            requestedBy: request.requestedBy,
          },
          entry,
        );
      }
    }
    // The registrations' demo payments, as the gateway would have recorded them.
    const registrations = await deps.store
      .container<PlatformPayableDoc & { registrationID: string; roomQuota: number }>('platform')
      .query({
        partitionKey: REGISTRATIONS_PARTITION,
        filter: { op: 'eq', field: 'type', value: 'registration' },
        top: 1000,
      });
    for (const registration of registrations.items) {
      for (const entry of registration.payments ?? []) {
        await recordDemoPayment(
          deps,
          {
            pk: REGISTRATIONS_PARTITION,
            target: 'registration',
            targetID: registration.registrationID,
            description: `Phí đăng ký ${registration.roomQuota} phòng`,
            requestedBy: registration.registrationID,
          },
          entry,
        );
      }
    }
  },
};

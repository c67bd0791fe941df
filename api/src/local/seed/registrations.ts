import { randomUUID } from 'node:crypto';
import { DEFAULT_PLATFORM_PRICING } from '@nhatro/common';
import { REGISTRATIONS_PARTITION, type RegistrationDoc } from '../../domain/shared/model.js';
import { registrationFee } from '../../domain/registrations.js';
import { houseOf, userOf, type DemoWorld, type Seeder } from './world.js';

type SeededRegistration = Omit<
  RegistrationDoc,
  'id' | 'pk' | 'type' | 'registrationID' | 'fee' | 'termMonths' | 'papers'
>;

function registrations(world: DemoWorld): SeededRegistration[] {
  const admin = userOf(world, 'admin');
  const chunha = userOf(world, 'chunha');
  return [
    {
      fullName: 'Đỗ Quốc Khánh',
      phoneNumber: '0938111222',
      email: 'khanh.do@example.vn',
      houseName: 'Nhà trọ Khánh Hội',
      houseAddress: '30 Hoàng Diệu, P. 12, Q. 4, TP. Hồ Chí Minh',
      roomQuota: 20,
      emailVerified: true,
      phoneVerified: false,
      status: 'pending',
      createdOn: '2026-11-18T02:15:00.000Z',
    },
    {
      fullName: 'Huỳnh Ngọc Ánh',
      phoneNumber: '0977333444',
      email: 'anh.huynh@example.vn',
      houseName: 'Ký túc xá Ngọc Ánh',
      houseAddress: '17 Lê Văn Việt, P. Hiệp Phú, TP. Thủ Đức, TP. Hồ Chí Minh',
      roomQuota: 40,
      emailVerified: true,
      phoneVerified: true,
      status: 'paid',
      createdOn: '2026-11-15T09:40:00.000Z',
      payments: [
        { paymentID: 'DemoRegistrationPayment1', amount: 4_800_000, paidOn: '2026-11-15T09:52:00.000Z' },
      ],
    },
    {
      fullName: 'Trần Thị Mai',
      phoneNumber: '0912555666',
      email: 'mai.tran@example.vn',
      houseName: 'Phòng trọ Mai Anh',
      houseAddress: '8 Nguyễn Văn Cừ, P. 2, Q. 5, TP. Hồ Chí Minh',
      roomQuota: 8,
      emailVerified: true,
      phoneVerified: true,
      status: 'rejected',
      createdOn: '2026-10-02T07:05:00.000Z',
      decidedOn: '2026-10-03T02:00:00.000Z',
      decidedBy: admin.userID,
      rejectionReason: 'Ảnh CCCD bị mờ, không đọc được số CCCD',
    },
    {
      fullName: 'Nguyễn Văn Hùng',
      phoneNumber: '0903123456',
      email: 'hung.nguyen@nhatro.local',
      houseName: 'Nhà trọ Hoa Sen',
      houseAddress: '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
      roomQuota: 50,
      emailVerified: true,
      phoneVerified: true,
      status: 'approved',
      createdOn: '2026-08-20T04:00:00.000Z',
      payments: [
        { paymentID: 'DemoRegistrationPayment0', amount: 6_000_000, paidOn: '2026-08-20T04:12:00.000Z' },
      ],
      decidedOn: '2026-08-21T01:30:00.000Z',
      decidedBy: admin.userID,
      landlordUserID: chunha.userID,
      houseID: houseOf(world, 'Nhà trọ Hoa Sen').house.houseID,
      accountExpiresOn: '2027-08-21',
    },
  ];
}

/**
 * A registration in each state for the super admin's list (no papers: the demo has no uploads, and none
 * carries a registration token, so no browser can act on them as their registrant); the approved one
 * is chunha's.
 */
export const registrationsSeeder: Seeder = {
  name: 'registrations',
  async seed(deps, world) {
    const platform = deps.store.container<RegistrationDoc>('platform');
    for (const registration of registrations(world)) {
      const registrationID = randomUUID();
      await platform.create({
        id: registrationID,
        pk: REGISTRATIONS_PARTITION,
        type: 'registration',
        registrationID,
        papers: [],
        ...registrationFee(registration.roomQuota, DEFAULT_PLATFORM_PRICING),
        ...registration,
      });
    }
  },
};

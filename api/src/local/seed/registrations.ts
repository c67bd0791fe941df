import { randomUUID } from 'node:crypto';
import { REGISTRATIONS_PARTITION, type RegistrationDoc } from '../../domain/model.js';
import type { Seeder } from './world.js';

const REGISTRATIONS: Array<Omit<RegistrationDoc, 'id' | 'pk' | 'type' | 'registrationID'>> = [
  {
    fullName: 'Đỗ Quốc Khánh',
    phoneNumber: '0938111222',
    email: 'khanh.do@example.vn',
    houseName: 'Nhà trọ Khánh Hội',
    houseAddress: '30 Hoàng Diệu, P. 12, Q. 4, TP. Hồ Chí Minh',
    roomQuota: 20,
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
    status: 'paid',
    createdOn: '2026-11-15T09:40:00.000Z',
  },
  {
    fullName: 'Nguyễn Văn Hùng',
    phoneNumber: '0903123456',
    email: 'hung.nguyen@nhatro.local',
    houseName: 'Nhà trọ Hoa Sen',
    houseAddress: '12 Võ Văn Ngân, P. Linh Chiểu, TP. Thủ Đức, TP. Hồ Chí Minh',
    roomQuota: 50,
    status: 'approved',
    createdOn: '2026-08-20T04:00:00.000Z',
  },
];

/** A pending, a paid and an approved registration for the super admin's list. */
export const registrationsSeeder: Seeder = {
  name: 'registrations',
  async seed(deps) {
    const platform = deps.store.container<RegistrationDoc>('platform');
    for (const registration of REGISTRATIONS) {
      const registrationID = randomUUID();
      await platform.create({
        id: registrationID,
        pk: REGISTRATIONS_PARTITION,
        type: 'registration',
        registrationID,
        ...registration,
      });
    }
  },
};

import { randomUUID } from 'node:crypto';
import type {
  ContractDoc,
  HouseScopedDoc,
  NotificationDoc,
  NotificationReadDoc,
} from '../../domain/shared/model.js';
import { notificationText } from '../../domain/shared/outboxTexts.js';
import { listInHouse } from '../../useCases/shared/houseScope.js';
import { tenantRecipients, outboxCreate } from '../../useCases/shared/outboxMessages.js';
import { houseOf, saveInHouse, userOf, type Seeder } from './world.js';

const HOUR_MS = 3_600_000;

/**
 * Two notices of chunha in Hoa Sen, each with its outbox message to the tenant of P101 (`nguoithue`):
 * last week's water cut, already read, and today's fire drill, still unread.
 */
export const notificationsSeeder: Seeder = {
  name: 'notifications',
  async seed(deps, world) {
    const { house, rooms } = houseOf(world, 'Nhà trọ Hoa Sen');
    const landlord = userOf(world, 'chunha');
    const tenant = userOf(world, 'nguoithue');
    const contracts = await listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: 1,
    });
    const recipients = await tenantRecipients(deps, house.houseID, contracts);
    const now = new Date(world.createdOn).getTime();
    const notices = [
      {
        title: 'Tạm ngưng cấp nước sáng thứ Bảy',
        body: 'Từ 8 giờ đến 11 giờ sáng thứ Bảy, nhà trọ vệ sinh bồn nước trên sân thượng. Mọi người chủ động trữ nước trước nhé.',
        createdOn: new Date(now - 6 * 24 * HOUR_MS).toISOString(),
        readByTenant: true,
      },
      {
        title: 'Diễn tập phòng cháy chữa cháy',
        body: 'Chiều Chủ nhật lúc 16 giờ, cả nhà trọ tập trung ở sân để diễn tập phòng cháy chữa cháy cùng công an phường. Mỗi phòng cử ít nhất một người tham gia.',
        createdOn: new Date(now - 3 * HOUR_MS).toISOString(),
        readByTenant: false,
      },
    ];
    const docs: HouseScopedDoc[] = [];
    for (const notice of notices) {
      const notificationID = randomUUID();
      const doc: NotificationDoc = {
        id: notificationID,
        pk: house.houseID,
        type: 'notification',
        notificationID,
        houseID: house.houseID,
        title: notice.title,
        body: notice.body,
        audience: 'house',
        roomIDs: rooms.map((room) => room.roomID),
        roomNames: [],
        recipients: contracts.length,
        contractIDs: contracts.map((contract) => contract.contractID),
        createdBy: landlord.userID,
        createdByName: landlord.fullName,
        createdOn: notice.createdOn,
      };
      docs.push(doc);
      const text = notificationText({ ...notice, houseName: house.houseName }, deps.config.webOrigin);
      for (const contract of contracts) {
        const message = outboxCreate(deps, house.houseID, {
          event: 'notification',
          houseID: house.houseID,
          recipient: recipients.get(contract.contractID) ?? {},
          ...text,
          subjectID: notificationID,
        }).doc;
        docs.push({ ...message, createdOn: notice.createdOn, nextAttemptOn: notice.createdOn });
      }
      if (notice.readByTenant) {
        const read: NotificationReadDoc = {
          id: `read_${notificationID}_${tenant.userID}`,
          pk: house.houseID,
          type: 'notificationRead',
          notificationID,
          userID: tenant.userID,
          readOn: new Date(new Date(notice.createdOn).getTime() + 2 * HOUR_MS).toISOString(),
        };
        docs.push(read);
      }
    }
    await saveInHouse(deps, house.houseID, docs);
  },
};

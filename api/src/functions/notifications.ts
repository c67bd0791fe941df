import { LEVEL, notificationCreateSchema, ROLE } from '@nhatro/common';
import { NOTIFICATION_MODEL } from '../domain/shared/odata/model.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { entityJson } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import {
  createNotification,
  getNotification,
  listNotifications,
  markNotificationRead,
} from '../useCases/notifications.js';

/**
 * Notices: `GET /odata/Notification?HouseID=…&DayRange=…` (or `roomID`; a tenant: their own, read or
 * not), `/odata/Notification/{id}`, `POST` (landlord and staff, room level 3), and the tenant's
 * `POST /odata/Notification/{id}/Read`. Notices are not edited or deleted: they were sent.
 */
defineODataEntity({
  name: 'notification',
  entitySet: 'Notification',
  model: NOTIFICATION_MODEL,
  area: 'room',
  id: { field: 'notificationID', label: 'Mã thông báo' },
  list: { scope: ['houseID', 'roomID', 'dayRange'], run: listNotifications, cacheReplies: true },
  get: { run: getNotification },
  create: {
    roles: [ROLE.houseModerator, ROLE.staff],
    schema: notificationCreateSchema,
    run: createNotification,
  },
});

defineEndpoint({
  name: 'notificationRead',
  route: 'odata/Notification/{id}/Read',
  methods: ['POST'],
  roles: [ROLE.lessee],
  permission: { area: 'room', level: LEVEL.read },
  async handle({ actor, params }) {
    return entityJson(200, await markNotificationRead(actor, requireID(params.id, 'Mã thông báo')));
  },
});

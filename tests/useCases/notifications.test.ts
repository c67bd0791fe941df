import { MESSAGES, NOTIFICATION_MESSAGES, notificationCreateSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { NOTIFICATION_MODEL, ROOM_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Container, Store } from '../../api/src/store/store.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  createNotification,
  getNotification,
  listNotifications,
  markNotificationRead,
} from '../../api/src/useCases/notifications.js';
import { getRoom } from '../../api/src/useCases/rooms.js';
import { aHouse, aLandlord, aRoom, aStaff } from '../support/builders.js';
import { aReachableTenancy, outboxMessages, type Tenancy } from '../support/notificationBuilders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  refusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/** Notices: who posts to whom, the outbox message of each tenant, who reads which, read marks, DayRange. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room101: RoomDoc;
let room102: RoomDoc;
let emptyRoom: RoomDoc;
let tenant101: Tenancy;
let tenant102: Tenancy;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    landlord: { fullName: 'Nguyễn Văn Hùng' },
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  room101 = await aRoom(deps, house, { roomName: 'P101' });
  room102 = await aRoom(deps, house, { roomName: 'P102' });
  emptyRoom = await aRoom(deps, house, { roomName: 'P103' });
  tenant101 = await aReachableTenancy(deps, house, room101, {
    name: 'Lê Minh Tuấn',
    phoneNumber: '0987654321',
    email: 'tuan@example.vn',
  });
  tenant102 = await aReachableTenancy(deps, house, room102, {
    name: 'Trần Thị Lan',
    phoneNumber: '0912000111',
  });
});
afterEach(() => h.close());

function notice(change: Record<string, unknown> = {}) {
  return notificationCreateSchema.parse({
    houseID: house.houseID,
    title: 'Cắt nước sáng thứ Bảy',
    body: 'Từ 8 giờ đến 11 giờ nhà trọ vệ sinh bồn nước.',
    ...change,
  });
}

const tenantActor = (tenancy: Tenancy) => actorFor(deps, tenancy.tenant);

describe('posting a notice', () => {
  it('to the house: stored once, one outbox message per tenant with their phone and e-mail, audited', async () => {
    const created = await createNotification(actorFor(deps, landlord), notice());
    expect(created).toMatchObject({
      houseID: house.houseID,
      title: 'Cắt nước sáng thứ Bảy',
      audience: 'house',
      roomNames: [],
      recipients: 2,
      readCount: 0,
      createdBy: landlord.userID,
      createdByName: 'Nguyễn Văn Hùng',
      '@odata.etag': expect.any(String),
    });
    expect(created).not.toHaveProperty('contractIDs');
    expect(new Set(created.roomIDs as string[])).toEqual(
      new Set([room101.roomID, room102.roomID, emptyRoom.roomID]),
    );

    const messages = await outboxMessages(deps, 'notification');
    expect(messages).toHaveLength(2);
    const toTuan = messages.find((message) => message.recipient.name === 'Lê Minh Tuấn');
    expect(toTuan).toMatchObject({
      houseID: house.houseID,
      recipient: { userID: tenant101.tenant.userID, phoneNumber: '0987654321', email: 'tuan@example.vn' },
      subject: 'Nhà trọ Hoa Sen: Cắt nước sáng thứ Bảy',
      body: 'Từ 8 giờ đến 11 giờ nhà trọ vệ sinh bồn nước.',
      link: 'http://localhost:4280/notifications',
      channels: ['zalo', 'email', 'sms'],
      state: 'pending',
      attempts: 0,
      subjectID: created.notificationID,
    });
    const [entry] = (await auditEntries(deps)).filter((e) => e.entity === 'notification');
    expect(entry).toMatchObject({
      action: 'create',
      entityID: created.notificationID,
      userID: landlord.userID,
    });
  });

  it('to chosen rooms: only their tenants; rooms named in order; an ended contract gets nothing', async () => {
    await houseDocs<ContractDoc>(deps).replace({ ...tenant102.contract, status: 3 });
    const created = await createNotification(
      actorFor(deps, landlord),
      notice({ roomIDs: [room102.roomID, room101.roomID, room101.roomID] }),
    );
    expect(created).toMatchObject({ audience: 'rooms', roomNames: ['P101', 'P102'], recipients: 1 });
    const messages = await outboxMessages(deps, 'notification');
    expect(messages.map((message) => message.recipient.name)).toEqual(['Lê Minh Tuấn']);
  });

  it('refuses rooms where nobody lives (409), another house’s room (404), a tenant (403); nothing written', async () => {
    await expectRefusal(
      createNotification(actorFor(deps, landlord), notice({ roomIDs: [emptyRoom.roomID] })),
      'conflict',
      NOTIFICATION_MESSAGES.noRecipients,
    );
    const otherHouse = await aHouse(deps, landlord);
    const elsewhere = await aRoom(deps, otherHouse);
    await expectRefusal(
      createNotification(actorFor(deps, landlord), notice({ roomIDs: [elsewhere.roomID] })),
      'notFound',
      MESSAGES.notFound,
    );
    expect((await refusal(createNotification(tenantActor(tenant101), notice()))).kind).toBe('forbidden');
    expect(await outboxMessages(deps)).toHaveLength(0);
    expect(
      await houseDocs(deps).count({
        partitionKey: house.houseID,
        filter: { op: 'eq', field: 'type', value: 'notification' },
      }),
    ).toBe(0);
  });

  it('staff of the house may post; another landlord and staff of another house get 404', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    await expect(createNotification(actorFor(deps, staff), notice())).resolves.toHaveProperty(
      'recipients',
      2,
    );
    const stranger = await aLandlord(deps);
    const strangerHouse = await aHouse(deps, stranger);
    const otherStaff = await aStaff(deps, { houses: [strangerHouse] });
    await expectRefusal(
      createNotification(actorFor(deps, stranger), notice()),
      'notFound',
      MESSAGES.notFound,
    );
    await expectRefusal(
      createNotification(actorFor(deps, otherStaff), notice()),
      'notFound',
      MESSAGES.notFound,
    );
  });

  it('a notice to more than a batch of tenants is written whole (the message exists with the notice)', async () => {
    for (let index = 0; index < 110; index += 1) {
      const extraRoom = await aRoom(deps, house, { roomName: `T${index}` });
      await aReachableTenancy(deps, house, extraRoom);
    }
    const created = await createNotification(actorFor(deps, landlord), notice());
    expect(created.recipients).toBe(112);
    expect(await outboxMessages(deps, 'notification')).toHaveLength(112);
  });
});

describe('Cosmos: more than 100 writes go in batches, all or nothing', () => {
  /** The store as Cosmos behaves: at most 100 operations a batch; the batch number `failAt` fails. */
  function cosmosLike(store: Store, failAt?: number): { store: Store; batches: number[] } {
    const batches: number[] = [];
    const wrapped: Store = {
      kind: 'cosmos',
      version: () => undefined,
      close: () => store.close(),
      container<T extends HouseScopedDoc>(name: Parameters<Store['container']>[0]) {
        const inner = store.container<T>(name);
        return new Proxy(inner, {
          get(target, property, receiver) {
            if (property !== 'batch') {
              const value = Reflect.get(target, property, receiver) as unknown;
              return typeof value === 'function'
                ? (value as (...args: unknown[]) => unknown).bind(target)
                : value;
            }
            const batch: Container<T>['batch'] = async (pk, ops) => {
              if (ops.length > 100) throw new Error('A batch holds at most 100 operations');
              batches.push(ops.length);
              if (batches.length === failAt) throw new Error('Cosmos: batch failed');
              return target.batch(pk, ops);
            };
            return batch;
          },
        });
      },
    } as Store;
    return { store: wrapped, batches };
  }

  beforeEach(async () => {
    for (let index = 0; index < 149; index += 1) {
      const extraRoom = await aRoom(deps, house, { roomName: `T${index}` });
      await aReachableTenancy(deps, house, extraRoom);
    }
  });

  it('151 tenants: the notice and its messages in two batches', async () => {
    const cosmos = cosmosLike(deps.store);
    const created = await createNotification(actorFor({ ...deps, store: cosmos.store }, landlord), notice());
    expect(created.recipients).toBe(151);
    expect(cosmos.batches).toEqual([100, 52]);
    expect(await outboxMessages(deps, 'notification')).toHaveLength(151);
  });

  it('the second batch failing takes the first one back: no notice, no message', async () => {
    const cosmos = cosmosLike(deps.store, 2);
    await expect(
      createNotification(actorFor({ ...deps, store: cosmos.store }, landlord), notice()),
    ).rejects.toThrow('Cosmos: batch failed');
    expect(await outboxMessages(deps)).toHaveLength(0);
    expect(
      await houseDocs(deps).count({
        partitionKey: house.houseID,
        filter: { op: 'eq', field: 'type', value: 'notification' },
      }),
    ).toBe(0);
  });
});

describe('reading notices', () => {
  let houseNotice: Record<string, unknown>;
  let roomNotice: Record<string, unknown>;

  beforeEach(async () => {
    houseNotice = await createNotification(actorFor(deps, landlord), notice({ title: 'Cả nhà' }));
    h.clock.advance(60_000);
    roomNotice = await createNotification(
      actorFor(deps, landlord),
      notice({ title: 'Riêng P102', roomIDs: [room102.roomID] }),
    );
  });

  it('the landlord reads the house’s notices newest first, with how many tenants read each', async () => {
    await markNotificationRead(tenantActor(tenant101), houseNotice.notificationID as string);
    const page = await listNotifications(
      actorFor(deps, landlord),
      { houseID: house.houseID },
      odata(NOTIFICATION_MODEL),
    );
    expect(page.value.map((item) => [item.title, item.readCount])).toEqual([
      ['Riêng P102', 0],
      ['Cả nhà', 1],
    ]);
    const ofRoom = await listNotifications(
      actorFor(deps, landlord),
      { roomID: room101.roomID },
      odata(NOTIFICATION_MODEL),
    );
    expect(ofRoom.value.map((item) => item.title)).toEqual(['Cả nhà']);
  });

  it('a tenant reads only the notices sent to them, unread until they mark them; marking twice keeps the first time', async () => {
    const before = await listNotifications(tenantActor(tenant101), {}, odata(NOTIFICATION_MODEL));
    expect(before.value.map((item) => [item.title, item.read])).toEqual([['Cả nhà', false]]);
    const read = await markNotificationRead(tenantActor(tenant101), houseNotice.notificationID as string);
    expect(read).toMatchObject({ read: true, readOn: '2026-11-20T03:01:00.000Z' });
    h.clock.advance(60_000);
    await expect(
      markNotificationRead(tenantActor(tenant101), houseNotice.notificationID as string),
    ).resolves.toMatchObject({ readOn: '2026-11-20T03:01:00.000Z' });
    const after = await listNotifications(tenantActor(tenant101), {}, odata(NOTIFICATION_MODEL));
    expect(after.value).toEqual([expect.objectContaining({ title: 'Cả nhà', read: true })]);
    expect(after.value[0]).not.toHaveProperty('contractIDs');
    const neighbour = await listNotifications(
      tenantActor(tenant102),
      { houseID: house.houseID },
      odata(NOTIFICATION_MODEL),
    );
    expect(neighbour.value.map((item) => [item.title, item.read])).toEqual([
      ['Riêng P102', false],
      ['Cả nhà', false],
    ]);
  });

  it('a tenant sees a notice as sent to their room: not the other rooms it reached, nor how many tenants', async () => {
    const both = await createNotification(
      actorFor(deps, landlord),
      notice({ title: 'Hai phòng', roomIDs: [room101.roomID, room102.roomID] }),
    );
    const mine = { roomIDs: [room101.roomID], roomNames: [] };
    const list = await listNotifications(tenantActor(tenant101), {}, odata(NOTIFICATION_MODEL));
    expect(list.value.map((item) => [item.title, item.roomIDs, item.roomNames])).toEqual([
      ['Hai phòng', [room101.roomID], ['P101']],
      ['Cả nhà', mine.roomIDs, mine.roomNames],
    ]);
    const one = await getNotification(
      tenantActor(tenant101),
      houseNotice.notificationID as string,
      odata(NOTIFICATION_MODEL),
    );
    const marked = await markNotificationRead(tenantActor(tenant101), both.notificationID as string);
    const expanded = await getRoom(
      tenantActor(tenant101),
      room101.roomID,
      odata(ROOM_MODEL, '$expand=notifications'),
    );
    const seen = [...list.value, one, marked, ...(expanded.notifications as Array<Record<string, unknown>>)];
    for (const item of seen) {
      expect(item).not.toHaveProperty('recipients');
      expect(item).not.toHaveProperty('contractIDs');
      expect(JSON.stringify(item)).not.toContain(room102.roomID);
      expect(JSON.stringify(item)).not.toContain(emptyRoom.roomID);
      expect(JSON.stringify(item)).not.toContain('P102');
    }
    expect(one).toMatchObject({ audience: 'house', ...mine });
    expect(marked).toMatchObject({ audience: 'rooms', roomIDs: [room101.roomID], roomNames: ['P101'] });
    // Nor can a tenant ask the store about them.
    for (const params of ['$filter=recipients gt 1', '$orderby=recipients desc']) {
      await expectRefusal(
        listNotifications(tenantActor(tenant101), {}, odata(NOTIFICATION_MODEL, params)),
        'badRequest',
        MESSAGES.unknownField('recipients'),
      );
    }
    // The landlord still sees every room a notice reached, and how many tenants.
    const ofHouse = await getNotification(
      actorFor(deps, landlord),
      houseNotice.notificationID as string,
      odata(NOTIFICATION_MODEL),
    );
    expect(ofHouse).toMatchObject({ recipients: 2 });
    expect(new Set(ofHouse.roomIDs as string[])).toEqual(
      new Set([room101.roomID, room102.roomID, emptyRoom.roomID]),
    );
    const filtered = await listNotifications(
      actorFor(deps, landlord),
      { houseID: house.houseID },
      odata(NOTIFICATION_MODEL, '$filter=recipients gt 1'),
    );
    expect(filtered.value.map((item) => item.title)).toEqual(['Hai phòng', 'Cả nhà']);
  });

  it('a tenant never reaches another room’s notice or another house: 404', async () => {
    const other = roomNotice.notificationID as string;
    await expectRefusal(
      getNotification(tenantActor(tenant101), other, odata(NOTIFICATION_MODEL)),
      'notFound',
      MESSAGES.notFound,
    );
    await expectRefusal(markNotificationRead(tenantActor(tenant101), other), 'notFound', MESSAGES.notFound);
    await expectRefusal(
      listNotifications(tenantActor(tenant101), { roomID: room102.roomID }, odata(NOTIFICATION_MODEL)),
      'notFound',
      MESSAGES.notFound,
    );
    const stranger = await aLandlord(deps);
    const strangerHouse = await aHouse(deps, stranger);
    await expectRefusal(
      listNotifications(
        tenantActor(tenant101),
        { houseID: strangerHouse.houseID },
        odata(NOTIFICATION_MODEL),
      ),
      'notFound',
      MESSAGES.notFound,
    );
    await expectRefusal(
      getNotification(actorFor(deps, stranger), other, odata(NOTIFICATION_MODEL)),
      'notFound',
      MESSAGES.notFound,
    );
    expect((await refusal(markNotificationRead(actorFor(deps, landlord), other))).kind).toBe('forbidden');
  });

  it('a tenant moving in later does not see what was sent to the room before', async () => {
    await houseDocs<ContractDoc>(deps).replace({ ...tenant102.contract, status: 3 });
    const newcomer = await aReachableTenancy(deps, house, room102);
    const page = await listNotifications(actorFor(deps, newcomer.tenant), {}, odata(NOTIFICATION_MODEL));
    expect(page.value).toEqual([]);
  });

  it('DayRange counts Vietnamese days back; anything else is a 400 naming DayRange', async () => {
    // 03:00 UTC is 10:00 in Vietnam: two days later, DayRange=1 starts yesterday at 00:00 (Vietnam).
    h.clock.advance(2 * 24 * 3_600_000);
    const scope = (dayRange: string) => ({ houseID: house.houseID, dayRange });
    const list = (dayRange: string) =>
      listNotifications(actorFor(deps, landlord), scope(dayRange), odata(NOTIFICATION_MODEL));
    expect((await list('1')).value).toHaveLength(0);
    expect((await list('2')).value).toHaveLength(2);
    const wrong = await refusal(list('hai'));
    expect(wrong.details.fieldErrors).toEqual([
      { field: 'DayRange', errorMessage: NOTIFICATION_MESSAGES.dayRangeInvalid },
    ]);
    expect((await refusal(list('4000'))).kind).toBe('badRequest');
  });

  it('a room’s notifications expand: the landlord sees what reached the room, the tenant what was sent to them', async () => {
    const expanded = await getRoom(
      actorFor(deps, landlord),
      room102.roomID,
      odata(ROOM_MODEL, '$expand=notifications'),
    );
    expect((expanded.notifications as Array<{ title: string }>).map((item) => item.title)).toEqual([
      'Riêng P102',
      'Cả nhà',
    ]);
    const ofTenant = await getRoom(
      tenantActor(tenant101),
      room101.roomID,
      odata(ROOM_MODEL, '$expand=notifications'),
    );
    expect((ofTenant.notifications as Array<{ title: string }>).map((item) => item.title)).toEqual([
      'Cả nhà',
    ]);
    expect((ofTenant.notifications as object[])[0]).not.toHaveProperty('contractIDs');
  });
});

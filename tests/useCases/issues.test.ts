import { ISSUE_MESSAGES, issueCreateSchema, MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  IssueDoc,
  LesseeInfoDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { HOUSE_MODEL, ISSUE_MODEL, ROOM_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { grantHouseUpload, grantRead } from '../../api/src/useCases/blobAccess.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { getHouse } from '../../api/src/useCases/houses.js';
import {
  createIssue,
  deleteIssue,
  getIssue,
  listIssues,
  updateIssue,
} from '../../api/src/useCases/issues.js';
import { getRoom } from '../../api/src/useCases/rooms.js';
import {
  aContract,
  aHouse,
  aLandlord,
  aLessee,
  aRoom,
  aRoomImageName,
  aStaff,
  PNG_BYTES,
} from '../support/builders.js';
import { anIssue } from '../support/issueBuilders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  refusal,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/** Issue reports: who may report for which contract, photos checked by their bytes, statuses, cancelling. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;
/** Another tenancy of the same house. */
let neighbourRoom: RoomDoc;
let neighbourContract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T08:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room);
  tenant = await aLessee(deps, { house, room, contract });
  neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
  neighbourContract = await aContract(deps, neighbourRoom);
});
afterEach(() => h.close());

/** A photo the browser put with its upload key; each call gets a new name. */
function uploaded(bytes: Uint8Array = PNG_BYTES, inHouse: Pick<HouseDoc, 'houseID'> = house): string {
  h.clock.advance(1);
  const name = aRoomImageName(deps, inHouse);
  h.blobs.put('room-images', name, bytes);
  return name;
}

function report(change: Record<string, unknown> = {}) {
  return issueCreateSchema.parse({
    title: 'Vòi nước rò',
    description: 'Vòi trong nhà tắm rò nước.',
    ...change,
  });
}

async function issueCount(): Promise<number> {
  return houseDocs(deps).count({
    partitionKey: house.houseID,
    filter: { op: 'eq', field: 'type', value: 'issue' },
  });
}

describe('reporting an issue', () => {
  it('a tenant reports for their own contract: status 1, who and which room stored, photos with read URLs', async () => {
    const photo = uploaded();
    const issue = await createIssue(actorFor(deps, tenant), report({ images: [photo] }));
    expect(issue).toMatchObject({
      houseID: house.houseID,
      roomID: room.roomID,
      roomName: 'P101',
      contractID: contract.contractID,
      title: 'Vòi nước rò',
      status: 1,
      images: [photo],
      createdBy: tenant.userID,
      createdByName: tenant.fullName,
      createdOn: '2026-11-20T08:00:00.001Z',
      imageURLs: [
        {
          blobName: photo,
          url: expect.stringContaining(photo),
          thumbnailURL: expect.stringContaining(`${photo}.thumb.jpg`),
        },
      ],
    });
    const [entry] = (await auditEntries(deps)).filter((e) => e.entity === 'issue');
    expect(entry).toMatchObject({ action: 'create', entityID: issue.issueID, userID: tenant.userID });
    // The photo is now referenced: the tenant may read it, and nightly maintenance keeps it.
    await expect(grantRead(actorFor(deps, tenant), 'room-images', photo)).resolves.toHaveProperty('url');
  });

  it('refuses a tenant naming another contract (404) or whose contract ended (409); nothing written', async () => {
    await expectRefusal(
      createIssue(actorFor(deps, tenant), report({ contractID: neighbourContract.contractID })),
      'notFound',
      MESSAGES.notFound,
    );
    await houseDocs<ContractDoc>(deps).replace({ ...contract, status: 2 });
    await expectRefusal(
      createIssue(actorFor(deps, tenant), report()),
      'conflict',
      ISSUE_MESSAGES.contractNotActive,
    );
    expect(await issueCount()).toBe(0);
  });

  it('lets the landlord and staff report for a contract of their house; another landlord gets 404', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const byStaff = await createIssue(
      actorFor(deps, staff),
      report({ contractID: neighbourContract.contractID }),
    );
    expect(byStaff).toMatchObject({ roomID: neighbourRoom.roomID, createdBy: staff.userID, status: 1 });
    const missing = await refusal(createIssue(actorFor(deps, landlord), report()));
    expect(missing.details.fieldErrors).toEqual([
      { field: 'contractID', errorMessage: 'Vui lòng chọn hợp đồng.' },
    ]);
    const other = await aLandlord(deps);
    await expectRefusal(
      createIssue(actorFor(deps, other), report({ contractID: contract.contractID })),
      'notFound',
      MESSAGES.notFound,
    );
    expect(await issueCount()).toBe(1);
  });

  it('takes only PNG uploads of the house, each once and not held by anything else; bad bytes are deleted', async () => {
    const actor = actorFor(deps, tenant);
    const foreign = uploaded(PNG_BYTES, { houseID: 'other-house-0001' });
    const badName = await refusal(createIssue(actor, report({ images: [foreign] })));
    expect(badName.details.fieldErrors).toEqual([
      { field: 'images.0', errorMessage: 'Tên tệp ảnh không hợp lệ.' },
    ]);
    const twice = uploaded();
    const dup = await refusal(createIssue(actor, report({ images: [twice, twice] })));
    expect(dup.details.fieldErrors).toEqual([
      { field: 'images.1', errorMessage: 'Ảnh này đã có trong báo cáo.' },
    ]);
    const page = uploaded(new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>')));
    await expectRefusal(
      createIssue(actor, report({ images: [page] })),
      'badRequest',
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(h.blobs.bytes('room-images', page)).toBeUndefined();
    const roomPhoto = uploaded();
    await houseDocs<RoomDoc>(deps).replace({ ...room, images: [roomPhoto] });
    await expectRefusal(createIssue(actor, report({ images: [roomPhoto] })), 'conflict', /đã được gắn/);
    expect(await issueCount()).toBe(0);
  });

  it('gives a tenant an upload key for room images of their own house only', async () => {
    const actor = actorFor(deps, tenant);
    const grant = await grantHouseUpload(actor, 'room-images', house.houseID, 'png');
    expect(grant.blobName.startsWith(`${house.houseID}/room-`)).toBe(true);
    const other = await aHouse(deps, landlord);
    await expectRefusal(
      grantHouseUpload(actor, 'room-images', other.houseID, 'png'),
      'notFound',
      MESSAGES.notFound,
    );
  });
});

describe('reading issues', () => {
  it("lists by contract, room or house newest first with OData options; a tenant only their contract's", async () => {
    const older = await anIssue(deps, contract, room, { status: 2 });
    h.clock.advance(60_000);
    const newer = await anIssue(deps, contract, room);
    h.clock.advance(60_000);
    const neighbours = await anIssue(deps, neighbourContract, neighbourRoom);
    const ids = (page: { value: Array<Record<string, unknown>> }) => page.value.map((issue) => issue.issueID);
    const owner = actorFor(deps, landlord);
    expect(ids(await listIssues(owner, { houseID: house.houseID }, odata(ISSUE_MODEL)))).toEqual([
      neighbours.issueID,
      newer.issueID,
      older.issueID,
    ]);
    const received = await listIssues(
      owner,
      { houseID: house.houseID },
      odata(ISSUE_MODEL, '$filter=status eq 1&$orderby=roomName&$count=true'),
    );
    expect(ids(received)).toEqual([newer.issueID, neighbours.issueID]);
    expect(received.count).toBe(2);
    expect(ids(await listIssues(owner, { roomID: neighbourRoom.roomID }, odata(ISSUE_MODEL)))).toEqual([
      neighbours.issueID,
    ]);
    const self = actorFor(deps, tenant);
    expect(ids(await listIssues(self, {}, odata(ISSUE_MODEL)))).toEqual([newer.issueID, older.issueID]);
    expect(ids(await listIssues(self, { houseID: house.houseID }, odata(ISSUE_MODEL)))).toHaveLength(2);
    for (const scope of [{ contractID: neighbourContract.contractID }, { roomID: neighbourRoom.roomID }]) {
      await expectRefusal(listIssues(self, scope, odata(ISSUE_MODEL)), 'notFound', MESSAGES.notFound);
    }
    await expectRefusal(
      getIssue(self, neighbours.issueID, odata(ISSUE_MODEL)),
      'notFound',
      MESSAGES.notFound,
    );
    await expectRefusal(
      listIssues(
        actorFor(deps, await aLandlord(deps)),
        { contractID: contract.contractID },
        odata(ISSUE_MODEL),
      ),
      'notFound',
      MESSAGES.notFound,
    );
  });

  it('expands a room’s issues filtered by status, with photo URLs, and a house’s rooms with theirs', async () => {
    const photo = uploaded();
    const open = await anIssue(deps, contract, room, { images: [photo] });
    await anIssue(deps, contract, room, { status: 3 });
    const roomView = await getRoom(
      actorFor(deps, landlord),
      room.roomID,
      odata(ROOM_MODEL, '$expand=issues($filter=status eq 1)'),
    );
    expect(roomView.issues).toEqual([
      expect.objectContaining({
        issueID: open.issueID,
        imageURLs: [{ blobName: photo, url: expect.any(String), thumbnailURL: expect.any(String) }],
      }),
    ]);
    await anIssue(deps, neighbourContract, neighbourRoom);
    // The tenant sees only their own contract's issues even through the house.
    const houseView = await getHouse(
      actorFor(deps, tenant),
      house.houseID,
      odata(HOUSE_MODEL, '$expand=rooms($expand=issues($filter=status eq 1))'),
    );
    expect(houseView.rooms).toEqual([
      expect.objectContaining({
        roomID: room.roomID,
        issues: [expect.objectContaining({ issueID: open.issueID })],
      }),
    ]);
    const ownerView = await getHouse(
      actorFor(deps, landlord),
      house.houseID,
      odata(HOUSE_MODEL, '$expand=rooms($select=roomID,roomName;$expand=issues($filter=status eq 1))'),
    );
    const rooms = ownerView.rooms as Array<{ roomName: string; issues: unknown[] }>;
    expect(rooms.map((r) => [r.roomName, r.issues.length])).toEqual([
      ['P101', 1],
      ['P102', 1],
    ]);
  });
  it('spec §7: a room’s issues by status with their reporter and photos expanded, and its renter representative', async () => {
    const photo = uploaded();
    const open = await anIssue(deps, contract, room, { images: [photo] });
    await houseDocs<LesseeInfoDoc>(deps).create({
      id: contract.representativeLesseeID,
      pk: house.houseID,
      type: 'lesseeInfo',
      lesseeInfoID: contract.representativeLesseeID,
      houseID: house.houseID,
      contractID: contract.contractID,
      roomID: room.roomID,
      occupantName: 'Nguyễn Thị Đại Diện',
      gender: 0,
      isRepresentative: true,
      status: 1,
    });
    const roomView = await getRoom(
      actorFor(deps, landlord),
      room.roomID,
      odata(
        ROOM_MODEL,
        '$expand=issues($filter=status eq 1;$expand=createdBy,images),renterRepresentative($select=occupantID,occupantName)',
      ),
    );
    expect(roomView.issues).toEqual([
      expect.objectContaining({
        issueID: open.issueID,
        createdBy: { userID: open.createdBy, fullName: open.createdByName },
        images: [{ blobName: photo, url: expect.any(String), thumbnailURL: expect.any(String) }],
      }),
    ]);
    expect(roomView.renterRepresentative).toEqual({
      occupantID: contract.representativeLesseeID,
      occupantName: 'Nguyễn Thị Đại Diện',
    });
    // Without the expand an issue keeps the reporter's id and its photos' names; a room without a tenancy has no representative.
    const plain = await getRoom(actorFor(deps, landlord), room.roomID, odata(ROOM_MODEL, '$expand=issues'));
    expect((plain.issues as Array<{ createdBy: unknown; images: unknown }>)[0]).toMatchObject({
      createdBy: open.createdBy,
      images: [photo],
    });
    const empty = await aRoom(deps, house, { roomName: 'P109' });
    const emptyView = await getRoom(
      actorFor(deps, landlord),
      empty.roomID,
      odata(ROOM_MODEL, '$expand=renterRepresentative'),
    );
    expect(emptyView.renterRepresentative).toBeNull();
  });
});

describe('handling and cancelling', () => {
  it('landlord and staff set any status with an answer, audited and honouring If-Match; a tenant may not', async () => {
    const issue = await anIssue(deps, contract, room);
    const staff = actorFor(deps, await aStaff(deps, { houses: [house] }));
    const handled = await updateIssue(
      staff,
      issue.issueID,
      { status: 2, response: 'Thợ sẽ đến chiều nay.' },
      issue._etag,
    );
    expect(handled).toMatchObject({
      status: 2,
      response: 'Thợ sẽ đến chiều nay.',
      updatedOn: '2026-11-20T08:00:00.000Z',
    });
    h.clock.advance(1);
    await expectRefusal(
      updateIssue(actorFor(deps, landlord), issue.issueID, { status: 3 }, issue._etag),
      'stale',
      MESSAGES.staleData,
    );
    const done = await updateIssue(actorFor(deps, landlord), issue.issueID, { status: 3 }, undefined);
    expect(done.status).toBe(3);
    const entries = (await auditEntries(deps)).filter((e) => e.entity === 'issue');
    expect(entries.map((e) => [e.action, (e.details as { status: number }).status])).toEqual([
      ['update', 2],
      ['update', 3],
    ]);
    await expectRefusal(
      updateIssue(actorFor(deps, tenant), issue.issueID, { status: 1 }, undefined),
      'forbidden',
      MESSAGES.forbidden,
    );
    await expectRefusal(
      updateIssue(actorFor(deps, await aLandlord(deps)), issue.issueID, { status: 1 }, undefined),
      'notFound',
      MESSAGES.notFound,
    );
  });

  it('a tenant cancels only their own unhandled report; the landlord deletes any, staff may not', async () => {
    const self = actorFor(deps, tenant);
    const fresh = await anIssue(deps, contract, room);
    const handled = await anIssue(deps, contract, room, { status: 2 });
    const neighbours = await anIssue(deps, neighbourContract, neighbourRoom);
    await expectRefusal(deleteIssue(self, handled.issueID), 'conflict', ISSUE_MESSAGES.cannotCancel);
    await expectRefusal(deleteIssue(self, neighbours.issueID), 'notFound', MESSAGES.notFound);
    await deleteIssue(self, fresh.issueID);
    h.clock.advance(1);
    const staff = actorFor(deps, await aStaff(deps, { houses: [house] }));
    await expectRefusal(deleteIssue(staff, handled.issueID), 'forbidden', MESSAGES.forbidden);
    await deleteIssue(actorFor(deps, landlord), handled.issueID);
    const left = await houseDocs<IssueDoc>(deps).query({
      partitionKey: house.houseID,
      filter: { op: 'eq', field: 'type', value: 'issue' },
    });
    expect(left.items.map((issue) => issue.issueID)).toEqual([neighbours.issueID]);
    const actions = (await auditEntries(deps)).filter((e) => e.entity === 'issue').map((e) => e.action);
    expect(actions).toEqual(['cancel', 'delete']);
  });
});

import { STAFF_MESSAGES, staffCreateSchema, toFieldErrors, type StaffCreateInput } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HouseDoc, SessionDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { authenticate } from '../../api/src/useCases/auth/authenticate.js';
import { login } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { readHouse } from '../../api/src/useCases/shared/houseScope.js';
import { listHouseSummaries } from '../../api/src/useCases/shared/houseSummaries.js';
import { addStaff, disableStaff, listHouseStaff } from '../../api/src/useCases/staff.js';
import { findUser, findUserByUsername } from '../../api/src/useCases/shared/users.js';
import { aHouse, aLandlord, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let hoaSen: HouseDoc;
let binhAn: HouseDoc;
let otherLandlord: UserDoc;
let otherHouse: HouseDoc;

function staffInput(overrides: Partial<Record<keyof StaffCreateInput, unknown>> = {}): StaffCreateInput {
  return staffCreateSchema.parse({
    fullName: 'Trần Văn Bảo',
    phoneNumber: '0977 111 222',
    username: 'baotran',
    houseIDs: [hoaSen.houseID],
    ...overrides,
  });
}

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await aLandlord(deps);
  hoaSen = await aHouse(deps, landlord, { houseName: 'Nhà trọ Hoa Sen' });
  binhAn = await aHouse(deps, landlord, { houseName: 'Nhà trọ Bình An' });
  otherLandlord = await aLandlord(deps);
  otherHouse = await aHouse(deps, otherLandlord);
});
afterEach(() => h.close());

describe('adding staff', () => {
  it('opens an account with a one-time password for the chosen houses; the staff member then works there', async () => {
    const added = await addStaff(
      actorFor(deps, landlord),
      staffInput({ houseIDs: [hoaSen.houseID, binhAn.houseID, hoaSen.houseID] }),
    );
    expect(added).toMatchObject({
      username: 'baotran',
      fullName: 'Trần Văn Bảo',
      phoneNumber: '0977111222',
      mustChangePassword: true,
      houses: [
        { houseID: hoaSen.houseID, houseName: 'Nhà trọ Hoa Sen' },
        { houseID: binhAn.houseID, houseName: 'Nhà trọ Bình An' },
      ],
    });
    expect(added.oneTimePassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await readHouse(deps, hoaSen.houseID))?.staffIDs).toEqual([added.userID]);
    expect((await readHouse(deps, binhAn.houseID))?.staffIDs).toEqual([added.userID]);

    const session = await login(deps, { username: 'baotran', password: added.oneTimePassword }, TEST_ORIGIN);
    expect(session).toMatchObject({ mustChangePassword: true, role: { roleID: 3 } });
    expect(session.houses.map((house) => house.houseName)).toEqual(['Nhà trọ Bình An', 'Nhà trọ Hoa Sen']);
    const stored = await findUser(deps, added.userID);
    expect(stored?.passwordHash).not.toContain(added.oneTimePassword);
    const [entry] = (await auditEntries(deps)).filter((audit) => audit.entity === 'staff');
    expect(entry).toMatchObject({ action: 'create', entityID: added.userID, userID: landlord.userID });
    expect(JSON.stringify(entry)).not.toContain(added.oneTimePassword);
  });

  it('refuses another landlord’s house (404, nothing opened) and a taken username (409)', async () => {
    await expectRefusal(
      addStaff(actorFor(deps, landlord), staffInput({ houseIDs: [hoaSen.houseID, otherHouse.houseID] })),
      'notFound',
      /Không tìm thấy/,
    );
    expect(await findUserByUsername(deps, 'baotran')).toBeUndefined();
    expect((await readHouse(deps, hoaSen.houseID))?.staffIDs).toEqual([]);

    await expectRefusal(
      addStaff(actorFor(deps, landlord), staffInput({ username: landlord.username })),
      'conflict',
      'Tên đăng nhập đã được sử dụng.',
    );
    expect((await readHouse(deps, hoaSen.houseID))?.staffIDs).toEqual([]);
  });

  it('only a landlord adds, lists or disables staff (403)', async () => {
    const staff = await aStaff(deps, { houses: [hoaSen] });
    const actor = actorFor(deps, staff);
    await expectRefusal(addStaff(actor, staffInput()), 'forbidden', /quyền/);
    await expectRefusal(listHouseStaff(actor, hoaSen.houseID), 'forbidden', /quyền/);
    await expectRefusal(disableStaff(actor, staff.userID), 'forbidden', /quyền/);
  });

  it('bad input: a Vietnamese message naming each field', () => {
    const result = staffCreateSchema.safeParse({
      fullName: '',
      phoneNumber: '123',
      username: 'có dấu cách',
      houseIDs: [],
      email: 'x',
      roleID: 2,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual(
      expect.arrayContaining([
        { field: 'fullName', errorMessage: 'Họ tên không được để trống!' },
        {
          field: 'phoneNumber',
          errorMessage: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
        },
        { field: 'username', errorMessage: STAFF_MESSAGES.username },
        { field: 'houseIDs', errorMessage: STAFF_MESSAGES.housesRequired },
        { field: 'email', errorMessage: 'Email không hợp lệ.' },
        { field: 'roleID', errorMessage: 'Trường "roleID" không tồn tại.' },
      ]),
    );
  });
});

describe('listing staff', () => {
  it('a house’s enabled staff by name, each with the caller’s houses they work in', async () => {
    const actor = actorFor(deps, landlord);
    const an = await addStaff(
      actor,
      staffInput({ fullName: 'Lê Thị An', username: 'an.le', houseIDs: [hoaSen.houseID] }),
    );
    const bao = await addStaff(actor, staffInput({ houseIDs: [binhAn.houseID, hoaSen.houseID] }));
    await addStaff(
      actor,
      staffInput({ fullName: 'Chỉ Bình An', username: 'chibinhan', houseIDs: [binhAn.houseID] }),
    );
    const list = await listHouseStaff(actor, hoaSen.houseID);
    expect(list.map((member) => [member.username, member.houses.map((house) => house.houseName)])).toEqual([
      ['an.le', ['Nhà trọ Hoa Sen']],
      ['baotran', ['Nhà trọ Bình An', 'Nhà trọ Hoa Sen']],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/oneTimePassword|passwordHash/);
    await disableStaff(actor, an.userID);
    expect((await listHouseStaff(actor, hoaSen.houseID)).map((member) => member.userID)).toEqual([
      bao.userID,
    ]);
  });

  it('another landlord’s house: 404; a missing or malformed houseID: 400 naming it', async () => {
    await expectRefusal(
      listHouseStaff(actorFor(deps, landlord), otherHouse.houseID),
      'notFound',
      /Không tìm thấy/,
    );
    const missing = await expectRefusal(
      listHouseStaff(actorFor(deps, landlord), undefined),
      'badRequest',
      STAFF_MESSAGES.houseIDRequired,
    );
    expect(missing.details.fieldErrors).toEqual([
      { field: 'houseID', errorMessage: STAFF_MESSAGES.houseIDRequired },
    ]);
    const malformed = await expectRefusal(
      listHouseStaff(actorFor(deps, landlord), 'x'),
      'badRequest',
      /houseID/,
    );
    expect(malformed.details.fieldErrors?.[0]?.field).toBe('houseID');
  });
});

describe('disabling staff', () => {
  it('ends every session at once, leaves the houses, and the account can no longer sign in', async () => {
    const actor = actorFor(deps, landlord);
    const added = await addStaff(actor, staffInput({ houseIDs: [hoaSen.houseID, binhAn.houseID] }));
    const session = await login(deps, { username: 'baotran', password: added.oneTimePassword }, TEST_ORIGIN);
    const bearer = `Bearer ${session.token.accessToken}`;
    expect((await authenticate(deps, bearer)).userID).toBe(added.userID);

    expect(await disableStaff(actor, added.userID)).toEqual({ userID: added.userID });
    await expectRefusal(authenticate(deps, bearer), 'unauthenticated', /hết hạn/);
    const sessions = await deps.store.container<SessionDoc>('sessions').query({ partitionKey: added.userID });
    expect(sessions.items.map((item) => [item.revoked, item.revokedReason])).toEqual([[true, 'disabled']]);
    expect((await readHouse(deps, hoaSen.houseID))?.staffIDs).toEqual([]);
    expect((await readHouse(deps, binhAn.houseID))?.staffIDs).toEqual([]);
    await expectRefusal(
      login(deps, { username: 'baotran', password: added.oneTimePassword }, TEST_ORIGIN),
      'unauthenticated',
      /vô hiệu hóa/,
    );
    expect(await listHouseSummaries(deps, { ...actor.user, userID: added.userID, roleID: 3 })).toEqual([]);
    // Disabled already: nothing left to disable.
    await expectRefusal(disableStaff(actor, added.userID), 'notFound', STAFF_MESSAGES.notFound);
  });

  it('another landlord’s staff, a landlord or an unknown id: 404; a malformed id: 400 naming userID', async () => {
    const theirs = await aStaff(deps, { houses: [otherHouse] });
    const actor = actorFor(deps, landlord);
    await expectRefusal(disableStaff(actor, theirs.userID), 'notFound', STAFF_MESSAGES.notFound);
    await expectRefusal(disableStaff(actor, otherLandlord.userID), 'notFound', STAFF_MESSAGES.notFound);
    await expectRefusal(disableStaff(actor, 'a1b2c3d4e5f6'), 'notFound', STAFF_MESSAGES.notFound);
    expect((await findUser(deps, theirs.userID))?.disabled).toBe(false);
    const malformed = await expectRefusal(
      disableStaff(actor, '../x'),
      'badRequest',
      STAFF_MESSAGES.userIDInvalid,
    );
    expect(malformed.details.fieldErrors).toEqual([
      { field: 'userID', errorMessage: STAFF_MESSAGES.userIDInvalid },
    ]);
  });
});

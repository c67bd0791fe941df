import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeeDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { HOUSE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listInHouse, readHouse } from '../../api/src/useCases/shared/houseScope.js';
import { createHouse, getHouse, listHouses, updateHouse } from '../../api/src/useCases/houses.js';
import { listHouseSummaries } from '../../api/src/useCases/shared/houseSummaries.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, aSuperAdmin } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';

const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await aLandlord(deps);
});
afterEach(() => h.close());

async function houseNames(user: UserDoc): Promise<string[]> {
  const page = await listHouses(actorFor(deps, user), odata(HOUSE_MODEL));
  return page.value.map((house) => house['houseName'] as string).sort();
}

describe('createHouse', () => {
  it('creates the house for the caller with its electricity and water fees and records it', async () => {
    const created = await createHouse(actorFor(deps, landlord), {
      houseName: 'Nhà trọ Hoa Mai',
      houseAddress: '12 Lê Lợi, Quận 1',
    });
    const houseID = created['houseID'] as string;
    expect(created).toMatchObject({ houseName: 'Nhà trọ Hoa Mai', createdOn: h.clock.now().toISOString() });
    expect(created).not.toHaveProperty('ownerID');
    expect((await readHouse(deps, houseID))?.ownerID).toBe(landlord.userID);
    const fees = await listInHouse<FeeDoc>(deps, houseID, 'service');
    expect(fees.map((fee) => fee.unit).sort()).toEqual(['kWh', 'm3']);
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'create',
        entity: 'house',
        entityID: houseID,
        houseID,
        userID: landlord.userID,
        at: h.clock.now().toISOString(),
      }),
    ]);
  });
});

describe('who sees which house', () => {
  let mine: HouseDoc;
  let second: HouseDoc;
  let theirs: HouseDoc;

  beforeEach(async () => {
    mine = await aHouse(deps, landlord, { houseName: 'A Hoa Sen' });
    second = await aHouse(deps, landlord, { houseName: 'B Bình An' });
    theirs = await aHouse(deps, await aLandlord(deps), { houseName: 'C Gò Vấp' });
  });

  it('a landlord lists only their own houses and cannot open another landlord’s', async () => {
    expect(await houseNames(landlord)).toEqual(['A Hoa Sen', 'B Bình An']);
    await expectRefusal(
      getHouse(actorFor(deps, landlord), theirs.houseID, odata(HOUSE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('staff see the houses assigned to them only', async () => {
    const staff = await aStaff(deps, { houses: [second] });
    expect(await houseNames(staff)).toEqual(['B Bình An']);
    await expectRefusal(
      getHouse(actorFor(deps, staff), mine.houseID, odata(HOUSE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('a lessee sees the house they live in only', async () => {
    const room = await aRoom(deps, mine);
    const lessee = await aLessee(deps, { house: mine, room, contract: await aContract(deps, room) });
    expect(await houseNames(lessee)).toEqual(['A Hoa Sen']);
    await expectRefusal(
      getHouse(actorFor(deps, lessee), second.houseID, odata(HOUSE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('the super admin manages no house', async () => {
    const admin = await aSuperAdmin(deps);
    expect(await houseNames(admin)).toEqual([]);
    expect(await listHouseSummaries(deps, actorFor(deps, admin).user)).toEqual([]);
  });

  it('house summaries carry whether the landlord’s details are complete', async () => {
    const complete = await aLandlord(deps, { lessorInfo: { status: 1, fullName: 'Trần Văn Bình' } });
    const house = await aHouse(deps, complete, { houseName: 'D Đà Lạt' });
    const staff = await aStaff(deps, { houses: [house, mine] });
    expect(await listHouseSummaries(deps, actorFor(deps, staff).user)).toEqual([
      {
        houseID: mine.houseID,
        houseName: 'A Hoa Sen',
        houseAddress: mine.houseAddress,
        lessorInfo: { status: 2 },
      },
      {
        houseID: house.houseID,
        houseName: 'D Đà Lạt',
        houseAddress: house.houseAddress,
        lessorInfo: { status: 1 },
      },
    ]);
  });
});

describe('updateHouse', () => {
  it('changes name and address and records it', async () => {
    const house = await aHouse(deps, landlord);
    const updated = await updateHouse(actorFor(deps, landlord), house.houseID, { houseName: 'Nhà trọ Mới' });
    expect(updated).toMatchObject({ houseName: 'Nhà trọ Mới', houseAddress: house.houseAddress });
    expect(await auditEntries(deps)).toEqual([
      expect.objectContaining({
        action: 'update',
        entity: 'house',
        entityID: house.houseID,
        userID: landlord.userID,
      }),
    ]);
  });

  it('fails with the store’s precondition error on a stale ETag', async () => {
    const house = await aHouse(deps, landlord, { houseName: 'Cũ' });
    await updateHouse(actorFor(deps, landlord), house.houseID, { houseName: 'Một' }, house._etag);
    const error = await updateHouse(
      actorFor(deps, landlord),
      house.houseID,
      { houseName: 'Hai' },
      house._etag,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // A client's If-Match naming an older version is refused before anything is written.
    expect(error).toMatchObject({ kind: 'stale', errorMessage: STALE });
    expect((await readHouse(deps, house.houseID))?.houseName).toBe('Một');
  });

  it('treats another landlord’s house as not found and leaves it unchanged', async () => {
    const house = await aHouse(deps, landlord, { houseName: 'Của tôi' });
    const stranger = await aLandlord(deps);
    await expectRefusal(
      updateHouse(actorFor(deps, stranger), house.houseID, { houseName: 'Chiếm' }),
      'notFound',
      NOT_FOUND,
    );
    expect((await readHouse(deps, house.houseID))?.houseName).toBe('Của tôi');
    expect(await auditEntries(deps)).toEqual([]);
  });
});

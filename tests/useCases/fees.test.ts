import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeeDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { FEE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { createFee, deleteFee, listFees, updateFee } from '../../api/src/useCases/fees.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aContract, aFee, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const CANNOT_DELETE_METERED = 'Không thể xóa dịch vụ điện hoặc nước: mỗi nhà trọ luôn cần hai dịch vụ này.';
const CANNOT_CHANGE_METERED_UNIT = 'Không thể đổi đơn vị tính của dịch vụ điện hoặc nước.';

const STALE = 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
});
afterEach(() => h.close());

async function fees(): Promise<FeeDoc[]> {
  return (await listInHouse<FeeDoc>(deps, house.houseID, 'service')).sort((a, b) =>
    a.serviceName.localeCompare(b.serviceName, 'vi'),
  );
}

async function metered(unit: 'kWh' | 'm3'): Promise<FeeDoc> {
  const fee = (await fees()).find((item) => item.unit === unit);
  if (!fee) throw new Error(`the house has no ${unit} fee`);
  return fee;
}

describe('metered fees (Điện, Nước)', () => {
  it('come with every house', async () => {
    expect((await fees()).map(({ serviceName, unit, price }) => ({ serviceName, unit, price }))).toEqual([
      { serviceName: 'Điện', unit: 'kWh', price: 3_500 },
      { serviceName: 'Nước', unit: 'm3', price: 18_000 },
    ]);
  });

  it.each([
    ['kWh', 'Nhà trọ đã có dịch vụ tính theo số điện (kWh). Hãy sửa giá của dịch vụ đó.'],
    ['m3', 'Nhà trọ đã có dịch vụ tính theo số nước (m³). Hãy sửa giá của dịch vụ đó.'],
  ] as const)('a second %s fee is refused', async (unit, message) => {
    await expectRefusal(
      createFee(actorFor(deps, landlord), {
        houseID: house.houseID,
        serviceName: 'Điện 2',
        price: 4_000,
        unit,
      }),
      'conflict',
      message,
    );
    expect(await fees()).toHaveLength(2);
  });

  it.each(['kWh', 'm3'] as const)('the %s fee cannot be deleted', async (unit) => {
    const fee = await metered(unit);
    await expectRefusal(
      deleteFee(actorFor(deps, landlord), fee.serviceID),
      'conflict',
      CANNOT_DELETE_METERED,
    );
    expect(await fees()).toHaveLength(2);
  });

  it.each([
    ['kWh', 'person'],
    ['m3', 'room'],
    ['kWh', 'm3'],
  ] as const)('the %s fee cannot change its unit to %s', async (from, to) => {
    const fee = await metered(from);
    await expectRefusal(
      updateFee(actorFor(deps, landlord), fee.serviceID, { unit: to }),
      'conflict',
      CANNOT_CHANGE_METERED_UNIT,
    );
    expect((await metered(from)).serviceID).toBe(fee.serviceID);
  });

  it('their price and name may change', async () => {
    const fee = await metered('kWh');
    const updated = await updateFee(actorFor(deps, landlord), fee.serviceID, { price: 3_800, unit: 'kWh' });
    expect(updated).toMatchObject({ serviceName: 'Điện', price: 3_800, unit: 'kWh' });
  });

  it('electricity may follow the national tiers; no other fee can', async () => {
    const fee = await metered('kWh');
    const tiered = await updateFee(actorFor(deps, landlord), fee.serviceID, { pricing: 'tiered' });
    expect(tiered).toMatchObject({ unit: 'kWh', pricing: 'tiered' });
    const water = await metered('m3');
    await expectRefusal(
      updateFee(actorFor(deps, landlord), water.serviceID, { pricing: 'tiered' }),
      'badRequest',
      'Chỉ giá điện (kWh) mới tính được theo bậc thang.',
    );
    await expectRefusal(
      createFee(actorFor(deps, landlord), {
        houseID: house.houseID,
        serviceName: 'Wifi',
        price: 100_000,
        unit: 'room',
        pricing: 'tiered',
      }),
      'badRequest',
      'Chỉ giá điện (kWh) mới tính được theo bậc thang.',
    );
    expect(
      (await listInHouse<FeeDoc>(deps, house.houseID, 'service')).map((doc) => doc.serviceName),
    ).not.toContain('Wifi');
  });

  it('another fee cannot become a second electricity fee', async () => {
    const wifi = await aFee(deps, house, { serviceName: 'Wifi', unit: 'room' });
    await expectRefusal(
      updateFee(actorFor(deps, landlord), wifi.serviceID, { unit: 'kWh' }),
      'conflict',
      'Nhà trọ đã có dịch vụ tính theo số điện (kWh).',
    );
  });
});

describe('other fees', () => {
  it('are created, changed and deleted with audit entries naming the actor', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createFee(actor, {
      houseID: house.houseID,
      serviceName: 'Rác',
      price: 30_000,
      unit: 'room',
    });
    h.clock.advance(1000);
    await updateFee(actor, created['serviceID'] as string, { price: 40_000, unit: 'person' });
    h.clock.advance(1000);
    await deleteFee(actor, created['serviceID'] as string);
    expect((await fees()).map((fee) => fee.serviceName)).toEqual(['Điện', 'Nước']);
    expect(
      (await auditEntries(deps)).map(({ action, entity, entityID, userID }) => ({
        action,
        entity,
        entityID,
        userID,
      })),
    ).toEqual(
      ['create', 'update', 'delete'].map((action) => ({
        action,
        entity: 'service',
        entityID: created['serviceID'],
        userID: landlord.userID,
      })),
    );
  });

  it('fail with the store’s precondition error on a stale ETag', async () => {
    const fee = await aFee(deps, house, { price: 50_000 });
    await updateFee(actorFor(deps, landlord), fee.serviceID, { price: 60_000 }, fee._etag);
    const error = await updateFee(actorFor(deps, landlord), fee.serviceID, { price: 70_000 }, fee._etag).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    // A client's If-Match naming an older version is refused before anything is written.
    expect(error).toMatchObject({ kind: 'stale', errorMessage: STALE });
    expect((await fees()).find((item) => item.serviceID === fee.serviceID)?.price).toBe(60_000);
  });
});

describe('who sees and changes fees', () => {
  it('another landlord finds neither the house nor its fees', async () => {
    const stranger = actorFor(deps, await aLandlord(deps));
    const fee = await aFee(deps, house);
    await expectRefusal(
      createFee(stranger, { houseID: house.houseID, serviceName: 'Xe', price: 100_000, unit: 'vehicle' }),
      'notFound',
      NOT_FOUND,
    );
    await expectRefusal(updateFee(stranger, fee.serviceID, { price: 1 }), 'notFound', NOT_FOUND);
    await expectRefusal(deleteFee(stranger, fee.serviceID), 'notFound', NOT_FOUND);
    await expectRefusal(
      listFees(stranger, { houseID: house.houseID }, odata(FEE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
    expect(await fees()).toHaveLength(3);
  });

  it('a lessee sees their own house’s fees without naming it', async () => {
    const room = await aRoom(deps, house);
    const lessee = await aLessee(deps, { house, room, contract: await aContract(deps, room) });
    const page = await listFees(actorFor(deps, lessee), {}, odata(FEE_MODEL));
    expect(page.value.map((fee) => fee['houseID'])).toEqual([house.houseID, house.houseID]);
    expect(page.value.map((fee) => fee['unit']).sort()).toEqual(['kWh', 'm3']);
  });

  it('staff see the fees of assigned houses only', async () => {
    const other = await aHouse(deps, landlord);
    const staff = actorFor(deps, await aStaff(deps, { houses: [house] }));
    expect((await listFees(staff, { houseID: house.houseID }, odata(FEE_MODEL))).value).toHaveLength(2);
    await expectRefusal(listFees(staff, { houseID: other.houseID }, odata(FEE_MODEL)), 'notFound', NOT_FOUND);
  });
});

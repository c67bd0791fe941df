import { toFieldErrors, vehicleCreateSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  RoomDoc,
  UserDoc,
  VehicleDoc,
} from '../../api/src/domain/shared/model.js';
import { VEHICLE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  createVehicle,
  deleteVehicle,
  listVehicles,
  updateVehicle,
} from '../../api/src/useCases/vehicles.js';
import { aContract, aLandlord, aLessee, aRoom } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse());
  room = await aRoom(deps, house);
  contract = await aContract(deps, room);
});
afterEach(() => h.close());

describe('vehicle payloads', () => {
  it.each(['59-X3 123.45', '51F-123.45', '29A12345', '59x312345', '30E-567.89'])(
    'accepts the plate %s',
    (plate) => {
      expect(vehicleCreateSchema.safeParse({ vehicleType: 'Xe máy', licensePlate: plate }).success).toBe(
        true,
      );
    },
  );

  it.each(['ABC', '5-X3 123.45', '59-X3 12'])('refuses the plate %s in Vietnamese', (plate) => {
    const result = vehicleCreateSchema.safeParse({ vehicleType: 'Xe máy', licensePlate: plate });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toContainEqual({
        field: 'licensePlate',
        errorMessage: 'Biển số xe không đúng định dạng (ví dụ 59-X3 123.45 hoặc 51F-123.45).',
      });
    }
  });

  it('a bicycle needs no plate; a motorbike does', () => {
    expect(vehicleCreateSchema.safeParse({ vehicleType: 'Xe đạp' }).success).toBe(true);
    const motorbike = vehicleCreateSchema.safeParse({ vehicleType: 'Xe máy' });
    expect(motorbike.success).toBe(false);
    if (!motorbike.success) {
      expect(toFieldErrors(motorbike.error)).toContainEqual({
        field: 'licensePlate',
        errorMessage: 'Biển số xe không được để trống!',
      });
    }
  });

  it('names the allowed types', () => {
    const result = vehicleCreateSchema.safeParse({ vehicleType: 'Máy bay', licensePlate: '29A12345' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)[0]?.errorMessage).toBe(
        'Loại xe phải là một trong: Xe máy, Xe đạp, Ô tô, Xe điện.',
      );
    }
  });
});

describe('vehicles of a contract', () => {
  it('registers a vehicle with an audit entry and lists it', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createVehicle(actor, contract.contractID, {
      vehicleType: 'Xe máy',
      licensePlate: '59-x3 123.45',
    });
    expect(created).toMatchObject({
      vehicleType: 'Xe máy',
      licensePlate: '59-X3 123.45',
      contractID: contract.contractID,
    });
    const listed = await listVehicles(actor, { contractID: contract.contractID }, odata(VEHICLE_MODEL));
    expect(listed.value.map((vehicle) => vehicle.vehicleID)).toEqual([created.vehicleID]);
    expect(await auditEntries(deps)).toContainEqual(
      expect.objectContaining({ action: 'create', entity: 'vehicle', entityID: created.vehicleID }),
    );
  });

  it('a plate is registered once per house, whatever the separators', async () => {
    const actor = actorFor(deps, landlord);
    await createVehicle(actor, contract.contractID, { vehicleType: 'Xe máy', licensePlate: '59-X3 123.45' });
    const other = await aContract(deps, await aRoom(deps, house));
    await expectRefusal(
      createVehicle(actor, other.contractID, { vehicleType: 'Xe máy', licensePlate: '59X312345' }),
      'conflict',
      'Biển số 59X312345 đã được đăng ký trong nhà trọ này.',
    );
    const scooter = await createVehicle(actor, other.contractID, {
      vehicleType: 'Xe điện',
      licensePlate: '59-X3 999.99',
    });
    await expectRefusal(
      updateVehicle(actor, scooter.vehicleID as string, { licensePlate: '59-X3 123.45' }),
      'conflict',
      'Biển số 59-X3 123.45 đã được đăng ký trong nhà trọ này.',
    );
  });

  it('the owner must live under the same contract; taking the plate off a motorbike is refused', async () => {
    const actor = actorFor(deps, landlord);
    await expectRefusal(
      createVehicle(actor, contract.contractID, { vehicleType: 'Xe đạp', lesseeInfoID: 'someone-else-1234' }),
      'badRequest',
      'Người thuê này không thuộc hợp đồng của xe.',
    );
    const bike = await createVehicle(actor, contract.contractID, {
      vehicleType: 'Xe máy',
      licensePlate: '51F-123.45',
    });
    await expectRefusal(
      updateVehicle(actor, bike.vehicleID as string, { licensePlate: '' }),
      'badRequest',
      'Biển số xe không được để trống!',
    );
    await deleteVehicle(actor, bike.vehicleID as string);
    expect(await houseDocs<VehicleDoc>(deps).read(house.houseID, bike.vehicleID as string)).toBeUndefined();
  });

  it('a lessee lists their own contract’s vehicles only; another landlord gets notFound', async () => {
    const actor = actorFor(deps, landlord);
    await createVehicle(actor, contract.contractID, { vehicleType: 'Xe máy', licensePlate: '59-X3 123.45' });
    const other = await aContract(deps, await aRoom(deps, house));
    const tenant = actorFor(deps, await aLessee(deps, { house, room, contract }));
    expect((await listVehicles(tenant, {}, odata(VEHICLE_MODEL))).value).toHaveLength(1);
    await expectRefusal(
      listVehicles(tenant, { contractID: other.contractID }, odata(VEHICLE_MODEL)),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(
      createVehicle(stranger, contract.contractID, { vehicleType: 'Xe đạp' }),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
  });
});

import { randomUUID } from 'node:crypto';
import type {
  ContractDoc,
  FeeDoc,
  HouseDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  MeterRecordDoc,
  RoomDoc,
  VehicleDoc,
} from '../../api/src/domain/shared/model.js';
import type { Store } from '../../api/src/store/store.js';

/**
 * A landlord's houses full of active tenancies, written straight to the store: per contract a room,
 * one or two occupants, the month's electricity and water readings, and for every third a motorbike
 * with its parking fee. Half the houses bill electricity by the national tiers.
 */
export async function writeBillingWorld(
  store: Store,
  options: { ownerID: string; houses: number; contractsPerHouse: number; month: string; createdOn: string },
): Promise<string[]> {
  const container = store.container<HouseScopedDoc>('houses');
  const houseIDs: string[] = [];
  for (let h = 0; h < options.houses; h += 1) {
    const houseID = randomUUID();
    houseIDs.push(houseID);
    const docs: HouseScopedDoc[] = [];
    const house: HouseDoc = {
      id: houseID,
      pk: houseID,
      type: 'house',
      houseID,
      houseName: `Nhà trọ đo tải ${h + 1}`,
      houseAddress: `${h + 1} Võ Văn Ngân, TP. Thủ Đức`,
      ownerID: options.ownerID,
      staffIDs: [],
      createdOn: options.createdOn,
      billingDay: 5,
    };
    docs.push(house);
    const fee = (serviceName: string, price: number, unit: FeeDoc['unit'], tiered = false): FeeDoc => {
      const serviceID = randomUUID();
      return {
        id: serviceID,
        pk: houseID,
        type: 'service',
        serviceID,
        houseID,
        serviceName,
        price,
        unit,
        ...(tiered ? { pricing: 'tiered' as const } : {}),
      };
    };
    const electricity = fee('Điện', 3_500, 'kWh', h % 2 === 1);
    const water = fee('Nước', 18_000, 'm3');
    const garbage = fee('Phí rác', 30_000, 'room');
    const parking = fee('Gửi xe máy', 100_000, 'vehicle');
    docs.push(electricity, water, garbage, parking);
    for (let c = 0; c < options.contractsPerHouse; c += 1) {
      const roomID = randomUUID();
      const contractID = randomUUID();
      const floor = Math.floor(c / 25) + 1;
      const roomName = `P${floor}${String((c % 25) + 1).padStart(2, '0')}`;
      const room: RoomDoc = {
        id: roomID,
        pk: houseID,
        type: 'room',
        roomID,
        houseID,
        roomName,
        roomDescription: 'Phòng có gác lửng',
        acreage: 20,
        floor,
        price: 3_000_000,
        status: 'occupied',
        currentElectricityIndex: 1_320,
        currentWaterIndex: 148,
        images: [],
        createdOn: options.createdOn,
      };
      const representativeID = randomUUID();
      const contract: ContractDoc = {
        id: contractID,
        pk: houseID,
        type: 'contract',
        contractID,
        houseID,
        roomID,
        status: 1,
        createdOn: options.createdOn,
        // Every tenth started mid-month: its first bill is prorated.
        startDate: c % 10 === 0 ? `${options.month}-16` : '2026-01-01',
        endDate: '2027-12-31',
        rentFee: 3_000_000,
        deposit: 3_000_000,
        representativeLesseeID: representativeID,
      };
      const person = (lesseeInfoID: string, index: number, isRepresentative: boolean): LesseeInfoDoc => ({
        id: lesseeInfoID,
        pk: houseID,
        type: 'lesseeInfo',
        lesseeInfoID,
        houseID,
        contractID,
        roomID,
        occupantName: `Người thuê ${h + 1}-${c + 1}-${index}`,
        gender: index % 2 === 0 ? 1 : 0,
        phoneNumber: `09${String(h * 100_000 + c * 10 + index).padStart(8, '0')}`,
        citizenID: `0792030${String(h * 100_000 + c * 10 + index).padStart(5, '0')}`,
        dateOfBirth: '2003-05-14',
        isRepresentative,
        status: 1,
      });
      docs.push(room, contract, person(representativeID, 0, true));
      if (c % 2 === 0) docs.push(person(randomUUID(), 1, false));
      const garbageID = randomUUID();
      docs.push({
        id: garbageID,
        pk: houseID,
        type: 'contractService',
        contractServiceID: garbageID,
        houseID,
        contractID,
        serviceID: garbage.serviceID,
        createdOn: options.createdOn,
      });
      if (c % 3 === 0) {
        const vehicleID = randomUUID();
        const vehicle: VehicleDoc = {
          id: vehicleID,
          pk: houseID,
          type: 'vehicle',
          vehicleID,
          houseID,
          contractID,
          licensePlate: `59X${h}-${String(c).padStart(5, '0')}`,
          vehicleType: 'Xe máy',
        };
        const parkingID = randomUUID();
        docs.push(vehicle, {
          id: parkingID,
          pk: houseID,
          type: 'contractService',
          contractServiceID: parkingID,
          houseID,
          contractID,
          serviceID: parking.serviceID,
          vehicleID,
          createdOn: options.createdOn,
        });
      }
      const reading = (
        kind: 'electricity' | 'water',
        previousIndex: number,
        usage: number,
      ): MeterRecordDoc => {
        const meterRecordID = `${roomID}_${kind === 'electricity' ? 'e' : 'w'}_${options.month}`;
        return {
          id: meterRecordID,
          pk: houseID,
          type: 'meterRecord',
          meterRecordID,
          houseID,
          roomID,
          roomName,
          floor,
          kind,
          month: options.month,
          meterID: randomUUID(),
          previousIndex,
          newIndex: previousIndex + usage,
          usage,
          recordedBy: options.ownerID,
          recordedByName: 'Nhân viên ghi số',
          recordedOn: options.createdOn,
        };
      };
      docs.push(reading('electricity', 1_200, 80 + (c % 170)), reading('water', 140, 4 + (c % 9)));
    }
    for (let start = 0; start < docs.length; start += 100) {
      await container.batch(
        houseID,
        docs.slice(start, start + 100).map((doc) => ({ op: 'create' as const, doc })),
      );
    }
  }
  return houseIDs;
}

import {
  contractCreateSchema,
  contractTerminateSchema,
  contractUpdateSchema,
  LESSEE_NOTES_PLACEHOLDER,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  ReservationDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { CONTRACT_CHANGE_MODEL, CONTRACT_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { verifyPassword } from '../../api/src/useCases/shared/passwords.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { expireContracts, updateContract } from '../../api/src/useCases/contracts/changing.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { listContractChanges, getContract, listContracts } from '../../api/src/useCases/contracts/reading.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { createIssue } from '../../api/src/useCases/issues.js';
import { reserveRoom } from '../../api/src/useCases/reservations.js';
import { findUserByUsername } from '../../api/src/useCases/shared/users.js';
import { aFee, aLandlord, aRoom } from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';
import { outboxMessages } from '../support/notificationBuilders.js';
import { tenantConfirms } from '../support/tenancyLinks.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') }));
  room = await aRoom(deps, house, { price: 3_100_000 });
});
afterEach(() => h.close());

function contractFor(roomID: string, change: Record<string, unknown> = {}) {
  return contractCreateSchema.parse({
    roomID,
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    deposit: 3_000_000,
    representative: {
      occupantName: 'Nguyễn Thị Lan',
      gender: 'nữ',
      phoneNumber: '0901234567',
      citizenID: '079301001234',
    },
    occupants: [{ occupantName: 'Trần Văn Nam', gender: 'nam' }],
    vehicles: [{ vehicleType: 'Xe máy', licensePlate: '59-X3 123.45', ownerIndex: 1 }],
    ...change,
  });
}

async function roomStatus(roomID = room.roomID) {
  return (await houseDocs<RoomDoc>(deps).read(house.houseID, roomID))?.status;
}

describe('creating a contract', () => {
  it('writes the contract, occupants, vehicle and services, fills the room; the tenant’s account opens when they confirm', async () => {
    const parking = await aFee(deps, house, { serviceName: 'Gửi xe máy', unit: 'vehicle' });
    const actor = actorFor(deps, landlord);
    const created = await createContract(
      actor,
      contractFor(room.roomID, { services: [{ serviceID: parking.serviceID, vehicleIndex: 0 }] }),
    );
    expect(created).toMatchObject({ status: 1, rentFee: 3_100_000, deposit: 3_000_000, roomID: room.roomID });
    expect(created.representativeAccount).toEqual({
      username: '0901234567',
      linkPending: true,
      sentTo: '•••••••567',
      expiresOn: expect.any(String),
    });
    expect(JSON.stringify(created)).not.toMatch(/oneTimePassword|password/i);
    // No account until the person confirms the code sent to their number, with a password of their own.
    expect(await findUserByUsername(deps, '0901234567')).toBeUndefined();
    expect(created).toMatchObject({ accountLinkPending: true });
    await tenantConfirms(deps, created.contractID as string, 'NguoiThue2027');
    const user = await findUserByUsername(deps, '0901234567');
    expect(user).toMatchObject({ roleID: 4, contractID: created.contractID, roomID: room.roomID });
    expect(user?.mustChangePassword).toBeUndefined();
    expect(await verifyPassword('NguoiThue2027', user?.passwordHash ?? '')).toBe(true);
    const linked = await houseDocs<ContractDoc>(deps).read(house.houseID, created.contractID as string);
    expect(linked).toMatchObject({ lesseeAccountID: user?.userID });
    expect(linked?.accountLinkPending).toBeUndefined();
    expect(await roomStatus()).toBe('occupied');

    const full = await getContract(
      actor,
      created.contractID as string,
      odata(CONTRACT_MODEL, '$expand=lesseeInfors,vehicles,contractServices,room,renterRepresentative'),
    );
    const people = full.lesseeInfors as Array<{
      occupantName: string;
      isRepresentative: boolean;
      lesseeInfoID: string;
    }>;
    expect(people.map((person) => [person.occupantName, person.isRepresentative])).toEqual([
      ['Nguyễn Thị Lan', true],
      ['Trần Văn Nam', false],
    ]);
    const vehicles = full.vehicles as Array<{ lesseeInfoID: string; vehicleID: string }>;
    expect(vehicles[0]?.lesseeInfoID).toBe(
      people.find((person) => person.occupantName === 'Trần Văn Nam')?.lesseeInfoID,
    );
    expect(full.contractServices).toEqual([
      expect.objectContaining({ serviceID: parking.serviceID, vehicleID: vehicles[0]?.vehicleID }),
    ]);
    expect(full.room).toMatchObject({ roomID: room.roomID });
    expect(full.renterRepresentative).toMatchObject({ occupantName: 'Nguyễn Thị Lan' });
  });

  it('occupants without notes get the placeholder (spec §3); written notes are kept, trimmed', async () => {
    const created = await createContract(
      actorFor(deps, landlord),
      contractFor(room.roomID, {
        occupants: [
          { occupantName: 'Trần Văn Nam', gender: 'nam', notes: '  Làm ca đêm  ' },
          { occupantName: 'Lê Thị Hoa', gender: 'nữ', notes: '   ' },
        ],
        vehicles: [],
      }),
    );
    const people = await listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo', {
      op: 'eq',
      field: 'contractID',
      value: created.contractID as string,
    });
    expect(Object.fromEntries(people.map((person) => [person.occupantName, person.notes]))).toEqual({
      'Nguyễn Thị Lan': LESSEE_NOTES_PLACEHOLDER,
      'Trần Văn Nam': 'Làm ca đêm',
      'Lê Thị Hoa': LESSEE_NOTES_PLACEHOLDER,
    });
  });

  it("expands a contract's monthly bills and issue reports (spec §3), newest first, only its own", async () => {
    const actor = actorFor(deps, landlord);
    const created = await createContract(actor, contractFor(room.roomID));
    const other = await createContract(
      actor,
      contractFor((await aRoom(deps, house)).roomID, {
        representative: { occupantName: 'B', gender: 1, phoneNumber: '0912222333' },
        vehicles: [],
      }),
    );
    const bill = (contractID: string, month: string): MonthlyBillDoc => {
      const monthlyBillID = `${contractID}_${month}`;
      return {
        id: monthlyBillID,
        pk: house.houseID,
        type: 'monthlyBill',
        monthlyBillID,
        houseID: house.houseID,
        roomID: room.roomID,
        contractID,
        houseTicketID: `${house.houseID}_${month}`,
        month,
        billName: `Hóa đơn tháng ${month}`,
        billCode: billCode(monthlyBillID),
        createdOn: `${month}-05T02:00:00.000Z`,
        dueDate: `${month}-15`,
        total: 3_100_000,
        paidAmount: 0,
        status: 1,
        billDetails: [
          { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_100_000, amount: 3_100_000 },
        ],
        payments: [],
      };
    };
    for (const doc of [
      bill(created.contractID as string, '2026-12'),
      bill(created.contractID as string, '2027-01'),
      bill(other.contractID as string, '2026-12'),
    ]) {
      await houseDocs<MonthlyBillDoc>(deps).create(doc);
    }
    await tenantConfirms(deps, created.contractID as string, 'NguoiThue2026');
    const tenant = actorFor(deps, (await findUserByUsername(deps, '0901234567')) as UserDoc);
    await createIssue(tenant, { title: 'Vòi nước rỉ', description: 'Vòi nước bồn rửa bị rỉ.', images: [] });

    for (const caller of [actor, tenant]) {
      const full = await getContract(
        caller,
        created.contractID as string,
        odata(CONTRACT_MODEL, '$expand=monthlyBills,issues'),
      );
      const bills = full.monthlyBills as Array<{ month: string; billDetails: unknown[] }>;
      expect(bills.map((each) => each.month)).toEqual(['2027-01', '2026-12']);
      expect(bills[0]?.billDetails).toHaveLength(1);
      expect((full.issues as Array<{ title: string; status: number }>).map((issue) => issue.title)).toEqual([
        'Vòi nước rỉ',
      ]);
    }
    const theirs = await getContract(
      actor,
      other.contractID as string,
      odata(CONTRACT_MODEL, '$expand=issues'),
    );
    expect(theirs.issues).toEqual([]);

    // The phone number signs a new tenancy in another room: once its owner confirms the code sent to it,
    // the account opens the new one. The tenant still lists the old contract (same house), but its bills
    // and issues only the landlord sees, as on their own endpoints.
    await terminateContract(
      actor,
      contractTerminateSchema.parse({
        contractID: created.contractID,
        terminationDate: '2027-01-31',
        reason: 'Chuyển sang phòng khác',
      }),
    );
    const next = await createContract(
      actor,
      contractFor((await aRoom(deps, house)).roomID, {
        startDate: '2027-02-01',
        endDate: '2028-01-31',
        vehicles: [],
      }),
    );
    await houseDocs<MonthlyBillDoc>(deps).create(bill(next.contractID as string, '2027-02'));
    await tenantConfirms(deps, next.contractID as string, 'NguoiThue2027');
    const movedOn = actorFor(deps, (await findUserByUsername(deps, '0901234567')) as UserDoc);
    const listed = await listContracts(movedOn, {}, odata(CONTRACT_MODEL, '$expand=monthlyBills,issues'));
    const expanded = Object.fromEntries(
      listed.value.map((contract) => [
        contract.contractID as string,
        {
          months: (contract.monthlyBills as Array<{ month: string }>).map((each) => each.month),
          issues: (contract.issues as unknown[]).length,
        },
      ]),
    );
    expect(expanded).toEqual({
      [created.contractID as string]: { months: [], issues: 0 },
      [next.contractID as string]: { months: ['2027-02'], issues: 0 },
    });
    const landlordView = await listContracts(
      actor,
      { houseID: house.houseID },
      odata(CONTRACT_MODEL, '$expand=monthlyBills'),
    );
    expect(
      (
        landlordView.value.find((contract) => contract.contractID === created.contractID)
          ?.monthlyBills as unknown[]
      ).length,
    ).toBe(2);
  });

  it('one active contract per room (409), and the second attempt writes nothing', async () => {
    const actor = actorFor(deps, landlord);
    await createContract(actor, contractFor(room.roomID));
    await expectRefusal(
      createContract(
        actor,
        contractFor(room.roomID, {
          representative: { occupantName: 'Khác', gender: 1, phoneNumber: '0911111111' },
        }),
      ),
      'conflict',
      'Phòng đang có hợp đồng hiệu lực. Mỗi phòng chỉ có một hợp đồng hiệu lực.',
    );
    expect(await listInHouse(deps, house.houseID, 'contract')).toHaveLength(1);
    expect(await findUserByUsername(deps, '0911111111')).toBeUndefined();
  });

  it('a reserved room is contracted only from its reservation, whose deposit carries over', async () => {
    const actor = actorFor(deps, landlord);
    const reservation = await reserveRoom(actor, {
      roomID: room.roomID,
      fullName: 'Nguyễn Thị Lan',
      phoneNumber: '0901234567',
      deposit: 2_500_000,
      expectedMoveInDate: '2026-12-01',
    });
    const { deposit: _deposit, ...withoutDeposit } = contractFor(room.roomID);
    await expectRefusal(
      createContract(actor, withoutDeposit),
      'conflict',
      'Phòng đã được đặt cọc: hãy tạo hợp đồng từ khoản cọc đó (hoặc hủy cọc trước).',
    );
    const created = await createContract(actor, {
      ...withoutDeposit,
      reservationID: reservation.reservationID as string,
    });
    expect(created).toMatchObject({
      deposit: 2_500_000,
      deposited: true,
      reservationID: reservation.reservationID,
    });
    const [held] = await listInHouse<ReservationDoc>(deps, house.houseID, 'reservation');
    expect(held?.status).toBe('contracted');
  });

  it('a phone number that is a landlord’s username: the contract is made, the account untouched, a code sent', async () => {
    const owner = await aLandlord(deps, { username: '0901234567', fullName: 'Chủ Trọ Khác' });
    const created = await createContract(actorFor(deps, landlord), contractFor(room.roomID));
    expect(created.representativeAccount).toEqual({
      username: '0901234567',
      linkPending: true,
      sentTo: '•••••••567',
      expiresOn: expect.any(String),
    });
    expect(created).toMatchObject({ accountLinkPending: true });
    expect(JSON.stringify(created)).not.toContain('Chủ Trọ Khác');
    expect(await findUserByUsername(deps, '0901234567')).toEqual(owner);
    expect(await roomStatus()).toBe('occupied');
  });

  it('two contracts on one room at once: one is written, the other leaves nothing behind', async () => {
    const actor = actorFor(deps, landlord);
    const attempts = await Promise.allSettled([
      createContract(actor, contractFor(room.roomID, { vehicles: [] })),
      createContract(
        actor,
        contractFor(room.roomID, {
          vehicles: [],
          representative: { occupantName: 'Lý Văn Tư', gender: 'nam', phoneNumber: '0902222333' },
        }),
      ),
    ]);
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(['fulfilled', 'rejected']);
    const contracts = await listInHouse(deps, house.houseID, 'contract');
    expect(contracts).toHaveLength(1);
    expect(await listInHouse(deps, house.houseID, 'tenancyLink')).toHaveLength(1);
    expect(await outboxMessages(deps, 'tenancyLinkCode')).toHaveLength(1);
  });

  it('an end date before the start is refused by the payload', () => {
    const result = contractCreateSchema.safeParse({ ...contractFor(room.roomID), endDate: '2026-11-30' });
    expect(result.success).toBe(false);
  });
});

describe('changing and ending a contract', () => {
  it('an extension and a new rent are kept in the history; an empty change writes nothing', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createContract(actor, contractFor(room.roomID));
    const id = created.contractID as string;
    await updateContract(
      actor,
      id,
      contractUpdateSchema.parse({
        endDate: '2028-05-31',
        rentFee: 3_300_000,
        rentFromMonth: '2027-01',
        reason: 'Gia hạn',
      }),
    );
    const history = await listContractChanges(actor, { contractID: id }, odata(CONTRACT_CHANGE_MODEL));
    expect(
      history.value.map((change) => [change.field, change.oldValue, change.newValue, change.reason]),
    ).toEqual(
      expect.arrayContaining([
        ['endDate', '2027-11-30', '2028-05-31', 'Gia hạn'],
        ['rentFee (từ tháng 01/2027)', 3_100_000, 3_300_000, 'Gia hạn'],
      ]),
    );
    expect(history.value[0]).toMatchObject({ changedBy: landlord.userID, changedByName: landlord.fullName });
    await updateContract(actor, id, { endDate: '2028-05-31' });
    expect(
      (await listContractChanges(actor, { contractID: id }, odata(CONTRACT_CHANGE_MODEL))).value,
    ).toHaveLength(2);
    await expectRefusal(
      updateContract(actor, id, { endDate: '2026-11-01' }),
      'badRequest',
      'Ngày kết thúc phải sau ngày bắt đầu.',
    );
  });

  it('terminating early records the settlement, empties the room and refuses a second end', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createContract(actor, contractFor(room.roomID, { rentFee: 3_000_000 }));
    const ended = await terminateContract(
      actor,
      contractTerminateSchema.parse({
        contractID: created.contractID,
        terminationDate: '2027-02-14',
        reason: 'Chuyển công tác',
        damageCharges: 200_000,
      }),
    );
    // February 2027 has 28 days: 14 days of 3,000,000 đ = 1,500,000 đ.
    expect(ended).toMatchObject({
      status: 3,
      terminatedOn: '2027-02-14',
      settlement: {
        deposit: 3_000_000,
        proratedRent: 1_500_000,
        damageCharges: 200_000,
        unpaidCharges: 0,
        refund: 1_300_000,
      },
    });
    expect(await roomStatus()).toBe('empty');
    await expectRefusal(
      terminateContract(actor, {
        contractID: created.contractID as string,
        terminationDate: '2027-02-15',
        reason: 'x',
        damageCharges: 0,
      }),
      'conflict',
      'Hợp đồng không còn hiệu lực.',
    );
  });

  it('a termination date outside the term is refused naming the field', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createContract(actor, contractFor(room.roomID));
    const error = await expectRefusal(
      terminateContract(actor, {
        contractID: created.contractID as string,
        terminationDate: '2028-01-01',
        reason: 'x',
        damageCharges: 0,
      }),
      'badRequest',
      'Ngày kết thúc sớm phải nằm trong thời hạn hợp đồng.',
    );
    expect(error.details.fieldErrors?.[0]?.field).toBe('terminationDate');
  });
});

describe('who sees contracts', () => {
  it('the new tenant lists only their own contract; another landlord gets notFound', async () => {
    const actor = actorFor(deps, landlord);
    const mine = await createContract(actor, contractFor(room.roomID));
    const other = await aRoom(deps, house);
    await createContract(
      actor,
      contractFor(other.roomID, {
        representative: { occupantName: 'B', gender: 1, phoneNumber: '0912222333' },
        vehicles: [],
      }),
    );
    await tenantConfirms(deps, mine.contractID as string, 'NguoiThue2026');
    const tenant = actorFor(deps, (await findUserByUsername(deps, '0901234567')) as UserDoc);
    const seen = await listContracts(tenant, {}, odata(CONTRACT_MODEL));
    expect(seen.value.map((contract) => contract.contractID)).toEqual([mine.contractID]);
    expect(
      (await listContracts(actor, { houseID: house.houseID }, odata(CONTRACT_MODEL))).value,
    ).toHaveLength(2);
    const stranger = actorFor(deps, await aLandlord(deps));
    await expectRefusal(
      getContract(stranger, mine.contractID as string, odata(CONTRACT_MODEL)),
      'notFound',
      'Không tìm thấy dữ liệu yêu cầu.',
    );
  });
});

describe('the nightly expiry', () => {
  it('marks contracts past their end date expired; extending one makes it active again', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createContract(
      actor,
      contractFor(room.roomID, { startDate: '2026-01-01', endDate: '2026-11-22' }),
    );
    const current = await createContract(
      actor,
      contractFor((await aRoom(deps, house)).roomID, {
        representative: { occupantName: 'C', gender: 1, phoneNumber: '0913333444' },
        vehicles: [],
      }),
    );
    expect(await expireContracts(deps)).toBe(1);
    const expired = await getContract(actor, created.contractID as string, odata(CONTRACT_MODEL));
    expect(expired.status).toBe(2);
    expect((await getContract(actor, current.contractID as string, odata(CONTRACT_MODEL))).status).toBe(1);
    expect(await roomStatus()).toBe('occupied');
    const history = await listContractChanges(
      actor,
      { contractID: created.contractID as string },
      odata(CONTRACT_CHANGE_MODEL),
    );
    expect(history.value[0]).toMatchObject({
      field: 'status',
      oldValue: 1,
      newValue: 2,
      changedBy: 'system',
    });
    const extended = await updateContract(actor, created.contractID as string, { endDate: '2027-05-31' });
    expect(extended.status).toBe(1);
    expect(await expireContracts(deps)).toBe(0);
  });
});

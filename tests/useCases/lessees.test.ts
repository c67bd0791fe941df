import {
  lesseeCreateSchema,
  lesseeUpdateSchema,
  LESSEE_NOTES_PLACEHOLDER,
  toFieldErrors,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  RoomDoc,
  UserDoc,
  VehicleDoc,
} from '../../api/src/domain/shared/model.js';
import { LESSEE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import {
  createLessee,
  deleteLessee,
  getLessee,
  listLessees,
  updateLessee,
} from '../../api/src/useCases/lessees.js';
import { createVehicle } from '../../api/src/useCases/vehicles.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, PNG_BYTES } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  odata,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-23T03:00:00Z') }));
  room = await aRoom(deps, house);
  contract = await aContract(deps, room, { representativeLesseeID: '' });
});
afterEach(() => h.close());

const tuan = {
  occupantName: 'Lê Minh Tuấn',
  gender: 1 as const,
  phoneNumber: '0987654321',
  citizenID: '079203004567',
};

function payload(input: Record<string, unknown>) {
  const parsed = lesseeCreateSchema.safeParse(input);
  if (!parsed.success) throw new Error(JSON.stringify(toFieldErrors(parsed.error)));
  return parsed.data;
}

async function stored(lesseeInfoID: string) {
  return houseDocs<LesseeInfoDoc>(deps).read(house.houseID, lesseeInfoID);
}

describe('lessee payloads', () => {
  it.each([
    [{ citizenID: '12345' }, 'citizenID', 'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).'],
    [
      { phoneNumber: '0123456789' },
      'phoneNumber',
      'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
    ],
    [{ dateOfBirth: '2003-02-30' }, 'dateOfBirth', 'Ngày sinh không hợp lệ (định dạng yyyy-mm-dd).'],
    [{ occupantName: '  ' }, 'occupantName', 'Họ tên không được để trống!'],
    [{ nickname: 'x' }, undefined, expect.any(String)],
  ])('refuses %j naming the field in Vietnamese', (change, field, message) => {
    const result = lesseeCreateSchema.safeParse({ contractID: contract.contractID, ...tuan, ...change });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = toFieldErrors(result.error);
    expect(errors).toContainEqual(
      field ? { field, errorMessage: message } : expect.objectContaining({ errorMessage: message }),
    );
  });

  it("reads the spec's gender text: 'nam' is 1, anything else 0", () => {
    expect(payload({ contractID: contract.contractID, occupantName: 'A', gender: 'Nam' }).gender).toBe(1);
    expect(payload({ contractID: contract.contractID, occupantName: 'B', gender: 'nữ' }).gender).toBe(0);
  });

  it('needs a room or a contract', () => {
    const result = lesseeCreateSchema.safeParse(tuan);
    expect(result.success).toBe(false);
  });

  it('accepts the old 9-digit CMND', () => {
    expect(payload({ contractID: contract.contractID, ...tuan, citizenID: '025123456' }).citizenID).toBe(
      '025123456',
    );
  });
});

describe('creating occupants', () => {
  it('the first occupant of a contract becomes its representative, with an audit entry', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    expect(created).toMatchObject({
      occupantName: 'Lê Minh Tuấn',
      isRepresentative: true,
      status: 1,
      roomID: room.roomID,
    });
    expect(created).not.toHaveProperty('searchText');
    const reread = await houseDocs<ContractDoc>(deps).read(house.houseID, contract.contractID);
    expect(reread?.representativeLesseeID).toBe(created.lesseeInfoID);
    expect(await auditEntries(deps)).toContainEqual(
      expect.objectContaining({
        action: 'create',
        entity: 'lesseeInfo',
        entityID: created.lesseeInfoID,
        userID: landlord.userID,
      }),
    );
  });

  it('a new occupant without notes gets the placeholder (spec §3); written notes are kept', async () => {
    const actor = actorFor(deps, landlord);
    const created = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    expect(created.notes).toBe(LESSEE_NOTES_PLACEHOLDER);
    const written = await createLessee(
      actor,
      payload({ contractID: contract.contractID, ...tuan, citizenID: '079301009999', notes: 'Em của Tuấn' }),
    );
    expect(written.notes).toBe('Em của Tuấn');
  });

  it("a room's active contract takes the occupant when only the room is given", async () => {
    const created = await createLessee(actorFor(deps, landlord), payload({ roomID: room.roomID, ...tuan }));
    expect(created.contractID).toBe(contract.contractID);
  });

  it('a room without an active contract refuses (409) and writes nothing', async () => {
    const empty = await aRoom(deps, house);
    await expectRefusal(
      createLessee(actorFor(deps, landlord), payload({ roomID: empty.roomID, ...tuan })),
      'conflict',
      'Phòng này chưa có hợp đồng hiệu lực. Hãy tạo hợp đồng trước khi thêm người thuê.',
    );
    expect(await auditEntries(deps)).toEqual([]);
  });

  it.each([
    [{ dateOfBirth: '2027-01-01' }, 'dateOfBirth', 'Ngày sinh không được ở tương lai.'],
    [{ dateOfIssue: '2026-11-24' }, 'dateOfIssue', 'Ngày cấp không được ở tương lai.'],
    [{ dateOfBirth: '2003-05-14', dateOfIssue: '2001-01-01' }, 'dateOfIssue', 'Ngày cấp phải sau ngày sinh.'],
    [
      { residentialStartDate: '2026-09-01', residentialEndDate: '2026-08-01' },
      'residentialEndDate',
      'Ngày kết thúc tạm trú phải sau ngày bắt đầu.',
    ],
  ])('refuses dates that make no sense: %j', async (dates, field, message) => {
    const error = await expectRefusal(
      createLessee(actorFor(deps, landlord), payload({ contractID: contract.contractID, ...tuan, ...dates })),
      'badRequest',
      message,
    );
    expect(error.details.fieldErrors).toEqual([{ field, errorMessage: message }]);
  });

  it('today is a valid birth date in Vietnam time', async () => {
    const created = await createLessee(
      actorFor(deps, landlord),
      payload({ contractID: contract.contractID, ...tuan, dateOfBirth: '2026-11-23' }),
    );
    expect(created.dateOfBirth).toBe('2026-11-23');
  });

  it('naming a new representative moves the role from the previous one', async () => {
    const actor = actorFor(deps, landlord);
    const first = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    const second = await createLessee(
      actor,
      payload({
        contractID: contract.contractID,
        occupantName: 'Trần Thị Hoa',
        gender: 'nữ',
        isRepresentative: true,
      }),
    );
    expect(second.isRepresentative).toBe(true);
    expect((await stored(first.lesseeInfoID as string))?.isRepresentative).toBe(false);
    expect(
      (await houseDocs<ContractDoc>(deps).read(house.houseID, contract.contractID))?.representativeLesseeID,
    ).toBe(second.lesseeInfoID);
  });

  it('identity photos must be this house’s PNG or JPEG uploads; a refused one is deleted', async () => {
    const actor = actorFor(deps, landlord);
    const otherHouse = `${'x'.repeat(8)}/lessee-1795460149832-abcdef.png`;
    const refused = await expectRefusal(
      createLessee(actor, payload({ contractID: contract.contractID, ...tuan, portraitImage: otherHouse })),
      'badRequest',
      'Tên tệp ảnh không hợp lệ.',
    );
    expect(refused.details.fieldErrors?.[0]?.field).toBe('portraitImage');
    const pdfName = `${house.houseID}/lessee-1795460149832-abcdef.png`;
    h.blobs.put('lessee-infor', pdfName, new TextEncoder().encode('%PDF-1.7 not an image'));
    await expectRefusal(
      createLessee(actor, payload({ contractID: contract.contractID, ...tuan, portraitImage: pdfName })),
      'badRequest',
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(await h.blobs.blobExists('lessee-infor', pdfName)).toBe(false);
    const pngName = `${house.houseID}/lessee-1795460149833-abcdeg.png`;
    h.blobs.put('lessee-infor', pngName, PNG_BYTES);
    const created = await createLessee(
      actor,
      payload({ contractID: contract.contractID, ...tuan, portraitImage: pngName }),
    );
    const read = await getLessee(actor, created.lesseeInfoID as string, odata(LESSEE_MODEL));
    expect(read.imageURLs).toEqual([
      {
        blobName: pngName,
        url: expect.stringContaining(pngName),
        thumbnailURL: expect.stringContaining(`${pngName}.thumb.jpg`),
      },
    ]);
  });
});

describe('changing and removing occupants', () => {
  it('the representative cannot be unset or deleted while no one else holds the role', async () => {
    const actor = actorFor(deps, landlord);
    const rep = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    await expectRefusal(
      updateLessee(actor, rep.lesseeInfoID as string, { isRepresentative: false }),
      'conflict',
      'Hợp đồng cần đúng một người đại diện. Hãy chọn người đại diện khác, người này sẽ tự động thôi làm đại diện.',
    );
    await expectRefusal(
      deleteLessee(actor, rep.lesseeInfoID as string),
      'conflict',
      'Không thể xóa người đại diện của hợp đồng. Hãy chọn người đại diện khác trước khi xóa.',
    );
    expect(await stored(rep.lesseeInfoID as string)).toBeDefined();
  });

  it('another occupant can be edited, found by search without accents, and deleted', async () => {
    const actor = actorFor(deps, landlord);
    await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    const hoa = await createLessee(
      actor,
      payload({ contractID: contract.contractID, occupantName: 'Trần Thị Hoa', gender: 0 }),
    );
    const edited = await updateLessee(
      actor,
      hoa.lesseeInfoID as string,
      lesseeUpdateSchema.parse({
        occupantName: 'Trần Thị Hòa',
        phoneNumber: '0912345678',
        residentialAddress: 'Phòng P102, 12 Võ Văn Ngân, TP. Thủ Đức',
      }),
    );
    expect(edited).toMatchObject({
      occupantName: 'Trần Thị Hòa',
      phoneNumber: '0912345678',
      residentialAddress: 'Phòng P102, 12 Võ Văn Ngân, TP. Thủ Đức',
      isRepresentative: false,
    });
    const found = await listLessees(
      actor,
      { houseID: house.houseID, search: 'tran thi hoa' },
      odata(LESSEE_MODEL),
    );
    expect(found.value.map((lessee) => lessee.occupantName)).toEqual(['Trần Thị Hòa']);
    const byPhone = await listLessees(actor, { houseID: house.houseID, search: '0912' }, odata(LESSEE_MODEL));
    expect(byPhone.value).toHaveLength(1);
    await deleteLessee(actor, hoa.lesseeInfoID as string);
    expect(await stored(hoa.lesseeInfoID as string)).toBeUndefined();
  });

  it('`$expand=vehicles` gives the vehicles of that occupant (the representative also owns unassigned ones)', async () => {
    const actor = actorFor(deps, landlord);
    const rep = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    const hoa = await createLessee(
      actor,
      payload({ contractID: contract.contractID, occupantName: 'Trần Thị Hoa', gender: 0 }),
    );
    await createVehicle(actor, contract.contractID, { vehicleType: 'Xe máy', licensePlate: '59-X3 123.45' });
    await createVehicle(actor, contract.contractID, {
      vehicleType: 'Xe đạp',
      lesseeInfoID: hoa.lesseeInfoID as string,
    });
    const repRead = await getLessee(
      actor,
      rep.lesseeInfoID as string,
      odata(LESSEE_MODEL, '$expand=vehicles'),
    );
    expect(
      (repRead.vehicles as Array<{ licensePlate: string }>).map((vehicle) => vehicle.licensePlate),
    ).toEqual(['59-X3 123.45']);
    const hoaRead = await getLessee(
      actor,
      hoa.lesseeInfoID as string,
      odata(LESSEE_MODEL, '$expand=vehicles'),
    );
    expect(hoaRead.vehicles).toEqual([expect.objectContaining({ vehicleType: 'Xe đạp' })]);
  });

  it('deleting an occupant keeps their vehicle with the contract, owned by the representative', async () => {
    const actor = actorFor(deps, landlord);
    const rep = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    const hoa = await createLessee(
      actor,
      payload({ contractID: contract.contractID, occupantName: 'Trần Thị Hoa', gender: 0 }),
    );
    const bike = await createVehicle(actor, contract.contractID, {
      vehicleType: 'Xe đạp',
      lesseeInfoID: hoa.lesseeInfoID as string,
    });
    await deleteLessee(actor, hoa.lesseeInfoID as string);
    const kept = await houseDocs<VehicleDoc>(deps).read(house.houseID, bike.vehicleID as string);
    expect(kept).toMatchObject({ contractID: contract.contractID, vehicleType: 'Xe đạp' });
    expect(kept?.lesseeInfoID).toBeUndefined();
    const repRead = await getLessee(
      actor,
      rep.lesseeInfoID as string,
      odata(LESSEE_MODEL, '$expand=vehicles'),
    );
    expect(repRead.vehicles).toEqual([expect.objectContaining({ vehicleID: bike.vehicleID })]);
  });
});

describe('who may see occupants', () => {
  it('a lessee sees only the occupants of their own contract', async () => {
    const actor = actorFor(deps, landlord);
    const mine = await createLessee(actor, payload({ contractID: contract.contractID, ...tuan }));
    const otherRoom = await aRoom(deps, house);
    const otherContract = await aContract(deps, otherRoom, { representativeLesseeID: '' });
    const neighbour = await createLessee(
      actor,
      payload({ contractID: otherContract.contractID, occupantName: 'Hàng xóm', gender: 1 }),
    );
    const tenant = actorFor(deps, await aLessee(deps, { house, room, contract }));
    const seen = await listLessees(tenant, {}, odata(LESSEE_MODEL));
    expect(seen.value.map((lessee) => lessee.lesseeInfoID)).toEqual([mine.lesseeInfoID]);
    await expectRefusal(
      getLessee(tenant, neighbour.lesseeInfoID as string, odata(LESSEE_MODEL)),
      'notFound',
      NOT_FOUND,
    );
  });

  it('another landlord and unassigned staff get notFound, and nothing changes', async () => {
    const rep = await createLessee(
      actorFor(deps, landlord),
      payload({ contractID: contract.contractID, ...tuan }),
    );
    const stranger = actorFor(deps, await aLandlord(deps));
    const otherHouse = await aHouse(deps, landlord);
    const staff = actorFor(deps, await aStaff(deps, { houses: [otherHouse] }));
    for (const actor of [stranger, staff]) {
      await expectRefusal(
        getLessee(actor, rep.lesseeInfoID as string, odata(LESSEE_MODEL)),
        'notFound',
        NOT_FOUND,
      );
      await expectRefusal(
        updateLessee(actor, rep.lesseeInfoID as string, { occupantName: 'X' }),
        'notFound',
        NOT_FOUND,
      );
      await expectRefusal(
        createLessee(actor, payload({ contractID: contract.contractID, occupantName: 'Y', gender: 1 })),
        'notFound',
        NOT_FOUND,
      );
      await expectRefusal(
        listLessees(actor, { houseID: house.houseID }, odata(LESSEE_MODEL)),
        'notFound',
        NOT_FOUND,
      );
    }
    expect((await stored(rep.lesseeInfoID as string))?.occupantName).toBe('Lê Minh Tuấn');
  });
});

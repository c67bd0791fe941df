// Residence registration on time (issue 27 §1): the deadline follows from the move-in date (a lưu trú
// notice the same day for a stay under 30 days, tạm trú by day 29 otherwise), the landlord sees who is
// due or overdue, gets one reminder three days before and one on the day, records the declaration,
// and prints the CT01 form prefilled.
import { lesseeCreateSchema, MESSAGES, residenceDeclarationSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  OutboxMessageDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { createLessee, getLessee, updateLessee } from '../../api/src/useCases/lessees.js';
import { LESSEE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { ct01Pdf } from '../../api/src/useCases/residence/ct01.js';
import { residenceDeadlines } from '../../api/src/useCases/residence/deadlines.js';
import { declareResidence } from '../../api/src/useCases/residence/declaring.js';
import { writeResidenceReminders } from '../../api/src/useCases/residence/reminders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, PNG_BYTES } from '../support/builders.js';
import { pdfText } from '../support/pdfText.js';
import { readXlsx } from '../support/xlsx.js';
import { temporaryResidenceList } from '../../api/src/useCases/lesseeSheets/temporaryResidence.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  refusal,
  landlordWithHouse,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

/** The clock at 08:00 in Vietnam on `day` (when the daily reminders run). */
function morningOf(day: string): void {
  h.clock.set(new Date(`${day}T08:00:00+07:00`));
}

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-03-01T01:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room, { startDate: '2026-03-01', endDate: '2027-02-28' });
});
afterEach(async () => {
  await h.close();
});

async function anOccupant(fields: Record<string, unknown> = {}): Promise<LesseeInfoDoc> {
  const created = await createLessee(
    actorFor(deps, landlord),
    lesseeCreateSchema.parse({
      contractID: contract.contractID,
      occupantName: 'Trần Thị Hồng',
      gender: 0,
      citizenID: '079190001234',
      dateOfBirth: '1995-04-12',
      phoneNumber: '0912345678',
      ...fields,
    }),
  );
  return created as unknown as LesseeInfoDoc;
}

const declaration = (lesseeInfoID: string, change: Record<string, unknown> = {}) =>
  residenceDeclarationSchema.parse({ lesseeInfoID, method: 'vneid', declaredOn: '2026-03-05', ...change });

describe('deadlines', () => {
  it('a stay of 30 days or more: tạm trú due on day 29 after moving in, counted down, then overdue', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-10');
    const [due] = await residenceDeadlines(actorFor(deps, landlord), house.houseID);
    expect(due).toMatchObject({
      lesseeInfoID: person.lesseeInfoID,
      occupantName: 'Trần Thị Hồng',
      roomName: 'P101',
      kind: 'tamTru',
      moveInDate: '2026-03-01',
      dueDate: '2026-03-30',
      daysLeft: 20,
      state: 'upcoming',
    });
    morningOf('2026-03-30');
    expect((await residenceDeadlines(actorFor(deps, landlord), house.houseID))[0]).toMatchObject({
      daysLeft: 0,
      state: 'dueToday',
    });
    morningOf('2026-04-02');
    expect((await residenceDeadlines(actorFor(deps, landlord), house.houseID))[0]).toMatchObject({
      daysLeft: -3,
      state: 'overdue',
    });
  });

  it('a stay under 30 days: a lưu trú notice due the day the person moves in', async () => {
    await anOccupant({ residentialStartDate: '2026-03-01', residentialEndDate: '2026-03-20' });
    morningOf('2026-03-01');
    const [due] = await residenceDeadlines(actorFor(deps, landlord), house.houseID);
    expect(due).toMatchObject({ kind: 'luuTru', dueDate: '2026-03-01', daysLeft: 0, state: 'dueToday' });
  });

  it('a stay of exactly 30 days is tạm trú; 29 days is lưu trú; without a residence start the contract start counts', async () => {
    const thirty = await anOccupant({
      occupantName: 'Ba Mươi',
      residentialStartDate: '2026-03-01',
      residentialEndDate: '2026-03-31',
    });
    const twentyNine = await anOccupant({
      occupantName: 'Hai Chín',
      residentialStartDate: '2026-03-01',
      residentialEndDate: '2026-03-30',
    });
    const fromContract = await anOccupant({ occupantName: 'Theo Hợp Đồng' });
    const byID = new Map(
      (await residenceDeadlines(actorFor(deps, landlord), house.houseID)).map((d) => [d.lesseeInfoID, d]),
    );
    expect(byID.get(thirty.lesseeInfoID)?.kind).toBe('tamTru');
    expect(byID.get(twentyNine.lesseeInfoID)?.kind).toBe('luuTru');
    expect(byID.get(fromContract.lesseeInfoID)).toMatchObject({
      moveInDate: '2026-03-01',
      dueDate: '2026-03-30',
    });
  });

  it('declared, moved-out people and those of ended contracts are not listed; the most urgent comes first', async () => {
    const declared = await anOccupant({ occupantName: 'Đã Khai', residentialStartDate: '2026-03-01' });
    const late = await anOccupant({ occupantName: 'Trễ Hạn', residentialStartDate: '2026-02-01' });
    const soon = await anOccupant({ occupantName: 'Sắp Hạn', residentialStartDate: '2026-03-01' });
    const left = await anOccupant({ occupantName: 'Đã Đi', residentialStartDate: '2026-03-01' });
    await updateLessee(actorFor(deps, landlord), left.lesseeInfoID, { status: 2 });
    const endedRoom = await aRoom(deps, house);
    const ended = await aContract(deps, endedRoom, { startDate: '2026-03-01' });
    await createLessee(
      actorFor(deps, landlord),
      lesseeCreateSchema.parse({ contractID: ended.contractID, occupantName: 'Hợp Đồng Cũ', gender: 1 }),
    );
    await houseDocs<ContractDoc>(deps).replace({ ...ended, status: 3 });
    morningOf('2026-03-05');
    await declareResidence(actorFor(deps, landlord), declaration(declared.lesseeInfoID));
    const list = await residenceDeadlines(actorFor(deps, landlord), house.houseID);
    expect(list.map((d) => d.lesseeInfoID)).toEqual([late.lesseeInfoID, soon.lesseeInfoID]);
    expect(list[0]).toMatchObject({ dueDate: '2026-03-02', daysLeft: -3, state: 'overdue' });
  });

  it('another landlord gets 404, a tenant 403, staff of the house reads the list', async () => {
    await anOccupant();
    const other = await aLandlord(deps);
    await aHouse(deps, other);
    await expectRefusal(
      residenceDeadlines(actorFor(deps, other), house.houseID),
      'notFound',
      MESSAGES.notFound,
    );
    const tenant = await aLessee(deps, { house, room, contract });
    await expectRefusal(
      residenceDeadlines(actorFor(deps, tenant), house.houseID),
      'forbidden',
      MESSAGES.forbidden,
    );
    const staff = await aStaff(deps, { houses: [house] });
    expect(await residenceDeadlines(actorFor(deps, staff), house.houseID)).toHaveLength(1);
  });
});

describe('declaring', () => {
  it('records the date and the method, audits it, and the person leaves the list', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-06');
    const saved = await declareResidence(
      actorFor(deps, landlord),
      declaration(person.lesseeInfoID, { method: 'police' }),
    );
    expect(saved).toMatchObject({ residenceDeclaredOn: '2026-03-05', residenceMethod: 'police' });
    expect(await residenceDeadlines(actorFor(deps, landlord), house.houseID)).toEqual([]);
    expect(
      (await auditEntries(deps)).some(
        (entry) => entry.action === 'declareResidence' && entry.entityID === person.lesseeInfoID,
      ),
    ).toBe(true);
  });

  it("keeps the receipt's photo, shown on the person's page; a file that is not a photo is refused", async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-06');
    const notPhoto = `${house.houseID}/lessee-1795460149830-abcdea.png`;
    h.blobs.put('lessee-infor', notPhoto, new TextEncoder().encode('%PDF-1.7 not an image'));
    await expectRefusal(
      declareResidence(
        actorFor(deps, landlord),
        declaration(person.lesseeInfoID, { receiptImage: notPhoto }),
      ),
      'badRequest',
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(await residenceDeadlines(actorFor(deps, landlord), house.houseID)).toHaveLength(1);
    const receipt = `${house.houseID}/lessee-1795460149831-abcdeb.png`;
    h.blobs.put('lessee-infor', receipt, PNG_BYTES);
    await declareResidence(
      actorFor(deps, landlord),
      declaration(person.lesseeInfoID, { receiptImage: receipt }),
    );
    const page = await getLessee(actorFor(deps, landlord), person.lesseeInfoID, odata(LESSEE_MODEL));
    expect(page).toMatchObject({ residenceReceiptImage: receipt });
    expect(page.imageURLs).toEqual([
      expect.objectContaining({ blobName: receipt, url: expect.stringContaining(receipt) }),
    ]);
  });

  it('the same declaration sent again changes nothing and is logged once; a different one is logged', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-06');
    const declaredBy = (method: 'police' | 'vneid') =>
      declareResidence(actorFor(deps, landlord), declaration(person.lesseeInfoID, { method }));
    const logged = async () =>
      (await auditEntries(deps)).filter(
        (entry) => entry.action === 'declareResidence' && entry.entityID === person.lesseeInfoID,
      );
    const first = await declaredBy('police');
    const again = await declaredBy('police');
    expect(again).toEqual(first);
    expect(await logged()).toHaveLength(1);
    expect(await declaredBy('vneid')).toMatchObject({ residenceMethod: 'vneid' });
    expect(await logged()).toHaveLength(2);
  });

  it('refuses a date in the future or before moving in, and another landlord, and changes nothing', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-06');
    const future = await refusal(
      declareResidence(
        actorFor(deps, landlord),
        declaration(person.lesseeInfoID, { declaredOn: '2026-03-07' }),
      ),
    );
    expect(future.kind).toBe('badRequest');
    expect(JSON.stringify(future)).toContain('Ngày khai báo không được ở tương lai.');
    const early = await refusal(
      declareResidence(
        actorFor(deps, landlord),
        declaration(person.lesseeInfoID, { declaredOn: '2026-02-27' }),
      ),
    );
    expect(JSON.stringify(early)).toContain('Ngày khai báo không được trước ngày bắt đầu ở.');
    const other = await aLandlord(deps);
    await aHouse(deps, other);
    await expectRefusal(
      declareResidence(actorFor(deps, other), declaration(person.lesseeInfoID)),
      'notFound',
      MESSAGES.notFound,
    );
    expect(await residenceDeadlines(actorFor(deps, landlord), house.houseID)).toHaveLength(1);
  });

  it('the schema names a wrong method in Vietnamese', () => {
    const parsed = residenceDeclarationSchema.safeParse({
      lesseeInfoID: 'abcdef12',
      method: 'fax',
      declaredOn: '2026-03-05',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Hãy chọn cách khai báo: VNeID, Cổng dịch vụ công hoặc tại công an.',
    );
  });
});

describe('reminders to the landlord', () => {
  async function residenceMessages() {
    return (await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage')).filter(
      (m) => m.event === 'residenceDue',
    );
  }

  it('three days before and on the day, once each, to the landlord, naming the people', async () => {
    await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-26');
    expect((await writeResidenceReminders(deps)).written).toBe(0);
    morningOf('2026-03-27');
    expect(await writeResidenceReminders(deps)).toMatchObject({ written: 1, alreadyWritten: 0 });
    expect(await writeResidenceReminders(deps)).toMatchObject({ written: 0, alreadyWritten: 1 });
    morningOf('2026-03-30');
    expect((await writeResidenceReminders(deps)).written).toBe(1);
    const messages = await residenceMessages();
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => m.recipient.userID === landlord.userID)).toBe(true);
    const today = messages.find((m) => m.subject === 'Hôm nay là hạn khai báo cư trú');
    expect(today?.body).toContain('Trần Thị Hồng (phòng P101, đăng ký tạm trú)');
    expect(messages.find((m) => m.subject === 'Sắp đến hạn khai báo cư trú')?.body).toContain(
      '30/03/2026 (còn 3 ngày)',
    );
  });

  it('nothing for a person already declared', async () => {
    const person = await anOccupant({ residentialStartDate: '2026-03-01' });
    morningOf('2026-03-05');
    await declareResidence(actorFor(deps, landlord), declaration(person.lesseeInfoID));
    morningOf('2026-03-27');
    await writeResidenceReminders(deps);
    expect(await residenceMessages()).toEqual([]);
  });
});

describe('the CT01 form', () => {
  it('is prefilled from the saved data, in Vietnamese a text extractor reads back', async () => {
    const person = await anOccupant({
      residentialStartDate: '2026-03-01',
      permanentResidence: 'Xã Hòa Phú, Đắk Lắk',
    });
    morningOf('2026-03-02');
    const { pdf, fileName } = await ct01Pdf(actorFor(deps, landlord), person.lesseeInfoID);
    expect(fileName).toBe('CT01-tran-thi-hong.pdf');
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM',
      'Độc lập - Tự do - Hạnh phúc',
      'TỜ KHAI THAY ĐỔI THÔNG TIN CƯ TRÚ',
      'Thông tư số 66/2023/TT-BCA',
      '1. Họ, chữ đệm và tên: TRẦN THỊ HỒNG',
      '2. Ngày, tháng, năm sinh: 12/04/1995',
      '3. Giới tính: Nữ',
      '4. Số định danh cá nhân',
      '5. Số điện thoại liên hệ: 0912345678',
      `Đăng ký tạm trú tại ${house.houseName}, phòng P101`,
      'từ ngày 01/03/2026 đến ngày 28/02/2027',
      'NGƯỜI KÊ KHAI',
      'ngày 02 tháng 03 năm 2026',
    ])
      expect(text).toContain(expected);
    // The identity number in its twelve boxes, one digit per cell.
    expect(text.replace(/\s/g, '')).toContain('079190001234');
  });

  it('a tenant cannot print it; another landlord gets 404', async () => {
    const person = await anOccupant();
    const tenant = await aLessee(deps, { house, room, contract });
    await expectRefusal(
      ct01Pdf(actorFor(deps, tenant), person.lesseeInfoID),
      'forbidden',
      MESSAGES.forbidden,
    );
    const other = await aLandlord(deps);
    await expectRefusal(ct01Pdf(actorFor(deps, other), person.lesseeInfoID), 'notFound', MESSAGES.notFound);
  });
});

describe('the police list', () => {
  it('lists who left in the last 30 days below the current occupants, with the day they left', async () => {
    await anOccupant({ occupantName: 'Đang Ở', residentialStartDate: '2026-03-01' });
    const leaving = await anOccupant({ occupantName: 'Vừa Đi', residentialStartDate: '2026-03-01' });
    const longGone = await anOccupant({ occupantName: 'Đi Lâu Rồi', residentialStartDate: '2026-03-01' });
    morningOf('2026-05-10');
    await updateLessee(actorFor(deps, landlord), leaving.lesseeInfoID, {
      status: 2,
      residentialEndDate: '2026-05-02',
    });
    await updateLessee(actorFor(deps, landlord), longGone.lesseeInfoID, {
      status: 2,
      residentialEndDate: '2026-04-01',
    });
    const sheet = await readXlsx(
      (await temporaryResidenceList(actorFor(deps, landlord), house.houseID)).content,
    );
    const names = sheet.rows.map((cells) => cells[1]);
    expect(names).toContain('Đang Ở');
    expect(names).not.toContain('Đi Lâu Rồi');
    const heading = sheet.rows.findIndex((cells) => cells[0] === 'NGƯỜI ĐÃ CHUYỂN ĐI TRONG 30 NGÀY QUA');
    expect(heading).toBeGreaterThan(names.indexOf('Đang Ở'));
    expect(sheet.rows[heading + 1]).toEqual([
      1,
      'Vừa Đi',
      '1995-04-12T00:00:00.000Z',
      'Nữ',
      '079190001234',
      '',
      '',
      '',
      '2026-03-01T00:00:00.000Z',
      '2026-05-02T00:00:00.000Z',
      'P101',
    ]);
  });
});

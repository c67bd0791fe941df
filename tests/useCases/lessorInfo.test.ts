import { LESSOR_INFO_MESSAGES, lessorInfoUpdateSchema, toFieldErrors, type LessorInfo } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { isReferenced } from '../../api/src/useCases/shared/blobReferences.js';
import { listHouseSummaries } from '../../api/src/useCases/shared/houseSummaries.js';
import { transferAccountOf } from '../../api/src/useCases/shared/billViews.js';
import { getHouse } from '../../api/src/useCases/houses.js';
import {
  getLessorInfo,
  grantLessorImageUpload,
  updateLessorInfo,
} from '../../api/src/useCases/lessorInfo.js';
import { findUser } from '../../api/src/useCases/shared/users.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { parseODataQuery } from '../../api/src/domain/shared/odata/parse.js';
import { HOUSE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { aHouse, aLandlord, aStaff, PNG_BYTES } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;

const COMPLETE = {
  fullName: 'Võ Thanh Bình',
  phoneNumber: '0911 222 333',
  citizenID: '079090001234',
  address: '5 Đỗ Xuân Hợp, TP. Thủ Đức',
  bankName: 'vietcombank',
  bankAccountNumber: '0071 000 654 321',
};

/** What the endpoint gives the use case: the body parsed by the payload schema. */
function input(body: Record<string, unknown>) {
  return lessorInfoUpdateSchema.parse(body);
}

function errorsOf(body: Record<string, unknown>) {
  const result = lessorInfoUpdateSchema.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error);
}

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await aLandlord(deps, { lessorInfo: { status: 2 } });
});
afterEach(() => h.close());

async function uploadedPhoto(owner: UserDoc = landlord): Promise<string> {
  const grant = await grantLessorImageUpload(actorFor(deps, owner));
  h.blobs.put('lessee-infor', grant.blobName, PNG_BYTES);
  return grant.blobName;
}

describe('completing the lessor info', () => {
  it('status 2 until every required field is there, then 1; fields normalized, account contacts updated', async () => {
    const actor = actorFor(deps, landlord);
    const partial = await updateLessorInfo(actor, input({ fullName: COMPLETE.fullName }));
    expect(partial).toMatchObject({ status: 2, fullName: 'Võ Thanh Bình' });
    expect(partial.missingFields).toEqual([
      'phoneNumber',
      'citizenID',
      'address',
      'bankName',
      'bankAccountNumber',
    ]);

    const done = await updateLessorInfo(actor, input({ ...COMPLETE, email: ' Binh.Vo@Example.COM ' }));
    expect(done).toMatchObject({
      status: 1,
      missingFields: [],
      phoneNumber: '0911222333',
      email: 'binh.vo@example.com',
      bankName: 'Vietcombank',
      bankAccountNumber: '0071000654321',
    });
    const account = await findUser(deps, landlord.userID);
    expect(account).toMatchObject({
      fullName: 'Võ Thanh Bình',
      phoneNumber: '0911222333',
      email: 'binh.vo@example.com',
    });
    // The houses (login reply, house picker) and the bills' QR code follow.
    const house = await aHouse(deps, landlord);
    expect((await listHouseSummaries(deps, actor.user)).map((summary) => summary.lessorInfo)).toEqual([
      { status: 1 },
    ]);
    expect(await transferAccountOf(deps, house)).toEqual({
      bankBin: '970436',
      bankName: 'Vietcombank',
      accountNumber: '0071000654321',
      accountName: 'Võ Thanh Bình',
    });
    const audit = (await auditEntries(deps)).filter((entry) => entry.entity === 'lessorInfo');
    expect(audit.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { fields: ['fullName'], status: 2 },
        {
          fields: ['phoneNumber', 'email', 'citizenID', 'address', 'bankName', 'bankAccountNumber'],
          status: 1,
          completed: true,
        },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain(COMPLETE.citizenID);
  });

  it('a complete account stays complete; a PATCH that changes nothing writes nothing', async () => {
    const actor = actorFor(deps, landlord);
    const done = await updateLessorInfo(actor, input(COMPLETE));
    const again = await updateLessorInfo(actor, input({ fullName: COMPLETE.fullName, bankName: 'VCB' }));
    expect(again['@odata.etag']).toBe(done['@odata.etag']);
    const changed = await updateLessorInfo(actor, input({ bankName: 'Techcombank' }));
    expect(changed).toMatchObject({ status: 1, bankName: 'Techcombank' });
    expect((await auditEntries(deps)).filter((entry) => entry.entity === 'lessorInfo')).toHaveLength(2);
  });

  it('refuses a stale If-Match (412), and only landlords have lessor info (403)', async () => {
    const actor = actorFor(deps, landlord);
    const first = await getLessorInfo(actor);
    await updateLessorInfo(actor, input({ fullName: 'Tên mới' }), first['@odata.etag']);
    await expectRefusal(
      updateLessorInfo(actor, input({ fullName: 'Tên khác' }), first['@odata.etag']),
      'stale',
      /thay đổi/,
    );
    const house = await aHouse(deps, landlord);
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(getLessorInfo(actorFor(deps, staff)), 'forbidden', /quyền/);
    await expectRefusal(updateLessorInfo(actorFor(deps, staff), input(COMPLETE)), 'forbidden', /quyền/);
  });

  it('bad input: a Vietnamese message naming each field', () => {
    expect(
      errorsOf({
        phoneNumber: '12345',
        email: 'không-phải-email',
        citizenID: '123',
        bankName: 'Ngân hàng Mặt Trăng',
        bankAccountNumber: '12-ab',
        status: 1,
        fullName: '   ',
      }),
    ).toEqual(
      expect.arrayContaining([
        {
          field: 'phoneNumber',
          errorMessage: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
        },
        { field: 'email', errorMessage: LESSOR_INFO_MESSAGES.email },
        { field: 'citizenID', errorMessage: 'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).' },
        { field: 'bankName', errorMessage: LESSOR_INFO_MESSAGES.bankUnknown },
        { field: 'bankAccountNumber', errorMessage: LESSOR_INFO_MESSAGES.bankAccountNumber },
        { field: 'status', errorMessage: 'Trường "status" không tồn tại.' },
        { field: 'fullName', errorMessage: 'Họ tên không được để trống!' },
      ]),
    );
  });

  it('two landlords cannot receive on the same account number (the bank feed credits by it): 409', async () => {
    await updateLessorInfo(actorFor(deps, landlord), input(COMPLETE));
    const other = await aLandlord(deps);
    await expectRefusal(
      updateLessorInfo(
        actorFor(deps, other),
        input({ bankName: 'BIDV', bankAccountNumber: '0071000654321' }),
      ),
      'conflict',
      LESSOR_INFO_MESSAGES.bankAccountTaken,
    );
  });
});

describe('identity photos', () => {
  it('uploaded under the landlord’s own name, accepted as PNG, shown to them alone, kept by the nightly sweep', async () => {
    const actor = actorFor(deps, landlord);
    const front = await uploadedPhoto();
    const back = await uploadedPhoto();
    expect(front).toMatch(new RegExp(`^${landlord.userID}/lessor-\\d{13}-[a-z0-9]{6}\\.png$`));
    expect(await isReferenced(deps, 'lessee-infor', front)).toBe(false);

    const saved = await updateLessorInfo(
      actor,
      input({ ...COMPLETE, citizenIDFrontImage: front, citizenIDBackImage: back }),
    );
    expect(saved.imageURLs.map((link) => link.blobName)).toEqual([front, back]);
    expect(saved.imageURLs[0]?.url).toContain('sp=r');
    expect(await isReferenced(deps, 'lessee-infor', front)).toBe(true);
    expect(await isReferenced(deps, 'lessee-infor', back)).toBe(true);

    // Staff and tenants see the landlord through the house without the CCCD number; nobody sees the photos there.
    const house = await aHouse(deps, landlord);
    const staff = await aStaff(deps, { houses: [house] });
    const query = parseODataQuery(new URLSearchParams('$expand=lessorInfo'), HOUSE_MODEL);
    const toStaff = (await getHouse(actorFor(deps, staff), house.houseID, query)).lessorInfo as LessorInfo;
    expect(toStaff).toMatchObject({ status: 1, fullName: 'Võ Thanh Bình' });
    expect(JSON.stringify(toStaff)).not.toMatch(/citizenID|lessor-/);
    const toOwner = (await getHouse(actor, house.houseID, query)).lessorInfo as LessorInfo;
    expect(toOwner.citizenID).toBe(COMPLETE.citizenID);
    expect(JSON.stringify(toOwner)).not.toMatch(/lessor-/);
  });

  it('refuses a name not given to this landlord, a missing upload and a file that is not a PNG (400 naming the field)', async () => {
    const actor = actorFor(deps, landlord);
    const other = await aLandlord(deps);
    const theirs = await uploadedPhoto(other);
    await expectRefusal(
      updateLessorInfo(actor, input({ citizenIDFrontImage: theirs })),
      'badRequest',
      LESSOR_INFO_MESSAGES.imageInvalid,
    );
    const grant = await grantLessorImageUpload(actor);
    const missing = await refusalFields(
      updateLessorInfo(actor, input({ citizenIDBackImage: grant.blobName })),
    );
    expect(missing).toEqual([
      { field: 'citizenIDBackImage', errorMessage: 'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.' },
    ]);
    h.blobs.put(
      'lessee-infor',
      grant.blobName,
      new TextEncoder().encode('<html>không phải ảnh</html>'),
      'text/html',
    );
    const notPng = await refusalFields(
      updateLessorInfo(actor, input({ citizenIDBackImage: grant.blobName })),
    );
    expect(notPng?.[0]?.field).toBe('citizenIDBackImage');
    expect(await h.blobs.blobExists('lessee-infor', grant.blobName)).toBe(false);
  });
});

async function refusalFields(action: Promise<unknown>) {
  const error = await expectRefusal(action, 'badRequest', /./);
  return error.details.fieldErrors;
}

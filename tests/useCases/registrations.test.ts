import {
  DEFAULT_PLATFORM_PRICING,
  REGISTRATION_MESSAGES,
  REGISTRATION_PHONE_CONFLICT_TEXTS,
  ROLE,
  termFee,
  type PlatformPricing,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REGISTRATIONS_PARTITION,
  SETTINGS_PARTITION,
  type FeeDoc,
  type HouseDoc,
  type PlatformSettingsDoc,
  type RegistrationDoc,
  type UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { BatchOp, ContainerName, Store, StoredDoc } from '../../api/src/store/store.js';
import { login } from '../../api/src/useCases/auth/sessions.js';
import { grantRead } from '../../api/src/useCases/blobAccess.js';
import { isReferenced } from '../../api/src/useCases/shared/blobReferences.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { receiveGatewayNotification } from '../../api/src/useCases/payments.js';
import type { RegistrationCaller } from '../../api/src/useCases/registrations/access.js';
import { decideRegistration, listRegistrations } from '../../api/src/useCases/registrations/deciding.js';
import {
  createRegistration,
  deleteRegistration,
  getRegistration,
  requestRegistrationPayment,
  updateOwnRegistration,
} from '../../api/src/useCases/registrations/registering.js';
import { readRegistration } from '../../api/src/useCases/shared/registrationAccess.js';
import { findUserByUsername } from '../../api/src/useCases/shared/users.js';
import { requestVerificationCode, verifyCode } from '../../api/src/useCases/verification.js';
import { REGISTRATION_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { aLandlord, aSuperAdmin, PNG_BYTES } from '../support/builders.js';
import { gatewayCallback } from '../support/gateway.js';
import {
  anUploadedPaper,
  aRegistration,
  latestCode,
  registrationMessages,
  type RegisteredForTest,
} from '../support/registrationBuilders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  odata,
  TEST_ORIGIN,
  TEST_VNPAY,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** A landlord signs up: registration, the registrant's own changes and payment, the super admin's decision. */

let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;

beforeEach(async () => {
  h = createHarness({ now: new Date('2026-11-20T03:00:00Z') });
  deps = h.deps;
  admin = await aSuperAdmin(deps);
});
afterEach(() => h.close());

const platform = () => deps.store.container<RegistrationDoc>('platform');
const countHouses = () =>
  deps.store.container('houses').count({ filter: { op: 'eq', field: 'type', value: 'house' } });

/** The same dependencies, except that `meanwhile` runs right after each write in the houses container. */
function racingDeps(meanwhile: () => Promise<void>): Deps {
  const store = deps.store;
  const racingStore: Store = {
    kind: store.kind,
    version: () => store.version(),
    close: () => store.close(),
    container: <T extends StoredDoc>(name: ContainerName) => {
      const container = store.container<T>(name);
      if (name !== 'houses') return container;
      return new Proxy(container, {
        get(target, property) {
          if (property === 'batch') {
            return async (pk: string, ops: BatchOp<T>[]) => {
              await target.batch(pk, ops);
              await meanwhile();
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(target)
            : value;
        },
      });
    },
  };
  return { ...deps, store: racingStore };
}
const read = async (id: string) => (await readRegistration(deps, id)) as RegistrationDoc;
const asAdmin = (): RegistrationCaller => ({ kind: 'superAdmin', actor: actorFor(deps, admin) });
const asRegistrant = (token: string): RegistrationCaller => ({
  kind: 'registrant',
  deps,
  origin: TEST_ORIGIN,
  token,
});

/** Verifies both channels with the codes read from the outbox. */
async function verifyBoth({ registration, token }: RegisteredForTest): Promise<void> {
  const id = registration.registrationID;
  for (const channel of ['email', 'sms'] as const) {
    await requestVerificationCode(deps, channel, token, id);
    await verifyCode(deps, TEST_ORIGIN, channel, id, await latestCode(deps, id, channel));
  }
}

/** Verified, paid through the gateway's notification: 'paid'. */
async function aPaidRegistration(overrides = {}): Promise<RegisteredForTest> {
  const registered = await aRegistration(deps, h.blobs, overrides);
  await verifyBoth(registered);
  const reply = await requestRegistrationPayment(
    deps,
    TEST_ORIGIN,
    registered.token,
    registered.registration.registrationID,
  );
  expect(reply).toMatchObject({ status: true, errorMessage: '' });
  const ipn = await receiveGatewayNotification(
    deps,
    gatewayCallback(reply.paymentURL ?? '', TEST_VNPAY.hashSecret),
  );
  expect(ipn.RspCode).toBe('00');
  return { ...registered, registration: await read(registered.registration.registrationID) };
}

describe('registering (public)', () => {
  it('a pending registration with its fee for the rooms, unverified, its paper accepted, and a token once', async () => {
    const paper = await anUploadedPaper(deps, h.blobs);
    const created = await createRegistration(deps, TEST_ORIGIN, {
      fullName: 'Đỗ Quốc Khánh',
      phoneNumber: '0938111222',
      email: 'khanh.do@example.vn',
      houseName: 'Nhà trọ Khánh Hội',
      houseAddress: '30 Hoàng Diệu, Q. 4',
      roomQuota: 20,
      papers: [paper],
    });
    expect(created).toMatchObject({
      status: 'pending',
      roomQuota: 20,
      fee: termFee(20, DEFAULT_PLATFORM_PRICING),
      termMonths: 12,
      emailVerified: false,
      phoneVerified: false,
      papers: [paper],
      createdOn: '2026-11-20T03:00:00.000Z',
    });
    expect(created.fee).toBe(2_400_000);
    expect(created.registrationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).not.toHaveProperty('tokenHash');
    const stored = await read(created.registrationID as string);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toBe(created.registrationToken);
    // The paper was checked by its bytes and is now referenced (it gets read URLs, survives the sweep).
    expect((await h.blobs.head('hm-registration', paper, 16))?.contentType).toBe('image/png');
    expect(await isReferenced(deps, 'hm-registration', paper)).toBe(true);
    expect((await auditEntries(deps)).at(-1)).toMatchObject({
      action: 'create',
      entity: 'registration',
      userID: null,
      ip: TEST_ORIGIN.ip,
    });
    // Neither the list nor a read ever shows the token's hash.
    const page = await listRegistrations(actorFor(deps, admin), odata(REGISTRATION_MODEL));
    expect(JSON.stringify(page)).not.toContain(stored.tokenHash);
  });

  it('the fee follows the super admin’s prices of the moment', async () => {
    const pricing: PlatformPricing = { pricePerRoomMonth: 15_000, minimumYearFee: 500_000, monthsPerTerm: 6 };
    await deps.store.container<PlatformSettingsDoc>('platform').create({
      id: SETTINGS_PARTITION,
      pk: SETTINGS_PARTITION,
      type: 'settings',
      pricing,
      updatedOn: '2026-11-01T00:00:00.000Z',
      updatedBy: admin.userID,
    });
    const big = await aRegistration(deps, h.blobs, { roomQuota: 30 });
    expect(big.registration).toMatchObject({ fee: 30 * 15_000 * 6, termMonths: 6 });
    const small = await aRegistration(deps, h.blobs, { roomQuota: 2 });
    expect(small.registration.fee).toBe(500_000);
  });

  it('papers: only anonymous registration uploads that exist and are PNG, JPEG or PDF; a bad file is deleted', async () => {
    const expectPaperRefusal = async (papers: string[], message: string) => {
      const error = await expectRefusal(aRegistration(deps, h.blobs, { papers }), 'badRequest', message);
      expect(error.details.fieldErrors).toEqual([{ field: 'papers', errorMessage: message }]);
    };
    await expectPaperRefusal(
      ['some-house-id/registration-1767225600000-abc123.png'],
      'Tệp giấy tờ không hợp lệ. Vui lòng tải lại tệp.',
    );
    await expectPaperRefusal(['../../etc/passwd'], 'Tệp giấy tờ không hợp lệ. Vui lòng tải lại tệp.');
    const missing = (await anUploadedPaper(deps, h.blobs)).replace(/\.png$/, '.pdf');
    await expectPaperRefusal([missing], 'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.');
    const jpeg = await anUploadedPaper(deps, h.blobs);
    h.blobs.put('hm-registration', jpeg, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/png');
    // JPEG bytes under a .png name: the name must say the real type.
    await expectPaperRefusal([jpeg], 'Tệp tải lên không phải tệp PNG, JPEG hoặc PDF hợp lệ.');
    expect(await h.blobs.blobExists('hm-registration', jpeg)).toBe(false);
    expect(
      (await platform().query({ filter: { op: 'eq', field: 'type', value: 'registration' } })).items,
    ).toEqual([]);
  });

  it('says nothing about existing accounts: a landlord’s phone number registers like any other', async () => {
    const existing = await aLandlord(deps, { username: '0938999888' });
    const registered = await aRegistration(deps, h.blobs, { phoneNumber: existing.username });
    expect(registered.registration.status).toBe('pending');
  });

  it('one address sends at most 20 registrations an hour (429), then may again', async () => {
    for (let i = 0; i < 20; i += 1) await aRegistration(deps, h.blobs);
    const refused = await expectRefusal(
      aRegistration(deps, h.blobs),
      'tooManyRequests',
      REGISTRATION_MESSAGES.tooManyRegistrations,
    );
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(3000);
    h.clock.advance(61 * 60_000);
    await aRegistration(deps, h.blobs);
  });
});

describe('the registrant’s own registration (their token)', () => {
  it('reads it with the token; a wrong token and an unknown id are the same 404', async () => {
    const { registration, token } = await aRegistration(deps, h.blobs);
    const id = registration.registrationID;
    expect(await getRegistration(asRegistrant(token), id)).toMatchObject({
      registrationID: id,
      status: 'pending',
    });
    await expectRefusal(
      getRegistration(asRegistrant('wrong'), id),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
    const other = await aRegistration(deps, h.blobs);
    await expectRefusal(
      getRegistration(asRegistrant(other.token), id),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
    await expectRefusal(
      getRegistration(asRegistrant(token), 'no-such-one'),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
    // A seeded registration has no token: nobody acts on it as its registrant.
    await platform().replace({ ...registration, tokenHash: undefined } as RegistrationDoc);
    await expectRefusal(getRegistration(asRegistrant(''), id), 'notFound', REGISTRATION_MESSAGES.notFound);
  });

  it('changes it while pending: new contact details need verifying again, new rooms a new fee, new papers a check', async () => {
    const registered = await aRegistration(deps, h.blobs, { roomQuota: 20 });
    const id = registered.registration.registrationID;
    await verifyBoth(registered);
    const paper = await anUploadedPaper(deps, h.blobs);
    const updated = await updateOwnRegistration(
      deps,
      TEST_ORIGIN,
      registered.token,
      id,
      { email: 'moi@example.vn', roomQuota: 40, papers: [...registered.registration.papers, paper] },
      undefined,
    );
    expect(updated).toMatchObject({
      email: 'moi@example.vn',
      emailVerified: false,
      phoneVerified: true,
      roomQuota: 40,
      fee: 4_800_000,
      updatedOn: '2026-11-20T03:00:00.000Z',
    });
    expect(await isReferenced(deps, 'hm-registration', paper)).toBe(true);
    // The same values again: nothing written (same ETag).
    const again = await updateOwnRegistration(
      deps,
      TEST_ORIGIN,
      registered.token,
      id,
      { roomQuota: 40 },
      undefined,
    );
    expect(again['@odata.etag']).toBe(updated['@odata.etag']);
    // A stale ETag is refused.
    await expectRefusal(
      updateOwnRegistration(deps, TEST_ORIGIN, registered.token, id, { roomQuota: 41 }, '"old"'),
      'stale',
      /thay đổi/,
    );
  });

  it('cannot pay before both e-mail and phone are verified; then pays once, and the IPN makes it paid', async () => {
    const registered = await aRegistration(deps, h.blobs);
    const id = registered.registration.registrationID;
    expect(await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id)).toEqual({
      status: false,
      errorMessage: REGISTRATION_MESSAGES.verifyBeforePaying,
      paymentURL: null,
    });
    await requestVerificationCode(deps, 'email', registered.token, id);
    await verifyCode(deps, TEST_ORIGIN, 'email', id, await latestCode(deps, id, 'email'));
    expect((await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id)).errorMessage).toBe(
      REGISTRATION_MESSAGES.verifyBeforePaying,
    );
    await requestVerificationCode(deps, 'sms', registered.token, id);
    await verifyCode(deps, TEST_ORIGIN, 'sms', id, await latestCode(deps, id, 'sms'));
    const reply = await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id);
    const url = new URL(reply.paymentURL ?? '');
    expect(url.searchParams.get('vnp_Amount')).toBe(String(2_400_000 * 100));
    expect(url.searchParams.get('vnp_OrderInfo')).toMatch(/^Thanh toan DK[0-9A-F]{8} Phi dang ky 20 phong$/);
    await receiveGatewayNotification(deps, gatewayCallback(reply.paymentURL ?? '', TEST_VNPAY.hashSecret));
    expect(await read(id)).toMatchObject({
      status: 'paid',
      payments: [expect.objectContaining({ amount: 2_400_000 })],
    });
    expect(await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id)).toMatchObject({
      status: false,
      errorMessage: REGISTRATION_MESSAGES.alreadyPaid,
    });
    // Paid: what was paid for is fixed.
    await expectRefusal(
      updateOwnRegistration(deps, TEST_ORIGIN, registered.token, id, { roomQuota: 100 }, undefined),
      'conflict',
      REGISTRATION_MESSAGES.notEditable,
    );
  });
});

describe('a payment credits exactly what it was made for (issue 21, defect 2)', () => {
  it('a change of rooms while the payment is open cancels it: the old amount is recorded, never credited, never approved', async () => {
    const registered = await aRegistration(deps, h.blobs, { roomQuota: 1 });
    const id = registered.registration.registrationID;
    await verifyBoth(registered);
    const opened = await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id);
    const oldFee = termFee(1, DEFAULT_PLATFORM_PRICING);
    expect(new URL(opened.paymentURL ?? '').searchParams.get('vnp_Amount')).toBe(String(oldFee * 100));

    // While the gateway's page is open, the registrant asks for 1,000 rooms.
    await updateOwnRegistration(deps, TEST_ORIGIN, registered.token, id, { roomQuota: 1000 }, undefined);
    const newFee = termFee(1000, DEFAULT_PLATFORM_PRICING);
    expect(await read(id)).toMatchObject({ roomQuota: 1000, fee: newFee, status: 'pending' });

    // VNPay's signed success for the old amount arrives: the money is recorded, the registration stays pending.
    const ipn = await receiveGatewayNotification(
      deps,
      gatewayCallback(opened.paymentURL ?? '', TEST_VNPAY.hashSecret),
    );
    expect(ipn.RspCode).toBe('00');
    expect(await read(id)).toMatchObject({
      status: 'pending',
      payments: [expect.objectContaining({ amount: oldFee, credited: false })],
    });
    const told = (await registrationMessages(deps, id)).filter((m) => m.event === 'paymentReceived');
    expect(told.at(-1)?.body).toMatch(/không được tính/);
    await expectRefusal(
      decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined),
      'conflict',
      REGISTRATION_MESSAGES.onlyPaidApproved,
    );
    expect(await findUserByUsername(deps, registered.registration.phoneNumber)).toBeUndefined();

    // Paying the new fee makes it paid, and approval gives the 1,000 rooms it paid for.
    const renewed = await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id);
    expect(new URL(renewed.paymentURL ?? '').searchParams.get('vnp_Amount')).toBe(String(newFee * 100));
    await receiveGatewayNotification(deps, gatewayCallback(renewed.paymentURL ?? '', TEST_VNPAY.hashSecret));
    expect((await read(id)).status).toBe('paid');
    await decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined);
    const account = await findUserByUsername(deps, registered.registration.phoneNumber);
    expect(account?.roomQuota).toBe(1000);
  });

  it('a change of names or papers leaves the open payment good; a change of e-mail or phone cancels it', async () => {
    const kept = await aRegistration(deps, h.blobs);
    await verifyBoth(kept);
    const keptID = kept.registration.registrationID;
    const keptURL = (await requestRegistrationPayment(deps, TEST_ORIGIN, kept.token, keptID)).paymentURL;
    await updateOwnRegistration(deps, TEST_ORIGIN, kept.token, keptID, { houseName: 'Nhà mới' }, undefined);
    await receiveGatewayNotification(deps, gatewayCallback(keptURL ?? '', TEST_VNPAY.hashSecret));
    expect((await read(keptID)).status).toBe('paid');

    const moved = await aRegistration(deps, h.blobs);
    await verifyBoth(moved);
    const movedID = moved.registration.registrationID;
    const movedURL = (await requestRegistrationPayment(deps, TEST_ORIGIN, moved.token, movedID)).paymentURL;
    await updateOwnRegistration(
      deps,
      TEST_ORIGIN,
      moved.token,
      movedID,
      { phoneNumber: '0938777666' },
      undefined,
    );
    await receiveGatewayNotification(deps, gatewayCallback(movedURL ?? '', TEST_VNPAY.hashSecret));
    expect(await read(movedID)).toMatchObject({
      status: 'pending',
      phoneVerified: false,
      payments: [expect.objectContaining({ credited: false })],
    });
  });

  it('approval refuses a paid registration whose credited money does not cover its fee', async () => {
    const { registration } = await aPaidRegistration();
    // A registration marked paid by older data, with less than its fee credited.
    await platform().replace({
      ...registration,
      payments: [{ paymentID: 'older-payment', amount: 300_000, paidOn: '2026-11-20T03:00:00.000Z' }],
    });
    await expectRefusal(
      decideRegistration(
        actorFor(deps, admin),
        registration.registrationID,
        { status: 'approved' },
        undefined,
      ),
      'conflict',
      REGISTRATION_MESSAGES.underpaid(300_000, registration.fee),
    );
    expect(await findUserByUsername(deps, registration.phoneNumber)).toBeUndefined();
  });
});

describe('a phone number used twice (issue 21, defect 8)', () => {
  it('an account’s number: nothing said before the phone is verified; then the registrant is told and cannot pay', async () => {
    await aLandlord(deps, { username: '0909000222' });
    const registered = await aRegistration(deps, h.blobs, { phoneNumber: '0909000222' });
    const id = registered.registration.registrationID;
    const anonymous = await getRegistration(asRegistrant(registered.token), id);
    expect(anonymous).not.toHaveProperty('phoneConflict');
    await requestVerificationCode(deps, 'email', registered.token, id);
    await verifyCode(deps, TEST_ORIGIN, 'email', id, await latestCode(deps, id, 'email'));
    expect(await getRegistration(asRegistrant(registered.token), id)).not.toHaveProperty('phoneConflict');

    // The SMS code proves the number is theirs: now they may be told.
    await requestVerificationCode(deps, 'sms', registered.token, id);
    await verifyCode(deps, TEST_ORIGIN, 'sms', id, await latestCode(deps, id, 'sms'));
    expect(await getRegistration(asRegistrant(registered.token), id)).toMatchObject({
      phoneConflict: 'account',
    });
    expect(await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id)).toEqual({
      status: false,
      errorMessage: REGISTRATION_PHONE_CONFLICT_TEXTS.account,
      paymentURL: null,
    });
    // The super admin sees it in the list too.
    const listed = await listRegistrations(actorFor(deps, admin), odata(REGISTRATION_MODEL));
    expect(listed.value.find((row) => row.registrationID === id)).toMatchObject({ phoneConflict: 'account' });

    // A free number fixes it (verified again), and the fee can be paid.
    h.clock.advance(2 * 60 * 1000);
    await updateOwnRegistration(
      deps,
      TEST_ORIGIN,
      registered.token,
      id,
      { phoneNumber: '0909000333' },
      undefined,
    );
    await requestVerificationCode(deps, 'sms', registered.token, id);
    await verifyCode(deps, TEST_ORIGIN, 'sms', id, await latestCode(deps, id, 'sms'));
    expect(await getRegistration(asRegistrant(registered.token), id)).not.toHaveProperty('phoneConflict');
    expect((await requestRegistrationPayment(deps, TEST_ORIGIN, registered.token, id)).status).toBe(true);
  });

  it('two registrations of one number: each registrant is told; once one is paid the other cannot pay; the second approval is 409', async () => {
    const first = await aRegistration(deps, h.blobs, { phoneNumber: '0909000444' });
    const second = await aRegistration(deps, h.blobs, { phoneNumber: '0909000444' });
    await verifyBoth(first);
    await verifyBoth(second);
    const [firstID, secondID] = [first.registration.registrationID, second.registration.registrationID];
    expect(await getRegistration(asRegistrant(second.token), secondID)).toMatchObject({
      phoneConflict: 'pendingRegistration',
    });
    // Both open a payment while the other is still unpaid, and both are paid.
    const firstURL = (await requestRegistrationPayment(deps, TEST_ORIGIN, first.token, firstID)).paymentURL;
    const secondURL = (await requestRegistrationPayment(deps, TEST_ORIGIN, second.token, secondID))
      .paymentURL;
    await receiveGatewayNotification(deps, gatewayCallback(firstURL ?? '', TEST_VNPAY.hashSecret));
    expect(await getRegistration(asRegistrant(second.token), secondID)).toMatchObject({
      phoneConflict: 'paidRegistration',
    });
    expect(await requestRegistrationPayment(deps, TEST_ORIGIN, second.token, secondID)).toMatchObject({
      status: false,
      errorMessage: REGISTRATION_PHONE_CONFLICT_TEXTS.paidRegistration,
    });
    await receiveGatewayNotification(deps, gatewayCallback(secondURL ?? '', TEST_VNPAY.hashSecret));
    expect((await read(secondID)).status).toBe('paid');

    // The super admin sees both conflicts, approves one; the other is refused with a clear message.
    for (const id of [firstID, secondID]) {
      expect(await getRegistration(asAdmin(), id)).toMatchObject({ phoneConflict: 'paidRegistration' });
    }
    await decideRegistration(actorFor(deps, admin), firstID, { status: 'approved' }, undefined);
    expect(await getRegistration(asAdmin(), secondID)).toMatchObject({ phoneConflict: 'account' });
    await expectRefusal(
      decideRegistration(actorFor(deps, admin), secondID, { status: 'approved' }, undefined),
      'conflict',
      REGISTRATION_MESSAGES.phoneHasAccount,
    );
    expect((await read(secondID)).status).toBe('paid');
  });
});

describe('the super admin’s decision', () => {
  it('approval: the account (role 2, quota, a year, one-time password, lessor info to complete), the house, the messages', async () => {
    const { registration } = await aPaidRegistration({
      fullName: 'Huỳnh Ngọc Ánh',
      phoneNumber: '0977333444',
      email: 'anh.huynh@example.vn',
      houseName: 'Ký túc xá Ngọc Ánh',
      houseAddress: '17 Lê Văn Việt, TP. Thủ Đức',
      roomQuota: 40,
    });
    const id = registration.registrationID;
    h.clock.set(new Date('2026-11-21T18:30:00Z')); // 01:30 on the 22nd in Vietnam
    const approved = await decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined);

    const account = (await findUserByUsername(deps, '0977333444')) as UserDoc;
    expect(account).toMatchObject({
      roleID: ROLE.houseModerator,
      fullName: 'Huỳnh Ngọc Ánh',
      email: 'anh.huynh@example.vn',
      phoneNumber: '0977333444',
      roomQuota: 40,
      accountExpiresOn: '2027-11-22',
      mustChangePassword: true,
      disabled: false,
      lessorInfo: {
        status: 2,
        fullName: 'Huỳnh Ngọc Ánh',
        phoneNumber: '0977333444',
        email: 'anh.huynh@example.vn',
      },
    });
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: admin.userID,
      decidedOn: '2026-11-21T18:30:00.000Z',
      landlordUserID: account.userID,
      accountExpiresOn: '2027-11-22',
    });
    const house = (await houseDocs<HouseDoc>(deps).read(
      approved.houseID as string,
      approved.houseID as string,
    )) as HouseDoc;
    expect(house).toMatchObject({
      houseName: 'Ký túc xá Ngọc Ánh',
      houseAddress: '17 Lê Văn Việt, TP. Thủ Đức',
      ownerID: account.userID,
    });
    const fees = await listInHouse<FeeDoc>(deps, house.houseID, 'service');
    expect(new Set(fees.map((fee) => fee.serviceName))).toEqual(new Set(['Điện', 'Nước']));

    // The password goes by e-mail only; Zalo and SMS say where it went.
    const told = (await registrationMessages(deps, id)).filter(
      (message) => message.event === 'landlordAccountOpened',
    );
    const byEmail = told.find((message) => message.channels.includes('email'));
    const byPhone = told.find((message) => message.channels.includes('sms'));
    expect(byEmail?.channels).toEqual(['email']);
    expect(byPhone?.channels).toEqual(['zalo', 'sms']);
    expect(byEmail?.body).toContain('Tên đăng nhập: 0977333444');
    expect(byEmail?.body).toContain('22/11/2027');
    const password = /Mật khẩu dùng một lần: (\S+)\./.exec(byEmail?.body ?? '')?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(byPhone?.body).not.toContain(password);
    expect(byPhone?.body).toContain('đã được gửi tới email');

    // The landlord logs in with it, must choose their own first, and has their house.
    const session = await login(deps, { username: '0977333444', password }, TEST_ORIGIN);
    expect(session).toMatchObject({
      mustChangePassword: true,
      houses: [expect.objectContaining({ houseID: house.houseID, lessorInfo: { status: 2 } })],
    });

    expect((await auditEntries(deps)).find((entry) => entry.action === 'approve')).toMatchObject({
      entityID: id,
      userID: admin.userID,
      houseID: house.houseID,
    });
    // Approving again changes nothing; rejecting now is too late.
    expect(
      (await decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined))['@odata.etag'],
    ).toBe(approved['@odata.etag']);
    await expectRefusal(
      decideRegistration(
        actorFor(deps, admin),
        id,
        { status: 'rejected', rejectionReason: 'muộn' },
        undefined,
      ),
      'conflict',
      REGISTRATION_MESSAGES.alreadyDecided,
    );
  });

  it('only a paid registration is approved', async () => {
    const { registration } = await aRegistration(deps, h.blobs);
    await expectRefusal(
      decideRegistration(
        actorFor(deps, admin),
        registration.registrationID,
        { status: 'approved' },
        undefined,
      ),
      'conflict',
      REGISTRATION_MESSAGES.onlyPaidApproved,
    );
  });

  it('a phone number that became a username after payment: the super admin sees it, approval is 409 and creates nothing', async () => {
    const { registration } = await aPaidRegistration({ phoneNumber: '0909000111' });
    await aLandlord(deps, { username: '0909000111' });
    expect(await getRegistration(asAdmin(), registration.registrationID)).toMatchObject({
      phoneConflict: 'account',
    });
    const housesBefore = await countHouses();
    await expectRefusal(
      decideRegistration(
        actorFor(deps, admin),
        registration.registrationID,
        { status: 'approved' },
        undefined,
      ),
      'conflict',
      REGISTRATION_MESSAGES.phoneHasAccount,
    );
    expect((await read(registration.registrationID)).status).toBe('paid');
    expect(await countHouses()).toBe(housesBefore);
  });

  it('if the registration changes while it is approved, everything is taken back (account, username, house): 412', async () => {
    const { registration } = await aPaidRegistration({ phoneNumber: '0909000222' });
    const id = registration.registrationID;
    await expectRefusal(
      decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, '"not-current"'),
      'stale',
      /thay đổi/,
    );
    // A second payment credited between the approval's read and its last write.
    const racing = racingDeps(async () => {
      const current = await read(id);
      await platform().replace({ ...current, updatedOn: '2026-11-20T03:05:00.000Z' });
    });
    const housesBefore = await countHouses();
    await expectRefusal(
      decideRegistration(actorFor(racing, admin), id, { status: 'approved' }, undefined),
      'stale',
      /thay đổi/,
    );
    expect(await findUserByUsername(deps, '0909000222')).toBeUndefined();
    expect(await countHouses()).toBe(housesBefore);
    expect((await read(id)).status).toBe('paid');
    // Nothing is left in the way of approving again.
    await decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined);
    expect(await findUserByUsername(deps, '0909000222')).toBeDefined();
  });

  it('rejection needs a reason, tells the registrant (a refund when paid), and is final', async () => {
    const pending = await aRegistration(deps, h.blobs);
    const id = pending.registration.registrationID;
    const noReason = await expectRefusal(
      decideRegistration(actorFor(deps, admin), id, { status: 'rejected' }, undefined),
      'badRequest',
      REGISTRATION_MESSAGES.rejectionReasonRequired,
    );
    expect(noReason.details.fieldErrors?.[0]?.field).toBe('rejectionReason');
    const rejected = await decideRegistration(
      actorFor(deps, admin),
      id,
      { status: 'rejected', rejectionReason: 'Ảnh CCCD bị mờ.' },
      undefined,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Ảnh CCCD bị mờ.',
      decidedBy: admin.userID,
    });
    const [told] = (await registrationMessages(deps, id)).filter(
      (message) => message.event === 'registrationRejected',
    );
    expect(told?.body).toContain('Lý do: Ảnh CCCD bị mờ.');
    expect(told?.body).not.toContain('hoàn lại');

    const paid = await aPaidRegistration();
    await decideRegistration(
      actorFor(deps, admin),
      paid.registration.registrationID,
      { status: 'rejected', rejectionReason: 'Địa chỉ không có thật' },
      undefined,
    );
    const [refund] = (await registrationMessages(deps, paid.registration.registrationID)).filter(
      (message) => message.event === 'registrationRejected',
    );
    expect(refund?.body).toContain('hoàn lại phí');
    await expectRefusal(
      decideRegistration(actorFor(deps, admin), id, { status: 'approved' }, undefined),
      'conflict',
      REGISTRATION_MESSAGES.alreadyDecided,
    );
  });
});

describe('deleting and the papers’ read URLs', () => {
  it('the super admin deletes a pending or rejected one (its codes with it), never a paid or approved one', async () => {
    const registered = await aRegistration(deps, h.blobs);
    const id = registered.registration.registrationID;
    await requestVerificationCode(deps, 'email', registered.token, id);
    await deleteRegistration(asAdmin(), id);
    expect(await readRegistration(deps, id)).toBeUndefined();
    const left = await platform().query({
      partitionKey: REGISTRATIONS_PARTITION,
      filter: { op: 'eq', field: 'type', value: 'verification' },
    });
    expect(left.items).toEqual([]);
    // Its paper is no longer referenced: no read URL, and the nightly sweep takes it.
    expect(await isReferenced(deps, 'hm-registration', registered.registration.papers[0] as string)).toBe(
      false,
    );

    const paid = await aPaidRegistration();
    await expectRefusal(
      deleteRegistration(asAdmin(), paid.registration.registrationID),
      'conflict',
      REGISTRATION_MESSAGES.deleteBlocked,
    );
    await expectRefusal(
      deleteRegistration(asAdmin(), 'no-such-one'),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
  });

  it('the registrant withdraws their own while pending, not after paying', async () => {
    const registered = await aRegistration(deps, h.blobs);
    await expectRefusal(
      deleteRegistration(asRegistrant('wrong'), registered.registration.registrationID),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
    await deleteRegistration(asRegistrant(registered.token), registered.registration.registrationID);
    expect(await readRegistration(deps, registered.registration.registrationID)).toBeUndefined();
    const paid = await aPaidRegistration();
    await expectRefusal(
      deleteRegistration(asRegistrant(paid.token), paid.registration.registrationID),
      'conflict',
      REGISTRATION_MESSAGES.withdrawBlocked,
    );
  });

  it('papers: a read URL for the super admin only', async () => {
    const { registration } = await aRegistration(deps, h.blobs);
    const paper = registration.papers[0] as string;
    const link = await grantRead(actorFor(deps, admin), 'hm-registration', paper);
    expect(link.url).toContain(paper);
    expect(await h.blobs.download('hm-registration', paper)).toEqual(PNG_BYTES);
    const landlord = await aLandlord(deps);
    await expectRefusal(
      grantRead(actorFor(deps, landlord), 'hm-registration', paper),
      'notFound',
      /Không tìm thấy/,
    );
  });
});

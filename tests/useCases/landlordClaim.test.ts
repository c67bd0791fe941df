/**
 * A tenant's or staff member's access token carries their landlord's details (issue 25), so their bills,
 * charges and contract show the account rent is paid to without reading the landlord's account. The
 * details are trusted only for the landlord's own houses and only when read after the landlord last
 * changed them; a change marks every house, so the new account is shown at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANDLORD_CLAIM_MARGIN_MS } from '../../api/src/domain/shared/landlordClaim.js';
import type { ContractDoc, HouseDoc, RoomDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { StoredDoc } from '../../api/src/domain/shared/query.js';
import type { Container, Store } from '../../api/src/store/store.js';
import { authenticate } from '../../api/src/useCases/auth/authenticate.js';
import { login, refresh } from '../../api/src/useCases/auth/sessions.js';
import { signAccessToken } from '../../api/src/useCases/auth/tokens.js';
import { assertAccountWritable } from '../../api/src/useCases/accountExpiry.js';
import { updateLessorInfo } from '../../api/src/useCases/lessorInfo.js';
import { accountPlan } from '../../api/src/useCases/platformRequests.js';
import { getMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { getOneTimeCharge } from '../../api/src/useCases/oneTimeCharges.js';
import { MONTHLY_BILL_MODEL, ONE_TIME_CHARGE_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { AuthUser } from '../../api/src/useCases/shared/actor.js';
import { transferAccountOf } from '../../api/src/useCases/shared/billViews.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { toView } from '../../api/src/useCases/shared/views.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, TEST_PASSWORD } from '../support/builders.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { withTerm } from '../support/platformBuilders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  odata,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

const LESSOR = {
  status: 1 as const,
  fullName: 'Nguyễn Văn Hùng',
  phoneNumber: '0901234567',
  email: 'hung@example.vn',
  citizenID: '079090001234',
  address: '12 Võ Văn Ngân, Thủ Đức',
  bankName: 'Vietcombank',
  bankAccountNumber: '0071000123456',
};

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;

/** `deps` whose store counts the reads and queries of one container (`users`: accounts). */
function countingUsers(container = 'users'): { deps: Deps; reads: () => number } {
  let reads = 0;
  const store: Store = Object.create(deps.store) as Store;
  store.container = <T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> => {
    const inner = deps.store.container<T>(name);
    if (name !== container) return inner;
    const counted: Container<T> = Object.create(inner) as Container<T>;
    counted.read = (pk, id) => ((reads += 1), inner.read(pk, id));
    counted.query = (spec) => ((reads += 1), inner.query(spec));
    return counted;
  };
  return { deps: { ...deps, store }, reads: () => reads };
}

async function signIn(account: UserDoc): Promise<{ token: string; refreshToken: string; user: AuthUser }> {
  const session = await login(deps, { username: account.username, password: TEST_PASSWORD }, TEST_ORIGIN);
  const token = session.token.accessToken;
  return {
    token,
    refreshToken: session.token.refreshToken,
    user: await authenticate(deps, `Bearer ${token}`),
  };
}

const houseNow = async (of: HouseDoc = house) =>
  (await houseDocs<HouseDoc>(deps).read(of.pk, of.id)) as HouseDoc;

/** The account number the house's bills show this caller, and how many reads of accounts it took. */
async function paidTo(user: AuthUser, of?: HouseDoc): Promise<{ account?: string; reads: number }> {
  const counting = countingUsers();
  const account = await transferAccountOf(counting.deps, await houseNow(of), user);
  return { ...(account ? { account: account.accountNumber } : {}), reads: counting.reads() };
}

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await aLandlord(deps, { lessorInfo: LESSOR });
  house = await aHouse(deps, landlord);
  room = await aRoom(deps, house);
  contract = await aContract(deps, room);
  tenant = await aLessee(deps, { house, room, contract });
});
afterEach(() => h.close());

describe("the landlord's details in a tenant's or staff member's token", () => {
  it('carries what tenants see of the landlord, not the identity number; bills read no account', async () => {
    const { token, user } = await signIn(tenant);
    expect(user.landlord?.ownerID).toBe(landlord.userID);
    const { citizenID: _citizenID, ...shown } = LESSOR;
    expect(user.landlord?.info).toEqual(shown);
    const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    expect(payload).not.toContain(LESSOR.citizenID);
    expect(await paidTo(user)).toEqual({ account: '0071000123456', reads: 0 });
    // Staff too: their employer's details.
    const staff = await aStaff(deps, { houses: [house] });
    const staffUser = (await signIn(staff)).user;
    expect(staffUser.landlord?.ownerID).toBe(landlord.userID);
    expect(await paidTo(staffUser)).toEqual({ account: '0071000123456', reads: 0 });
    // The landlord reads their own account (read to authenticate them); their token carries nothing.
    expect((await signIn(landlord)).user.landlord).toBeUndefined();
  });

  it('a tenant opening one bill or charge to pay it: the QR from the token, no account read', async () => {
    const { user } = await signIn(tenant);
    const bill = await aMonthlyBill(deps, contract, { month: '2026-11' });
    const charge = await aOneTimeCharge(deps, contract, { description: 'Sửa khóa', amount: 150_000 });
    const counting = countingUsers();
    const actor = { deps: counting.deps, user, origin: TEST_ORIGIN };
    const one = await getMonthlyBill(actor, bill.monthlyBillID, odata(MONTHLY_BILL_MODEL));
    const fee = await getOneTimeCharge(actor, charge.oneTimeChargeID, odata(ONE_TIME_CHARGE_MODEL));
    expect([one.transferQR, fee.transferQR].every((qr) => String(qr).includes('0071000123456'))).toBe(true);
    expect(counting.reads()).toBe(0);
  });

  it("a staff member's landlord is named by their token: the term read without their houses, exact", async () => {
    const staff = await aStaff(deps, { houses: [house] });
    const { user } = await signIn(staff);
    const houses = countingUsers('houses');
    const actor = { deps: houses.deps, user, origin: TEST_ORIGIN };
    expect(await accountPlan(actor, 'term')).toEqual({ expired: false });
    await assertAccountWritable(houses.deps, user);
    expect(houses.reads()).toBe(0);
    // The landlord's account is still read: a term that ended since the token was signed stops the write.
    await withTerm(deps, landlord, '2026-11-19');
    expect(await accountPlan(actor, 'term')).toMatchObject({ expired: true, accountExpiresOn: '2026-11-19' });
    await expectRefusal(assertAccountWritable(deps, user), 'forbidden', /hết hạn/);
  });

  it('a new account is shown at once: older tokens, and tokens signed just after, read the landlord', async () => {
    const before = await signIn(tenant);
    h.clock.advance(5 * 60_000);
    await updateLessorInfo(actorFor(deps, landlord), { bankAccountNumber: '190366778899' });
    expect((await houseNow()).lessorInfoChangedAt).toBe(h.clock.now().toISOString());
    expect(await paidTo(before.user)).toEqual({ account: '190366778899', reads: 1 });
    // Within the margin of the change (clocks of instances differ): still read.
    h.clock.advance(LANDLORD_CLAIM_MARGIN_MS / 2);
    const soon = await signIn(tenant);
    expect(soon.user.landlord?.info.bankAccountNumber).toBe('190366778899');
    expect(await paidTo(soon.user)).toEqual({ account: '190366778899', reads: 1 });
    h.clock.advance(LANDLORD_CLAIM_MARGIN_MS);
    const later = await refresh(deps, soon.refreshToken, TEST_ORIGIN);
    const user = await authenticate(deps, `Bearer ${later.accessToken}`);
    expect(await paidTo(user)).toEqual({ account: '190366778899', reads: 0 });
    // The house as the API shows it never carries the mark.
    expect(toView(await houseNow())).not.toHaveProperty('lessorInfoChangedAt');
  });

  it('a mark that was not written: the old account shows at most until the token expires', async () => {
    const before = await signIn(tenant);
    await updateLessorInfo(actorFor(deps, landlord), { bankAccountNumber: '190366778899' });
    const { lessorInfoChangedAt: _lost, ...unmarked } = await houseNow();
    await houseDocs<HouseDoc>(deps).replace(unmarked);
    expect(await paidTo(before.user)).toEqual({ account: '0071000123456', reads: 0 });
    h.clock.advance(deps.config.jwt.accessTtlSeconds * 1000);
    await expect(authenticate(deps, `Bearer ${before.token}`)).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    const renewed = await refresh(deps, before.refreshToken, TEST_ORIGIN);
    const user = await authenticate(deps, `Bearer ${renewed.accessToken}`);
    expect(await paidTo(user)).toEqual({ account: '190366778899', reads: 0 });
  });

  it("another landlord's house, a tenant who moved, a token without the claim: the owner is read", async () => {
    const { user } = await signIn(tenant);
    const other = await aLandlord(deps, { lessorInfo: { ...LESSOR, bankAccountNumber: '5555666677' } });
    const elsewhere = await aHouse(deps, other);
    expect(await paidTo(user, elsewhere)).toEqual({ account: '5555666677', reads: 1 });
    const older = await signAccessToken(
      deps.config.jwt,
      { userID: tenant.userID, sessionID: user.sessionID, roleID: tenant.roleID },
      h.clock.now(),
    );
    const plain = await authenticate(deps, `Bearer ${older}`);
    expect(plain.landlord).toBeUndefined();
    expect(await paidTo(plain)).toEqual({ account: '0071000123456', reads: 1 });
  });
});

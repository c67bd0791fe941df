import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { SYSTEM_PAYMENT_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { requestRoomPurchase } from '../../api/src/useCases/platformRequests.js';
import { incomeHistory, listSystemPayments } from '../../api/src/useCases/systemReports.js';
import { aLandlord, aSuperAdmin } from '../support/builders.js';
import { aPlatformPayment, gatewayConfirms, withTerm } from '../support/platformBuilders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

// The harness's clock: 2026-11-20, 10:00 in Vietnam.
let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  admin = await aSuperAdmin(deps);
});
afterEach(() => h.close());

describe('the payment report', () => {
  it('lists the payments the gateway confirmed, newest first, with who paid; nothing pending or failed', async () => {
    const landlord = await withTerm(
      deps,
      await aLandlord(deps, { fullName: 'Nguyễn Văn Hùng' }),
      '2027-11-19',
    );
    const reply = await requestRoomPurchase(actorFor(deps, landlord), { rooms: 3 });
    await gatewayConfirms(deps, reply.paymentURL ?? '');
    const refused = await requestRoomPurchase(actorFor(deps, landlord), { rooms: 1 });
    await gatewayConfirms(deps, refused.paymentURL ?? '', '51');
    await requestRoomPurchase(actorFor(deps, landlord), { rooms: 2 });
    await aPlatformPayment(deps, {
      target: 'registration',
      amount: 2_880_000,
      confirmedOn: '2026-10-05T02:00:00.000Z',
    });

    const page = await listSystemPayments(actorFor(deps, admin), odata(SYSTEM_PAYMENT_MODEL, '$count=true'));
    expect(page.count).toBe(2);
    expect(page.value).toEqual([
      expect.objectContaining({
        target: 'roomPurchase',
        amount: 3 * 10_000 * 12,
        description: 'Mua thêm 3 phòng',
        payerName: 'Nguyễn Văn Hùng',
        gatewayTransactionNo: '14226112',
      }),
      expect.objectContaining({ target: 'registration', amount: 2_880_000 }),
    ]);
    const filtered = await listSystemPayments(
      actorFor(deps, admin),
      odata(SYSTEM_PAYMENT_MODEL, "$filter=target eq 'registration'&$top=1"),
    );
    expect(filtered.value.map((row) => row.amount)).toEqual([2_880_000]);
  });
});

describe('income by month', () => {
  it('sums each month in Vietnam time by what was paid for, every month of the range', async () => {
    // 31/10 at 18:00 UTC is 1/11 in Vietnam: it counts in November.
    await aPlatformPayment(deps, {
      target: 'registration',
      amount: 3_000_000,
      confirmedOn: '2026-10-31T18:00:00.000Z',
    });
    await aPlatformPayment(deps, {
      target: 'roomPurchase',
      amount: 200_000,
      confirmedOn: '2026-11-10T03:00:00.000Z',
    });
    await aPlatformPayment(deps, {
      target: 'accountExtension',
      amount: 1_200_000,
      confirmedOn: '2026-09-01T03:00:00.000Z',
    });
    await aPlatformPayment(deps, {
      target: 'roomPurchase',
      amount: 999,
      confirmedOn: '2026-11-11T03:00:00.000Z',
      state: 'failed',
    });
    await aPlatformPayment(deps, {
      target: 'roomPurchase',
      amount: 777,
      confirmedOn: '2025-11-30T03:00:00.000Z',
    });

    const months = await incomeHistory(actorFor(deps, admin), {});
    expect(months.map((row) => row.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months.slice(-3)).toEqual([
      {
        month: '2026-09',
        registration: 0,
        roomPurchase: 0,
        accountExtension: 1_200_000,
        total: 1_200_000,
        count: 1,
      },
      { month: '2026-10', registration: 0, roomPurchase: 0, accountExtension: 0, total: 0, count: 0 },
      {
        month: '2026-11',
        registration: 3_000_000,
        roomPurchase: 200_000,
        accountExtension: 0,
        total: 3_200_000,
        count: 2,
      },
    ]);
    const older = await incomeHistory(actorFor(deps, admin), { from: '2025-11', to: '2025-11' });
    expect(older).toEqual([
      { month: '2025-11', registration: 0, roomPurchase: 777, accountExtension: 0, total: 777, count: 1 },
    ]);
  });

  it('refuses more than five years at once, and every role but the super admin', async () => {
    await expectRefusal(
      incomeHistory(actorFor(deps, admin), { from: '2020-01', to: '2026-11' }),
      'badRequest',
      /tối đa 60 tháng/,
    );
    const landlord = await aLandlord(deps);
    await expectRefusal(incomeHistory(actorFor(deps, landlord), {}), 'forbidden', /quyền/);
    await expectRefusal(
      listSystemPayments(actorFor(deps, landlord), odata(SYSTEM_PAYMENT_MODEL)),
      'forbidden',
      /quyền/,
    );
  });
});

/**
 * Through the real handlers, on both stores: a tenant's bills and contract show the landlord's transfer
 * account from what the tenant's token carries (issue 25), and the account the landlord sets is what the
 * same token shows right after (`PATCH /odata/LessorInfor` marks their houses).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { aMonthlyBill } from '../support/billBuilders.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import type { ApiSession } from './helpers.js';

interface Rows<T> {
  value: T[];
}

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  let landlord: ApiSession;
  let tenant: ApiSession;

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
    [landlord, tenant] = [sessions.chunha as ApiSession, sessions.nguoithue as ApiSession];
    // A bill still owed (its reply carries the transfer QR), whatever the demo's bills are by now.
    const { houseID = '', roomID = '', contractID = '' } = tenant;
    await aMonthlyBill(product.services, { houseID, roomID, contractID }, { month: '2031-05' });
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** The transfer QR texts of the tenant's unpaid bills, and the landlord as their contract shows them. */
  const tenantSees = async () => {
    const bills = await api.getAs<Rows<{ transferQR?: string }>>(
      tenant,
      `/odata/Bill?roomID=${tenant.roomID ?? ''}&$filter=status lt 3`,
    );
    const contract = await api.getAs<Rows<{ lessorInfo: Record<string, unknown> }>>(
      tenant,
      '/odata/Contract?$expand=lessorInfo',
    );
    expect([bills.status, contract.status]).toEqual([200, 200]);
    const qrs = bills.body.value.flatMap((bill) => (bill.transferQR ? [bill.transferQR] : []));
    expect(qrs.length).toBeGreaterThan(0);
    return { qrs, lessor: contract.body.value[0]?.lessorInfo ?? {} };
  };

  it("shows the landlord's account from the token, and the new one as soon as the landlord sets it", async () => {
    const before = await tenantSees();
    expect(before.qrs.every((qr) => qr.includes('0071000123456'))).toBe(true);
    expect(before.lessor).toMatchObject({ fullName: 'Nguyễn Văn Hùng', bankAccountNumber: '0071000123456' });
    expect(before.lessor).not.toHaveProperty('citizenID');

    const changed = await api.request('PATCH', '/odata/LessorInfor', {
      token: landlord.token.accessToken,
      body: { bankName: 'Techcombank', bankAccountNumber: '1903 1234 5678 90' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const after = await tenantSees();
    expect(after.qrs.every((qr) => qr.includes('19031234567890') && !qr.includes('0071000123456'))).toBe(
      true,
    );
    expect(after.lessor).toMatchObject({ bankName: 'Techcombank', bankAccountNumber: '19031234567890' });
    // The house as landlords read it does not carry the mark the change left on it.
    const house = await api.getAs<Record<string, unknown>>(landlord, `/odata/House/${tenant.houseID ?? ''}`);
    expect(JSON.stringify(house.body)).not.toContain('lessorInfoChangedAt');
  });
});

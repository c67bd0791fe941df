// Browser journey of a transfer confirmed by itself: the landlord (chunha) makes a SePay API key on the
// account page (shown once), the tenant keeps a charge open on a 375 px phone, SePay reports the tenant's
// transfer (a call built here in SePay's documented format) and the open page says "Đã nhận chuyển
// khoản" without being reloaded.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanPages } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const pages = cleanPages(baseURL);
/** The product shares two cores with other suites; the bill refreshes every 8 s. */
const SLOW = { timeout: 30_000 } as const;

afterEach(async () => {
  await pages.closePages();
});

describe('a transfer reported by SePay', () => {
  it('shows on the tenant’s open charge by itself, with the key the landlord made on the account page', async () => {
    const { page: landlordPage } = await pages.open(
      'desktop',
      await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!),
    );
    await landlordPage.goto('/accountSetting');
    await landlordPage.getByTestId('bank-feed-sepay-create').click(SLOW);
    const apiKey = await textOf(landlordPage.getByTestId('bank-feed-sepay-key'));
    expect(apiKey.length).toBeGreaterThanOrEqual(24);
    expect(await textOf(landlordPage.getByTestId('bank-feed-sepay-url'))).toBe(
      `${baseURL}/api/BankFeed/SePay`,
    );
    await landlordPage.close();

    const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue!);
    const landlordToken = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
    const created = await api.request<{ oneTimeChargeID: string; billCode: string }>(
      'POST',
      '/odata/OneTimeCharge',
      {
        token: landlordToken,
        body: { contractID: tenant.contractID, description: 'Thay bóng đèn hành lang', amount: 120_000 },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const charge = created.body;

    const { page } = await pages.open(
      'phone',
      await storedSessionFor(baseURL, 'nguoithue', DEMO_PASSWORDS.nguoithue!),
    );
    await page.goto(`/otcBill/${charge.oneTimeChargeID}`);
    await page.getByTestId('charge-details').waitFor(SLOW);
    expect(await page.getByTestId('charge-transfer-received').count()).toBe(0);

    const call = await api.request('POST', '/api/BankFeed/SePay', {
      headers: { authorization: `Apikey ${apiKey}` },
      body: {
        id: Date.now(),
        gateway: 'Vietcombank',
        transactionDate: new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
        accountNumber: '0071000123456',
        code: null,
        content: `MBVCB.${charge.billCode.toLowerCase()}.den bong hanh lang`,
        transferType: 'in',
        transferAmount: 120_000,
        accumulated: 0,
        subAccount: null,
        referenceCode: `FT${Date.now()}`,
        description: '',
      },
    });
    expect(call.status, JSON.stringify(call.body)).toBe(200);
    expect(call.body).toEqual({ success: true });

    const notice = page.getByTestId('charge-transfer-received');
    await notice.waitFor(SLOW);
    expect(await textOf(notice)).toContain('Đã nhận chuyển khoản 120.000');
  });
});

// The account plan in parts (web/src/features/platformRequests): the banner of every page asks for the
// term alone, /accountPlan for everything, and a request made there refreshes every part shown, so the
// banner of the same page lifts once the term is extended (no reload, no new page).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PLATFORM_PRICING } from '@nhatro/common';
import { beforeEach, expect, it } from 'vitest';
import { renderApp, signIn } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

let api: FakeApi;
let term: { expired: boolean; accountExpiresOn: string; daysLeft: number };

beforeEach(() => {
  term = { expired: true, accountExpiresOn: '2026-11-01', daysLeft: -27 };
  api = fakeApi();
  api
    .on('GET', /.*/, { status: 404, body: {} })
    .on('GET', '/api/User/AccountPlan', (request) => {
      const part = request.url.searchParams.get('part');
      if (part === 'term') return { body: { data: term } };
      const quota = { ...term, roomQuota: 10, roomsUsed: 4 };
      if (part === 'quota') return { body: { data: quota } };
      return { body: { data: { ...quota, monthsLeft: 0, pricing: DEFAULT_PLATFORM_PRICING, requests: [] } } };
    })
    .on('POST', '/api/Payment/RequestForExtendHMAccountExpiration', () => {
      // Approved at once (a request that costs nothing): the term now runs a year on.
      term = { expired: false, accountExpiresOn: '2027-11-28', daysLeft: 365 };
      return { body: { status: true, errorMessage: '', paymentURL: null } };
    });
});

it('lifts the banner of the plan page once the term is extended there', async () => {
  signIn('landlord');
  renderApp('/accountPlan');
  const banner = await screen.findByTestId('account-expiry-banner', {}, { timeout: 12_000 });
  expect(banner.textContent).toContain('Tài khoản đã hết hạn sử dụng');
  expect((await screen.findByTestId('plan-term')).textContent).toContain('Đã hết hạn');
  const asked = api.sent('GET', '/api/User/AccountPlan').map((request) => request.url.search);
  expect(asked).toEqual(expect.arrayContaining(['?part=term', '']));
  expect(asked).not.toContain('?part=quota');

  fireEvent.click(screen.getByTestId('extend-submit'));
  await waitFor(() => expect(screen.queryByTestId('account-expiry-banner')).toBeNull(), { timeout: 5_000 });
  expect(screen.getByTestId('plan-term').textContent).toContain('28/11/2027');
  expect(api.sent('POST', '/api/Payment/RequestForExtendHMAccountExpiration')).toHaveLength(1);
  expect(api.unanswered.filter((request) => request.url.pathname.startsWith('/api/User'))).toEqual([]);
});

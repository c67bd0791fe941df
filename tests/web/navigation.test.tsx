// The side navigation of each role (issue "Web app shell"; spec sections 4 and 6) with the app's real
// route table: its items in order, each leading to its path and marked as the current page. The browser
// journeys (tests/e2e/shell-navigation.test.ts) check the same lists against the demo accounts' real
// roles and follow one item each.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  INACTIVE_LANDLORD_NAVIGATION,
  LANDLORD_NAVIGATION,
  LESSEE_NAVIGATION,
  STAFF_NAVIGATION,
  SUPER_ADMIN_NAVIGATION,
  type NavEntry,
} from '../support/ui';
import { fakeApi } from './support/fakeApi';
import { currentPath, renderApp, signIn, type ROLES } from './support/app';

beforeEach(() => {
  // The pages behind the items ask for their data: no route answers, so each shows its load failure
  // (only where each item leads is checked here; the pages' own rules are in their files).
  fakeApi();
});

function mainNav(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Điều hướng chính' });
}

async function navEntries(): Promise<NavEntry[]> {
  const nav = await screen.findByRole('navigation', { name: 'Điều hướng chính' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({ label: (link.textContent ?? '').trim(), path: link.getAttribute('href') ?? '' }));
}

/** Clicks every item in turn: the path becomes its path and only that item is the current page. */
async function expectEachItemLeadsToItsPath(expected: readonly NavEntry[]): Promise<void> {
  for (const { label, path } of expected) {
    fireEvent.click(within(mainNav()).getByRole('link', { name: label }));
    await waitFor(() => expect(currentPath()).toBe(path));
    await waitFor(() => {
      const current = mainNav().querySelectorAll('[aria-current="page"]');
      expect([...current].map((link) => (link.textContent ?? '').trim())).toEqual([label]);
    });
  }
}

const CASES: Array<[keyof typeof ROLES, string, readonly NavEntry[]]> = [
  ['superAdmin', '/dashboard', SUPER_ADMIN_NAVIGATION],
  ['landlord', '/dashboard', LANDLORD_NAVIGATION],
  ['staff', '/dashboard', STAFF_NAVIGATION],
  ['lessee', '/dashboard', LESSEE_NAVIGATION],
];

describe('the side navigation', () => {
  it.each(CASES)('%s: the items in order, each leading to its page', async (role, home, expected) => {
    signIn(role);
    renderApp(home);
    expect(await navEntries()).toEqual(expected);
    await expectEachItemLeadsToItsPath(expected);
  });

  it('a landlord whose details are incomplete has only account settings, current there', async () => {
    signIn('landlord', { isUserActive: false });
    renderApp('/accountSetting');
    expect(await navEntries()).toEqual(INACTIVE_LANDLORD_NAVIGATION);
    await expectEachItemLeadsToItsPath(INACTIVE_LANDLORD_NAVIGATION);
  });
});

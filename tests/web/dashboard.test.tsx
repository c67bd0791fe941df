// The dashboard's first screens (web/src/app/routes/DashboardPage.tsx, app/houseChooser): room cards that
// open their room, the house chosen for whoever has one, the super admin's landing page with its
// actions, and a new landlord told what their account still lacks.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES } from '@nhatro/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, HOUSE, renderApp, signIn } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const ROOM = {
  roomID: 'room-1',
  houseID: HOUSE.houseID,
  roomName: 'P101',
  floor: 1,
  acreage: 20,
  price: 2_500_000,
  status: 2,
  currentElectricityIndex: 100,
  currentWaterIndex: 10,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', /.*/, { status: 404, body: {} })
    .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [ROOM], lessorInfo: { status: 1 } }]))
    .on('GET', '/odata/House/h1', { body: { ...HOUSE, rooms: [ROOM] } })
    .on('GET', '/odata/HouseTicket', collection([]))
    .on('GET', '/odata/Notification', collection([]));
});

describe('the dashboard’s room cards', () => {
  it('are links (reachable by keyboard) that open the room', async () => {
    signIn('landlord');
    renderApp('/dashboard');
    const card = await screen.findByTestId('room-card-room-1', {}, { timeout: 12_000 });
    const link = within(card).getByRole('link');
    expect(link.getAttribute('href')).toBe('/rooms/room-1');
    expect(link.textContent).toContain('P101');
    fireEvent.click(link);
    await waitFor(() => expect(currentPath()).toBe('/rooms/room-1'));
  });

  it('are no link for staff without room rights', async () => {
    signIn('staff', { role: { ...DEFAULT_ROLES[3], roomPermission: 0 } });
    renderApp('/dashboard');
    const card = await screen.findByTestId('room-card-room-1', {}, { timeout: 12_000 });
    expect(within(card).queryByRole('link')).toBeNull();
  });
});

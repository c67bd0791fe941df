// The contract wizard keeps its draft in the browser (per user and house) until it is created or
// discarded, offers it again on opening, and asks before the page is left with unsaved work.
import type { Fee, Reservation, Room } from '@nhatro/common';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CreateContractPage } from '../../web/src/features/contracts/CreateContractPage';
import { HOUSE, renderPage, signIn } from './support/app';
import { collection, fakeApi } from './support/fakeApi';

const ROOMS = [
  {
    roomID: 'room-102',
    roomName: 'P102',
    status: 'empty',
    price: 2_000_000,
    floor: 1,
    currentElectricityIndex: 300,
    currentWaterIndex: 12,
  },
] as Room[];
const FEES = [
  { serviceID: 'fee-net', serviceName: 'Internet', price: 100_000, unit: 'room', houseID: HOUSE.houseID },
] as Fee[];

beforeEach(() => {
  const api = fakeApi();
  api.on('GET', '/odata/Room', collection(ROOMS));
  api.on('GET', '/api/Reservation/Get', { body: { status: true, data: [] as Reservation[] } });
  api.on('GET', '/odata/Service', collection(FEES));
  signIn('landlord');
});

const keptKeys = () =>
  Object.keys(window.localStorage).filter((key) => key.startsWith('nhatro.contractDraft.'));

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: false, selector: 'input, select' }) as HTMLInputElement;
}

async function openWizard() {
  const view = renderPage(<CreateContractPage />, '/createContract?roomID=room-102', '/createContract');
  await screen.findByText('Bước 1/5: Phòng & thời hạn');
  return view;
}

/** Room chosen (from the address); goes to step 2 and types the representative's name and CCCD. */
async function startDraft() {
  const view = await openWizard();
  fireEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
  await screen.findByText('Bước 2/5: Người đại diện');
  fireEvent.change(field('Họ và tên'), { target: { value: 'Trần Thị Lan' } });
  fireEvent.change(field('Số CCCD'), { target: { value: '079301001234' } });
  return view;
}

describe('the contract draft', () => {
  it('is kept per user and house as it is typed, without any file bytes', async () => {
    await startDraft();
    await waitFor(() => expect(keptKeys()).toHaveLength(1));
    const [key] = keptKeys();
    expect(key).toContain(HOUSE.houseID);
    const kept = JSON.parse(window.localStorage.getItem(key!)!) as {
      step: number;
      draft: { roomID: string; representative: { occupantName: string; citizenID: string } };
    };
    expect(kept.step).toBe(1);
    expect(kept.draft.roomID).toBe('room-102');
    expect(kept.draft.representative.occupantName).toBe('Trần Thị Lan');
    expect(kept.draft.representative.citizenID).toBe('079301001234');
    expect(window.localStorage.getItem(key!)).not.toMatch(/data:|base64/);
  });

  it('is offered on reopening, and continuing brings back the step and the values', async () => {
    const first = await startDraft();
    await waitFor(() => expect(keptKeys()).toHaveLength(1));
    first.unmount();
    await openWizardWithOffer();
    fireEvent.click(screen.getByTestId('contract-draft-continue'));
    await screen.findByText('Bước 2/5: Người đại diện');
    expect(field('Họ và tên').value).toBe('Trần Thị Lan');
    expect(field('Số CCCD').value).toBe('079301001234');
  });

  it('is forgotten when discarded: the form starts again', async () => {
    const first = await startDraft();
    await waitFor(() => expect(keptKeys()).toHaveLength(1));
    first.unmount();
    await openWizardWithOffer();
    fireEvent.click(screen.getByTestId('contract-draft-discard'));
    await screen.findByText('Bước 1/5: Phòng & thời hạn');
    expect(keptKeys()).toHaveLength(0);
    expect(screen.queryByTestId('contract-draft-offer')).toBeNull();
  });

  it('asks before a reload and before the back gesture once something was typed', async () => {
    await openWizard();
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    fireEvent.change(field('Tiền cọc'), { target: { value: '1.500.000' } });
    await waitFor(() => expect(keptKeys()).toHaveLength(1));
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    // Back (or Android's back gesture) leaves the extra entry for this address: the page asks.
    act(() => {
      window.history.replaceState(null, '', window.location.href);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    const dialog = await screen.findByTestId('contract-leave-dialog');
    expect(dialog.textContent).toContain('Rời trang tạo hợp đồng?');
    fireEvent.click(screen.getByRole('button', { name: 'Ở lại' }));
    await waitFor(() => expect(screen.queryByText('Rời trang tạo hợp đồng?')).toBeNull());
    expect((window.history.state as { leaveGuard?: boolean } | null)?.leaveGuard).toBe(true);
  });

  it('asks before a link inside the app takes the page away', async () => {
    await openWizard();
    fireEvent.change(field('Tiền cọc'), { target: { value: '1.500.000' } });
    await waitFor(() => expect(keptKeys()).toHaveLength(1));
    const link = document.createElement('a');
    link.href = '/dashboard';
    link.textContent = 'Tổng quan';
    document.body.append(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await screen.findByText('Rời trang tạo hợp đồng?');
    link.remove();
  });
});

async function openWizardWithOffer() {
  renderPage(<CreateContractPage />, '/createContract?roomID=room-102', '/createContract');
  const offer = await screen.findByTestId('contract-draft-offer');
  expect(offer.textContent).toContain('Trần Thị Lan');
}

// The meter round (web/src/features/meterRecords): what a reader types is kept until the server has it,
// saved on 'Phòng tiếp', per floor, again when the network is back or the page reopens; refusals show
// under their field. The page and its hooks are real; the server is a small fake of /odata/MeterRecord.
// The whole round on a phone, against the real API, is the browser test tests/e2e/meterRecords.test.ts.
import { METER_MESSAGES, type MeterReadingInput, type Room } from '@nhatro/common';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MeterRecordPage } from '../../web/src/features/meterRecords/MeterRecordPage';
import { currentVietnamMonth } from '../../web/src/features/meterRecords/meterDrafts';
import type { MeterRecordReply } from '../../web/src/features/meterRecords/meterRecordsApi';
import { HOUSE, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi, type FakeReply } from './support/fakeApi';

const MONTH = currentVietnamMonth();
const DRAFTS_KEY = `meterDrafts:${HOUSE.houseID}:${MONTH}`;

function room(roomID: string, roomName: string, electricity: number, water: number, floor = 1): Room {
  return {
    roomID,
    houseID: HOUSE.houseID,
    roomName,
    floor,
    price: 2_500_000,
    acreage: 18,
    status: 'occupied',
    currentElectricityIndex: electricity,
    currentWaterIndex: water,
  } as Room;
}

const ROOMS = [
  room('room-1', 'P101', 1000, 50),
  room('room-2', 'P102', 1200, 60),
  room('room-3', 'P103', 1400, 70),
];

/** The API's side: the month's records, refusing an index below the previous one as the API does. */
function meterServer(api: FakeApi) {
  const records = new Map<string, MeterRecordReply>();
  let version = 0;
  const previousOf = (reading: MeterReadingInput) => {
    const source = ROOMS.find((candidate) => candidate.roomID === reading.roomID)!;
    return reading.kind === 'electricity' ? source.currentElectricityIndex! : source.currentWaterIndex!;
  };
  const belowPrevious = (reading: MeterReadingInput) =>
    METER_MESSAGES.belowPrevious(
      reading.kind === 'electricity' ? 'Chỉ số điện' : 'Chỉ số nước',
      previousOf(reading),
    );
  const store = (reading: MeterReadingInput): MeterRecordReply => {
    const source = ROOMS.find((candidate) => candidate.roomID === reading.roomID)!;
    version += 1;
    const record = {
      meterRecordID: `${reading.roomID}-${reading.kind}`,
      houseID: HOUSE.houseID,
      roomID: reading.roomID,
      roomName: source.roomName,
      floor: source.floor ?? 0,
      kind: reading.kind,
      month: MONTH,
      meterID: `m-${reading.roomID}-${reading.kind}`,
      previousIndex: previousOf(reading),
      newIndex: reading.newIndex,
      usage: reading.newIndex - previousOf(reading),
      recordedBy: 'user-staff',
      recordedByName: 'Nhân viên',
      recordedOn: '2026-11-20T03:00:00Z',
      '@odata.etag': `W/"${version}"`,
      ...(reading.imageBlobName ? { imageBlobName: reading.imageBlobName } : {}),
    } as MeterRecordReply;
    records.set(record.meterRecordID, record);
    return record;
  };
  api.on('GET', '/odata/Room', collection(ROOMS));
  api.on('GET', '/odata/MeterRecord', () => collection([...records.values()]));
  api.on('POST', '/odata/MeterRecord', ({ body }): FakeReply => {
    const reading = body as MeterReadingInput;
    if (reading.newIndex < previousOf(reading)) {
      return { status: 400, body: [{ field: 'newIndex', errorMessage: belowPrevious(reading) }] };
    }
    return { status: 201, body: store(reading) };
  });
  api.on('PATCH', '/odata/MeterRecord', ({ body }): FakeReply => {
    const readings = (body as { records: MeterReadingInput[] }).records;
    const refused = readings.flatMap((reading, index) =>
      reading.newIndex < previousOf(reading)
        ? [{ field: `records.${index}.newIndex`, errorMessage: belowPrevious(reading) }]
        : [],
    );
    if (refused.length > 0) return { status: 400, body: refused };
    return { body: { value: readings.map(store) } };
  });
  return records;
}

let api: FakeApi;
let records: Map<string, MeterRecordReply>;
beforeEach(() => {
  api = fakeApi();
  records = meterServer(api);
  signIn('staff');
});

function card(roomID: string): HTMLElement {
  return screen.getByTestId(`meter-room-${roomID}`);
}

function input(roomID: string, kind: 'electricity' | 'water'): HTMLInputElement {
  return within(card(roomID)).getByTestId(`meter-input-${kind}`) as HTMLInputElement;
}

function type(roomID: string, electricity: string, water: string): void {
  fireEvent.change(input(roomID, 'electricity'), { target: { value: electricity } });
  fireEvent.change(input(roomID, 'water'), { target: { value: water } });
}

async function openBoard(): Promise<void> {
  renderPage(<MeterRecordPage />, '/MeterRecord');
  await screen.findByTestId('meter-room-room-3');
}

async function expectState(roomID: string, state: string): Promise<void> {
  await waitFor(() => expect(card(roomID).getAttribute('data-state')).toBe(state));
}

function posted(): MeterReadingInput[] {
  return api.sent('POST', '/odata/MeterRecord').map((request) => request.body as MeterReadingInput);
}

describe('the meter board', () => {
  it('shows each room’s previous indexes and the use as the reader types', async () => {
    await openBoard();
    const first = within(card('room-1'));
    expect(card('room-1').getAttribute('data-state')).toBe('unread');
    expect(first.getByTestId('meter-state-chip').textContent).toBe('Chưa ghi');
    expect(first.getAllByTestId('meter-previous')[0]!.textContent).toBe('Chỉ số cũ: 1.000');
    expect(input('room-1', 'electricity').getAttribute('inputmode')).toBe('numeric');
    type('room-1', '1085', '54');
    expect(first.getByText('Dùng: 85 kWh')).toBeTruthy();
    expect(first.getByText('Dùng: 4 m³')).toBeTruthy();
    expect(screen.getByTestId('meter-progress').textContent).toContain('Đã ghi 0/3 phòng');
  });

  it("'Phòng tiếp' saves both meters of the room and moves to the next room’s first field", async () => {
    await openBoard();
    type('room-1', '1.085', '54');
    fireEvent.click(within(card('room-1')).getByTestId('meter-next'));
    await expectState('room-1', 'done');
    expect(posted()).toEqual([
      expect.objectContaining({ roomID: 'room-1', kind: 'electricity', month: MONTH, newIndex: 1085 }),
      expect.objectContaining({ roomID: 'room-1', kind: 'water', month: MONTH, newIndex: 54 }),
    ]);
    await waitFor(() => expect(toasts('success').join('\n')).toContain(METER_MESSAGES.saved));
    await waitFor(() => expect(document.activeElement).toBe(input('room-2', 'electricity')));
    expect(screen.getByTestId('meter-progress').textContent).toContain('Đã ghi 1/3 phòng');
    expect(window.localStorage.getItem(DRAFTS_KEY)).toBeNull();
  });

  it('keeps what was typed while offline, says so, and sends it when the network is back', async () => {
    await openBoard();
    api.offline = true;
    type('room-2', '1290', '66');
    fireEvent.click(within(card('room-2')).getByTestId('meter-next'));
    await expectState('room-2', 'pending');
    expect(within(card('room-2')).getByTestId('meter-state-chip').textContent).toBe('Chưa lưu – thử lại');
    await waitFor(() => expect(toasts('error').join('\n')).toContain(METER_MESSAGES.saveFailed));
    expect(screen.getByTestId('meter-pending-alert').textContent).toContain('1 phòng chưa lưu được');
    expect(input('room-2', 'electricity').value).toBe('1290');
    expect(window.localStorage.getItem(DRAFTS_KEY)).toContain('1290');
    // The reader moves on to the next room without readings: a lost connection does not hold them.
    await waitFor(() => expect(document.activeElement).toBe(input('room-3', 'electricity')));

    api.offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await expectState('room-2', 'done');
    expect(records.get('room-2-electricity')?.newIndex).toBe(1290);
    expect(screen.queryByTestId('meter-pending-alert')).toBeNull();
    expect(window.localStorage.getItem(DRAFTS_KEY)).toBeNull();
  });

  it('sends on opening what a reload or a lost connection left unsaved', async () => {
    window.localStorage.setItem(
      DRAFTS_KEY,
      JSON.stringify({
        'room-3': {
          electricity: { value: '1450', replaced: false, oldFinal: '', newStart: '', confirmed: false },
        },
      }),
    );
    await openBoard();
    await waitFor(() => expect(records.get('room-3-electricity')?.newIndex).toBe(1450));
    expect(input('room-3', 'electricity').value).toBe('1450');
    await waitFor(() => expect(window.localStorage.getItem(DRAFTS_KEY)).toBeNull());
  });

  it('shows a refused value under its field, keeps the reader on the room, and saves it once fixed', async () => {
    await openBoard();
    type('room-3', '1300', '75');
    fireEvent.click(within(card('room-3')).getByTestId('meter-next'));
    await expectState('room-3', 'invalid');
    const electricity = within(card('room-3')).getByTestId('meter-kind-electricity');
    expect(electricity.textContent).toContain('không được nhỏ hơn chỉ số cũ (1400)');
    expect(within(card('room-3')).getByTestId('meter-state-chip').textContent).toBe('Chưa lưu');
    // Leaving the card again does not resend the same refused values.
    const sentBefore = posted().length;
    fireEvent.blur(input('room-3', 'water'));
    expect(posted().length).toBe(sentBefore);

    fireEvent.change(input('room-3', 'electricity'), { target: { value: '1450' } });
    expect(electricity.textContent).not.toContain('không được nhỏ hơn');
    fireEvent.click(within(card('room-3')).getByTestId('meter-next'));
    await expectState('room-3', 'done');
    expect(records.get('room-3-electricity')?.newIndex).toBe(1450);
    expect(posted().map((reading) => reading.newIndex)).toEqual([1300, 1450, 75]);
  });

  it("'Lưu cả tầng' saves the floor in one request, all or nothing, and marks the refused reading", async () => {
    await openBoard();
    type('room-1', '1085', '54');
    type('room-3', '1300', '75');
    fireEvent.click(screen.getByTestId('meter-save-floor'));
    await expectState('room-3', 'invalid');
    expect(within(card('room-3')).getByTestId('meter-kind-electricity').textContent).toContain(
      'không được nhỏ hơn chỉ số cũ (1400)',
    );
    expect(records.size).toBe(0);
    expect(card('room-1').getAttribute('data-state')).not.toBe('done');

    fireEvent.change(input('room-3', 'electricity'), { target: { value: '1450' } });
    fireEvent.click(screen.getByTestId('meter-save-floor'));
    await expectState('room-3', 'done');
    await expectState('room-1', 'done');
    const batches = api.sent('PATCH', '/odata/MeterRecord');
    expect(batches).toHaveLength(2);
    expect((batches[1]!.body as { records: MeterReadingInput[] }).records).toHaveLength(4);
    expect(screen.getByTestId('meter-progress').textContent).toContain('Đã ghi 2/3 phòng');
  });

  it('refuses garbage before asking the server', async () => {
    await openBoard();
    type('room-1', 'abc', '54');
    fireEvent.click(within(card('room-1')).getByTestId('meter-next'));
    await expectState('room-1', 'invalid');
    expect(posted()).toEqual([]);
    expect(within(card('room-1')).getByTestId('meter-kind-electricity').textContent).toMatch(/Chỉ số mới/);
  });

  it('says when someone else saved the room first, and reloads the month', async () => {
    api.on('POST', '/odata/MeterRecord', { status: 412, body: { errorMessage: 'ETag' } });
    await openBoard();
    const monthReads = api.sent('GET', '/odata/MeterRecord').length;
    type('room-1', '1085', '54');
    fireEvent.click(within(card('room-1')).getByTestId('meter-next'));
    await expectState('room-1', 'invalid');
    expect(within(card('room-1')).getByTestId('meter-kind-electricity').textContent).toContain(
      'Người khác vừa cập nhật chỉ số phòng này',
    );
    await waitFor(() => expect(api.sent('GET', '/odata/MeterRecord').length).toBeGreaterThan(monthReads));
  });
});

describe('a room whose tenant moved in this month', () => {
  it('counts from the move-in indexes, labelled so, before and after saving; other rooms from their last reading', async () => {
    api.on(
      'GET',
      '/odata/Contract',
      collection([
        {
          contractID: 'contract-1',
          roomID: 'room-1',
          startDate: `${MONTH}-05`,
          moveInElectricityIndex: 1000,
          moveInWaterIndex: 50,
        },
        {
          contractID: 'contract-2',
          roomID: 'room-2',
          startDate: '2025-01-01',
          moveInElectricityIndex: 400,
          moveInWaterIndex: 10,
        },
      ]),
    );
    // The room's own reading as the API keeps it: from the last reading before the tenant moved in (950).
    records.set('room-1-electricity', {
      meterRecordID: 'room-1-electricity',
      houseID: HOUSE.houseID,
      roomID: 'room-1',
      roomName: 'P101',
      floor: 1,
      kind: 'electricity',
      month: MONTH,
      meterID: 'm-room-1-electricity',
      previousIndex: 950,
      newIndex: 1080,
      usage: 130,
      recordedBy: 'user-staff',
      recordedByName: 'Nhân viên',
      recordedOn: '2026-11-20T03:00:00Z',
      '@odata.etag': 'W/"0"',
    } as MeterRecordReply);
    await openBoard();
    const first = within(card('room-1'));
    await waitFor(() =>
      expect(first.getAllByTestId('meter-previous').map((element) => element.textContent)).toEqual([
        'Chỉ số nhận phòng: 1.000',
        'Chỉ số nhận phòng: 50',
      ]),
    );
    // The saved electricity reading: the tenant's use since moving in, not the room's since 950.
    expect(first.getByText('Dùng: 80 kWh')).toBeTruthy();
    fireEvent.change(input('room-1', 'water'), { target: { value: '53' } });
    expect(first.getByText('Dùng: 3 m³')).toBeTruthy();
    expect(
      within(card('room-2'))
        .getAllByTestId('meter-previous')
        .map((element) => element.textContent),
    ).toEqual(['Chỉ số cũ: 1.200', 'Chỉ số cũ: 60']);
  });
});

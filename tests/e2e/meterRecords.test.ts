// Browser journey of a staff member reading a floor's meters on a phone (375 px): previous indexes, the
// numeric keypad, 'Phòng tiếp', saving as they go and per floor, a lost connection that keeps what was
// typed and saves it when the network is back, and a reload. The board's rules (refusals under their
// field, retries, a stale record) are tested on the component in tests/web/meterRecords.test.tsx.
// The landlord (chunha) makes a floor of rooms of its own in 'Nhà trọ Hoa Sen' through the API.
import { METER_MESSAGES } from '@nhatro/common';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPage, pictureFor, screenshot, sharedBrowser, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { makePng } from '../support/png.js';
import { toast, seeToast, signIn } from '../support/ui.js';

const baseURL = inject('baseURL');
/** The product shares two cores with other suites: a screen may take a few seconds to settle. */
const SLOW = { timeout: 15_000 } as const;
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = 'Nhà trọ Hoa Sen';
const FLOOR = 8;

let browser: Browser;
let landlordToken = '';
let houseID = '';
const rooms: Array<{ roomID: string; roomName: string; electricity: number; water: number }> = [];

beforeAll(async () => {
  browser = await sharedBrowser();
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;
  houseID = landlord.houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  expect(houseID).not.toBe('');
  for (const [index, electricity, water] of [
    [1, 1000, 50],
    [2, 1200, 60],
    [3, 1400, 70],
  ] as const) {
    const roomName = `M${RUN}-${index}`;
    const reply = await api.request<{ roomID: string }>('POST', '/odata/Room', {
      token: landlordToken,
      body: {
        houseID,
        roomName,
        floor: FLOOR,
        price: 2_500_000,
        acreage: 18,
        currentElectricityIndex: electricity,
        currentWaterIndex: water,
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    rooms.push({ roomID: reply.body.roomID, roomName, electricity, water });
  }
});

afterAll(async () => {
  await browser?.close();
});

function card(page: Page, index: number): Locator {
  return page.getByTestId(`meter-room-${rooms[index]!.roomID}`);
}

async function typeReading(target: Locator, electricity: string, water: string): Promise<void> {
  await target.getByTestId('meter-input-electricity').fill(electricity);
  await target.getByTestId('meter-input-water').fill(water);
}

describe('meter readings on a phone', () => {
  it('staff read a floor: next room, saving as they go, typed values kept offline and after a reload', async (test) => {
    const { context, page } = await newPage(browser, baseURL, 'phone');
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') {
        await screenshot(page, 'meter-records-failure').catch(() => undefined);
        console.error(
          page.url(),
          await page
            .locator('main')
            .innerText()
            .catch(() => ''),
        );
      }
      await context.close();
    });
    await signIn(page, 'nhanvien', DEMO_PASSWORDS.nhanvien!, HOUSE_NAME);

    await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
    await page
      .getByRole('navigation', { name: 'Điều hướng chính' })
      .getByRole('link', { name: 'Ghi chỉ số điện nước', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/MeterRecord');

    const floor = page.getByTestId(`meter-floor-${FLOOR}`);
    await floor.scrollIntoViewIfNeeded();
    const first = card(page, 0);
    await expect.poll(() => first.getAttribute('data-state'), SLOW).toBe('unread');
    await expect.poll(() => first.getByTestId('meter-state-chip').textContent(), SLOW).toBe('Chưa ghi');
    expect(
      await first.getByTestId('meter-kind-electricity').getByTestId('meter-previous').textContent(),
    ).toBe('Chỉ số cũ: 1.000');
    expect(await first.getByTestId('meter-input-electricity').getAttribute('inputmode')).toBe('numeric');

    // Room 1: the use follows what is typed; 'Phòng tiếp' saves it and lands in room 2's first field.
    await typeReading(first, '1085', '54');
    await expect.poll(() => first.getByText('Dùng: 85 kWh').count(), SLOW).toBe(1);
    // A photo of the electricity meter goes up and is saved with the reading.
    await first.getByTestId('meter-photo-input-electricity').setInputFiles({
      name: 'dong-ho-dien.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 64, height: 48 })),
    });
    await first.getByText('Đã có ảnh').waitFor();
    await first.getByTestId('meter-next').click();
    await seeToast(page, 'success', METER_MESSAGES.saved);
    await expect.poll(() => first.getAttribute('data-state'), SLOW).toBe('done');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), SLOW)
      .toBe(`meter-${rooms[1]!.roomID}-electricity`);

    // Room 2 while the network is down: the values stay (also in localStorage) and wait for a retry.
    const second = card(page, 1);
    await context.setOffline(true);
    await typeReading(second, '1290', '66');
    await second.getByTestId('meter-next').click();
    await expect.poll(() => second.getAttribute('data-state'), SLOW).toBe('pending');
    expect(await second.getByTestId('meter-state-chip').textContent()).toBe('Chưa lưu – thử lại');
    await seeToast(page, 'error', METER_MESSAGES.saveFailed);
    expect(await second.getByTestId('meter-input-electricity').inputValue()).toBe('1290');
    const stored = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      `meterDrafts:${houseID}:${await currentMonth(page)}`,
    );
    expect(stored).toContain('1290');
    await pictureFor(page, 'meter-records-offline');
    await context.setOffline(false);
    await expect.poll(() => second.getAttribute('data-state'), SLOW).toBe('done');

    // Room 3 is saved with its floor ('Lưu cả tầng'). A refused value shown under its field, and the
    // page's other rules, are tests of the web tier (tests/web/meterRecords.test.tsx).
    const third = card(page, 2);
    await typeReading(third, '1450', '75');
    await floor.getByTestId('meter-save-floor').click();
    await expect.poll(() => third.getAttribute('data-state'), SLOW).toBe('done');

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    // A reload shows what the server keeps: every room of the floor read, with its values.
    await page.reload();
    await card(page, 2).waitFor();
    for (const [index, electricity, water] of [
      [0, '1085', '54'],
      [1, '1290', '66'],
      [2, '1450', '75'],
    ] as const) {
      expect(await card(page, index).getAttribute('data-state')).toBe('done');
      expect(await card(page, index).getByTestId('meter-input-electricity').inputValue()).toBe(electricity);
      expect(await card(page, index).getByTestId('meter-input-water').inputValue()).toBe(water);
    }
    expect(
      await page.evaluate(
        (key) => window.localStorage.getItem(key),
        `meterDrafts:${houseID}:${await currentMonth(page)}`,
      ),
    ).toBeNull();

    // A correction of a room read already updates its record (sent with the record's ETag).
    await card(page, 0).getByTestId('meter-input-electricity').fill('1088');
    await card(page, 0).getByTestId('meter-next').click();
    await expect.poll(() => card(page, 0).getAttribute('data-state'), SLOW).toBe('done');
    await expect.poll(() => toast(page, 'success', METER_MESSAGES.saved).count(), SLOW).toBeGreaterThan(0);

    const saved = await api.request<{
      value: Array<{ roomID: string; kind: string; usage: number; imageBlobName?: string }>;
    }>('GET', `/odata/MeterRecord?houseId=${houseID}`, { token: landlordToken });
    const usage = (roomID: string, kind: string) =>
      saved.body.value.find((record) => record.roomID === roomID && record.kind === kind)?.usage;
    expect(usage(rooms[0]!.roomID, 'electricity')).toBe(88);
    expect(usage(rooms[1]!.roomID, 'electricity')).toBe(90);
    const photographed = saved.body.value.find(
      (record) => record.roomID === rooms[0]!.roomID && record.kind === 'electricity',
    );
    expect(photographed?.imageBlobName).toEqual(expect.any(String));
    expect(usage(rooms[2]!.roomID, 'water')).toBe(5);
  });
});

/** The month select's value (this month in Vietnam, as the page chose it). */
function currentMonth(page: Page): Promise<string> {
  return page.getByTestId('meter-month').inputValue();
}

// The notice of leaving in Chromium (issue 27): the demo tenant (nguoithue, Hoa Sen) gives notice on a phone
// (375 px), the landlord (chunha) sees it on the dashboard at 1280 px with the room 'Sắp trống', then the
// tenant withdraws it (which also leaves the demo data as it was for the journeys after this file).
// Acknowledging and the refusals are checked in tests/web/leaveNotices.test.tsx and the API tier.
import { addDays } from '@nhatro/common';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { DEMO_PASSWORDS } from '../support/product.js';
import { fillDate, seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const pages = cleanPages(baseURL);

afterEach(async () => {
  await pages.closePages();
});

/** Today in Vietnam (`yyyy-mm-dd`). */
function vietnamToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
}

function shown(isoDay: string): string {
  return isoDay.split('-').reverse().join('/');
}

describe('a notice of leaving', () => {
  it('is given on the phone, seen by the landlord with the room “Sắp trống”, and withdrawn', async () => {
    const leaveDate = addDays(vietnamToday(), 40);
    const tenantSession = await storedSessionFor(baseURL, 'nguoithue', DEMO_PASSWORDS.nguoithue!);
    const { page: phone } = await pages.open('phone', tenantSession);
    await phone.goto('/dashboard');
    const card = phone.getByTestId('tenant-leave-notice');
    await card.getByTestId('leave-notice-rule').waitFor();
    expect(await textOf(card.getByTestId('leave-notice-rule'))).toBe(
      `Nhà trọ yêu cầu báo trước 30 ngày. Ngày sớm nhất bạn có thể trả phòng: ${shown(addDays(vietnamToday(), 30))}.`,
    );
    await fillDate(card, 'Ngày dự định trả phòng', leaveDate);
    await card.getByTestId('leave-notice-note').fill('Chuyển chỗ làm');
    await card.getByTestId('leave-notice-send').click();
    await seeToast(phone, 'success', 'Đã gửi báo trả phòng cho chủ trọ.');
    await expect.poll(() => textOf(card.getByTestId('leave-notice-date'))).toBe(shown(leaveDate));
    expect(await textOf(card.getByTestId('leave-notice-status'))).toBe('Chờ chủ trọ xác nhận');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pictureFor(phone, 'leave-notice-phone');

    const landlordSession = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
    const { page: desk } = await pages.open('desktop', landlordSession);
    await desk.goto('/dashboard');
    const notices = desk.getByTestId('leave-notices');
    const row = notices.getByTestId('leave-notice-P101');
    await row.waitFor();
    expect(await textOf(row)).toContain(`Phòng P101 · trả phòng ngày ${shown(leaveDate)}`);
    expect(await textOf(row)).toContain('Chuyển chỗ làm');
    await row.getByTestId('leave-notice-acknowledge').waitFor();
    await desk
      .getByText(`Sắp trống từ ${shown(leaveDate)}`)
      .first()
      .waitFor();
    await pictureFor(desk, 'leave-notice-dashboard');

    await card.getByTestId('leave-notice-withdraw').click();
    await seeToast(phone, 'success', 'Đã rút lại báo trả phòng.');
    await card.getByTestId('leave-notice-send').waitFor();
    await desk.reload();
    await notices.getByTestId('leave-notices-empty').waitFor();
    expect(await desk.getByText(`Sắp trống từ ${shown(leaveDate)}`).count()).toBe(0);
  });
});

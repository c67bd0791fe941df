// Screenshots of /login at 1280 and 375 px, against a running app (e.g. `PORT=4398 npm start`).
// Usage: node web/scripts/screenshot-login.mjs [baseURL] [outDir] [suffix]
// Also captures the form with its field errors and with the server's error (suffix -errors, -server-error).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [baseURL = 'http://localhost:4398', outDir = 'docs/screenshots', suffix = ''] = process.argv.slice(2);
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ baseURL, locale: 'vi-VN', ...options });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Đăng nhập' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, `login-${name}${suffix}.png`) });
    if (process.env.ALL_STATES) {
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await page.locator('#password-helper-text').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `login-${name}${suffix}-errors.png`) });
      await page.getByLabel('Tên đăng nhập').fill('chunha2');
      await page.getByLabel('Mật khẩu', { exact: true }).fill('SaiMatKhau@999');
      await page.getByRole('button', { name: 'Hiện mật khẩu' }).click();
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await page.locator('[data-testid=login-error]').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `login-${name}${suffix}-server-error.png`) });
    }
    await context.close();
  }
} finally {
  await browser.close();
}

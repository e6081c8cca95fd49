import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import { REPO_ROOT } from '../platform/platform';
import { haveChromium, launchBrowser } from './browser';
import { SMALL_WORLD, type SpawnedPlatform, spawnPlatform, tempDir } from './harness';

const SHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');
// In CI a missing browser is a failure, not a skip: `npm run test:setup` installs it.
const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

describe.runIf(runBrowser)(
  'dashboard in a real browser, against the program started as users start it',
  () => {
    let platform: SpawnedPlatform;
    let dataDir: string;
    let url: string;
    let browser: Browser;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      dataDir = tempDir('browser');
      platform = spawnPlatform({ ...SMALL_WORLD, LOG_LEVEL: 'info', DATA_DIR: dataDir });
      url = await platform.url;
      // The log says when the platform is ready to use, with the address to open (README).
      const ready = await platform.ready;
      expect(ready.url).toBe(`${url}/main/`);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      if (platform && platform.child.exitCode === null) platform.child.kill('SIGKILL');
    });

    it('lists demo accounts in Chinese, labelled as demo data, and opens one', async () => {
      const page = await browser.newPage({
        reducedMotion: 'reduce',
        viewport: { width: 1360, height: 900 },
        locale: 'zh-CN',
      });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      // Requests the page itself cancels when it navigates away (net::ERR_ABORTED) are not failures.
      page.on('requestfailed', (r) => {
        const reason = r.failure()?.errorText ?? '';
        if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${r.url()} ${reason}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
      });

      const res = await fetch(`${url}/fbmain/search/v1/key_search`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'page=1&num=20',
      });
      const names: string[] = ((await res.json()) as any).data.accounts.map((a: { name: string }) => a.name);

      await page.goto(`${url}/main/`);
      await page.getByTestId('account-row').first().waitFor();
      await expect.poll(() => page.getByTestId('account-row').count()).toBe(20);
      const shown = await page.getByTestId('account-name').allInnerTexts();
      expect(shown).toEqual(names);
      expect(shown.every((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
      await expect.poll(() => page.getByText('演示数据').first().isVisible()).toBe(true);
      expect(await page.title()).toContain('公众号数据平台');
      await page.screenshot({ path: path.join(SHOTS, 'home.png') });

      await page.getByTestId('account-name').first().click();
      await page.waitForURL(/\/main\/appsearch\/detail\?mid=\d+&active=0/);
      expect(await page.evaluate(() => sessionStorage.getItem('routernumber'))).toBe('10000');
      await page.getByTestId('article-row').first().waitFor();
      await expect.poll(() => page.getByRole('heading', { name: names[0] }).isVisible()).toBe(true);
      expect(await page.getByText('历史文章').first().isVisible()).toBe(true);
      // Hovering the avatar shows the account's follow QR code, drawn by the server.
      await page.getByTestId('account-avatar').hover();
      const qr = page.getByAltText('二维码');
      await qr.waitFor();
      await expect
        .poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, 'detail.png') });

      // A history-mode deep link survives a reload, and an unknown path shows the home page.
      await page.reload();
      await page.getByTestId('article-row').first().waitFor();
      await page.goto(`${url}/main/no/such/page`);
      await page.getByTestId('account-row').first().waitFor();

      expect(problems).toEqual([]);
    });

    it('stops cleanly on SIGTERM', async () => {
      platform.child.kill('SIGTERM');
      const exit = await platform.exit;
      // On failure, say how far the shutdown got.
      expect(exit, `${platform.stdout().slice(-1500)}\n${platform.stderr().slice(-1500)}`).toBe(0);
      expect(platform.stdout()).toContain('stopped cleanly');
    });

    it('recorded one page view per route change of the session above', async () => {
      // The platform has stopped, so its ClickHouse directory can be opened here.
      const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
      try {
        const rows = await store.query<{ path: string; query: string; vid: string }>(
          'SELECT path, query, vid FROM page_views ORDER BY ts',
        );
        // Home, the detail page, its reload, and the unknown path (shown as home, recorded as asked).
        expect(rows.map((r) => r.path)).toEqual([
          '/',
          '/appsearch/detail',
          '/appsearch/detail',
          '/no/such/page',
        ]);
        expect(rows[1]?.query).toMatch(/^mid=\d+&active=0$/);
        expect(new Set(rows.map((r) => r.vid)).size).toBe(1);
        expect(rows[0]?.vid).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        await store.close();
      }
    });
  },
);

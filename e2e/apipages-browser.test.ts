import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ENDPOINTS } from '../api/open-api/endpoints';
import { apipagesRoutes } from '../dashboard/src/features/apiservice/routes';
import type { Platform } from '../platform/platform';
import {
  haveChromium,
  launchBrowser,
  sessionContext as newContext,
  screenshot,
  watchProblems,
} from './browser';
import { startInProcess, waitReady } from './harness';
import { type Client, signUp } from './members-harness';
import { API_PAGE_READY } from './route-expectations';

/**
 * The API pages in a real browser (spec §2 /appsearch/word, /wordDetail, /ApiWXAccountSearch, /ApiWXLinkShort2Long,
 * /D1–/D3, /wordVip, /applicatio, /Keyverifycode, /pythonDemo, /phpDemo, /cDemo, /javaDemo; each route's page, for a
 * visitor and a member, is checked by the route sweep from e2e/route-expectations.ts): a member buys an API package on /wordVip through the sandbox cashier and sees the balance rise,
 * creates a key on /applicatio, verifies it on /Keyverifycode and finds it in the Python sample.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[apipages browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

type Json = any;

const hasHan = (s: string) => /[\u4e00-\u9fff]/.test(s);

/** Confirms the order in the dialog; the page leaves for the sandbox cashier. */
async function confirmPay(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: '去支付' }).click();
  await page.waitForURL(/\/fbmain\/pay\/sandbox\/checkout\?out_trade_no=/);
}

describe.runIf(runBrowser)('API pages in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let member: Client;

  beforeAll(async () => {
    platform = await startInProcess();
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    member = await signUp(url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('lists every route of this part, each with a Chinese title, keywords and description', () => {
    expect(apipagesRoutes.map((r) => r.path).sort()).toEqual(Object.keys(API_PAGE_READY).sort());
    for (const r of apipagesRoutes) {
      expect(r.title).toMatch(/ - 公众号数据平台$/);
      expect(hasHan(r.keywords) && hasHan(r.description)).toBe(true);
    }
  });

  it('lists every open-API endpoint with its price and opens its detail with its call samples', async () => {
    const context = await newContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const pricing = (await member.get('/fbmain/api/v1/api_pricing')).body.data;
    await page.goto(`${url}/main/appsearch/word`);
    await expect
      .poll(() => page.getByTestId('word-count').textContent())
      .toBe(`共 ${OPEN_ENDPOINTS.length} 个接口`);
    for (const e of pricing.endpoints as Json[]) {
      const row = page.locator('tr', { has: page.getByTestId(`word-op-${e.name}`) });
      expect(await row.textContent()).toContain(e.cost_note);
    }
    await page.getByTestId('word-op-video_account').click();
    await page.waitForURL(/\/main\/appsearch\/wordDetail\?id=video_account$/);
    await page.getByTestId('op-video_account').waitFor();
    expect(await page.getByTestId('endpoint-sample-python').textContent()).toContain(
      '/fbmain/openapi/v1/video_account',
    );
    // An unknown id shows the picker with a warning, not an error.
    await page.goto(`${url}/main/appsearch/wordDetail?id=nope`);
    await page.getByTestId('detail-picker').getByText('没有找到接口「nope」').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('buys an API package on /wordVip through the sandbox cashier and sees the balance rise', async () => {
    const context = await newContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const before = (await member.get('/fbmain/account/v1/user_remaining_amount')).body.data
      .api_balance as number;
    const balanceText = () =>
      page.getByTestId('recharge-balance').locator('.ant-statistic-content').textContent();
    await page.goto(`${url}/main/wordVip`);
    await expect.poll(balanceText, { timeout: 10_000 }).toBe(before.toLocaleString('en-US'));
    await screenshot(page, 'wordvip-before.png', { fullPage: true });

    await page.getByTestId('recharge-api_1k').click();
    await confirmPay(page);
    await page.getByText('沙箱收银台').first().waitFor();
    await screenshot(page, 'wordvip-cashier.png');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/main\/paySuccess\?out_trade_no=/);
    await page.getByTestId('pay-result-paid').waitFor();
    const after = before + 1000;
    expect((await member.get('/fbmain/account/v1/user_remaining_amount')).body.data.api_balance).toBe(after);

    await page.goto(`${url}/main/wordVip`);
    await expect.poll(balanceText, { timeout: 10_000 }).toBe(after.toLocaleString('en-US'));
    await screenshot(page, 'wordvip-after.png', { fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('creates a key on /applicatio, verifies it on /Keyverifycode and finds it in the Python sample', async () => {
    const context = await newContext(browser, member.token as string);
    const page = await context.newPage();
    // A bad key's 401 from the balance call is the answer the verify page exists to show.
    const problems = watchProblems(page, (s, u) => s === 401 && /\/fbmain\/openapi\/v1\/balance$/.test(u));
    await page.goto(`${url}/main/appsearch/applicatio`);
    const remaining = (await member.get('/fbmain/account/v1/user_remaining_amount')).body.data;
    await expect
      .poll(() => page.getByTestId('applicatio-trial').locator('.ant-statistic-content-value').textContent())
      .toBe(Number(remaining.trial_quota).toLocaleString('en-US'));
    await page.getByTestId('api-key-create').click();
    const key = ((await page.getByTestId('api-key-fresh').textContent()) ?? '').trim();
    expect(key).toMatch(/^gzh_/);
    await screenshot(page, 'applicatio-key.png', { fullPage: true });

    await page.goto(`${url}/main/appsearch/Keyverifycode`);
    await page.getByTestId('verify-key-input').fill(key);
    await page.getByTestId('verify-key-submit').click();
    await page.getByTestId('verify-verdict').getByText('密钥有效').waitFor();
    const b = (await member.get('/fbmain/account/v1/user_remaining_amount')).body.data.api_balance;
    expect(await page.getByTestId('verify-balance').textContent()).toBe(String(b));
    expect(Number(await page.getByTestId('verify-rate-limit').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('verify-rate-remaining').textContent())).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'keyverify-valid.png', { fullPage: true });

    // A wrong key: the envelope's Chinese message, as the API answers it.
    const wrong = await fetch(`${url}/fbmain/openapi/v1/balance`, { headers: { 'X-Api-Key': 'gzh_wrong' } });
    const msg = ((await wrong.json()) as Json).msg as string;
    await page.getByTestId('verify-key-input').fill('gzh_wrong');
    await page.getByTestId('verify-key-submit').click();
    await expect.poll(() => page.getByTestId('verify-verdict').textContent()).toBe(`密钥不可用：${msg}`);
    await screenshot(page, 'keyverify-invalid.png', { fullPage: true });

    // The new key is kept in this browser: the Python sample has it, with this site's origin.
    await page.goto(`${url}/main/pythonDemo`);
    const code = (await page.getByTestId('demo-code').textContent()) ?? '';
    expect(code).toContain(`API_KEY = "${key}"`);
    expect(code).toContain(`BASE = "${url}/fbmain/openapi/v1"`);
    await screenshot(page, 'python-demo-key.png', { fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

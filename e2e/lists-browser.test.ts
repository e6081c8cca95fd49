import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { haveChromium, launchBrowser, screenshot, sessionContext, watchProblems } from './browser';
import { publishStepSeries, startInProcess, until, waitReady } from './harness';
import { signUp } from './members-harness';

/**
 * 今日热文, 低粉爆文 and the 刷量报告 page in a real browser, against the whole platform started in this
 * process (so the test can publish snapshots on its bus as a monitor task would).
 */

// Screenshots go to a fresh temp directory (or SCREENSHOT_DIR), printed for whoever runs the test.
const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[lists browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

async function json<T = any>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

describe.runIf(runBrowser)('article lists and the fake-traffic report in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startInProcess({ RANK_EVERY_S: '1', FAKE_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('今日热文 shows its definition and today’s articles by reads', async () => {
    const { body } = await json(`${url}/fbmain/main/v1/today_hot?num=20`);
    const titles: string[] = body.data.article_list.map((a: { title: string }) => a.title);
    expect(titles.length).toBeGreaterThan(0);

    const page = await browser.newPage({
      reducedMotion: 'reduce',
      viewport: { width: 1360, height: 900 },
      locale: 'zh-CN',
    });
    const problems = watchProblems(page);
    // From the home page entry, as a visitor would get there.
    await page.goto(`${url}/main/`);
    await page.getByTestId('home-entry-hot').click();
    await page.waitForURL(/\/main\/appsearch\/hottext$/);
    await page.getByTestId('list-row').first().waitFor();
    await expect.poll(() => page.getByTestId('list-row').count()).toBe(titles.length);
    expect(await page.getByTestId('list-title').allInnerTexts()).toEqual(titles);
    const rule = page.getByTestId('hot-rule');
    expect(await rule.textContent()).toContain(body.data.rule.text);
    expect(await rule.textContent()).toContain('今日热文：今天（北京时间）发布');
    expect(await page.getByText('演示数据').first().isVisible()).toBe(true);
    expect(await page.title()).toBe('今日热文 - 公众号数据平台');
    // The title opens our article page; the account opens its detail page.
    const first = body.data.article_list[0] as { mid: number; aid: string };
    expect(await page.getByTestId('list-title').first().getAttribute('href')).toBe(
      `/main/appsearch/details?post=${encodeURIComponent(`${first.mid}_${first.aid}`)}`,
    );
    expect(await page.getByTestId('list-account').first().getAttribute('href')).toMatch(
      /\/main\/appsearch\/detail\?mid=\d+&active=0$/,
    );
    await screenshot(page, 'hottext.png', { fullPage: true });

    // The read-range filter goes to the API and narrows the list.
    const reads: number[] = body.data.article_list.map((a: { read: number }) => a.read);
    const floor = reads[Math.floor(reads.length / 2)] as number;
    const narrowed = await json(`${url}/fbmain/main/v1/today_hot?num=20&min_read=${floor}`);
    await page.getByLabel('最低阅读数').fill(String(floor));
    await page.getByLabel('最低阅读数').press('Enter');
    await expect
      .poll(() => page.getByTestId('list-row').count())
      .toBe(narrowed.body.data.article_list.length);

    // The green variant is the same page.
    await page.goto(`${url}/main/appsearch/greenHotText`);
    await page.getByTestId('list-row').first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('低粉爆文 shows its definition, time window and the accounts’ fans and ratio', async () => {
    const page = await browser.newPage({
      reducedMotion: 'reduce',
      viewport: { width: 1360, height: 900 },
      locale: 'zh-CN',
    });
    const problems = watchProblems(page);
    await page.goto(`${url}/main/`);
    await page.getByTestId('header-menu').getByText('低粉爆文').click();
    await page.waitForURL(/\/main\/appsearch\/burst$/);
    const rule = page.getByTestId('burst-rule');
    await rule.waitFor();
    expect(await rule.textContent()).toContain('低粉爆文：估算活跃粉丝不超过 50,000 的公众号发布');
    expect(await page.getByText('估算活跃粉丝').first().isVisible()).toBe(true);
    expect(await page.getByText('爆文倍数').first().isVisible()).toBe(true);
    expect(await page.title()).toBe('低粉爆文 - 公众号数据平台');

    await page.getByTestId('burst-days').getByText('近 30 天').click();
    const { body } = await json(`${url}/fbmain/main/v1/burst?days=30&num=20`);
    const titles: string[] = body.data.article_list.map((a: { title: string }) => a.title);
    if (titles.length > 0) {
      await expect.poll(() => page.getByTestId('list-title').allInnerTexts()).toEqual(titles);
    } else {
      await expect.poll(() => page.getByText('暂无符合条件的文章').isVisible()).toBe(true);
    }
    console.log(`[lists browser tests] 低粉爆文 over 30 days on the demo data: ${body.data.total} articles`);
    await screenshot(page, 'burst.png', { fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the report page explains a fake-traffic verdict to a member, with the chart and hourly table', async () => {
    const { post, art } = await publishStepSeries(platform, url);
    const member = await signUp(url);
    const report = await until('the fake-traffic verdict', async () => {
      const r = await member.get(`/fbmain/monitor/v1/read_praise_report?post=${post}`);
      return r.body.data?.status === 1 && r.body.data;
    });
    const step = report.signals.find((s: { code: string }) => s.code === 'switch');
    expect(step).toBeTruthy();

    // A visitor is asked to log in; a malformed post shows the API's message.
    const visitor = await browser.newPage({
      reducedMotion: 'reduce',
      viewport: { width: 1360, height: 900 },
      locale: 'zh-CN',
    });
    await visitor.goto(`${url}/main/appsearch/monitorView?post=${post}`);
    await visitor.getByTestId('report-login').waitFor();
    expect(await visitor.getByText('请先登录').isVisible()).toBe(true);
    await screenshot(visitor, 'report-login.png');
    await visitor.goto(`${url}/main/appsearch/monitorView?post=abc`);
    await visitor.getByTestId('report-invalid').waitFor();
    expect(await visitor.getByTestId('report-invalid').textContent()).toContain(
      '参数错误：报告文章 (post) 格式不正确',
    );
    await visitor.close();

    // The member's session as the dashboard keeps it (spec §3 Local session record).
    const context = await sessionContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/monitorViewNew?post=${post}`);
    await page.getByTestId('report-page').waitFor();
    expect(await page.title()).toBe('刷量分析报告 - 公众号数据平台');
    expect(await page.getByTestId('report-profile').textContent()).toContain(art.title);
    expect(await page.getByTestId('report-profile').textContent()).toMatch(/位置\s*(头条|次条|第.条)/);
    expect(await page.getByTestId('report-status').textContent()).toBe('疑似刷量');
    expect(await page.getByTestId('report-summary').textContent()).toContain('判定为刷量：');
    const signalTexts = await page.getByTestId('report-signal').allInnerTexts();
    expect(signalTexts.some((t) => t.includes('开关式增长') && t.includes(step.text))).toBe(true);
    expect(await page.getByTestId('report-verdict').textContent()).toContain(
      report.forecast_fake.toLocaleString('zh-CN'),
    );

    // The chart draws every point of the three series; hovering shows the values at that time.
    const chart = page.getByTestId('trend-chart');
    await chart.waitFor();
    const points = await page
      .getByTestId('trend-line-read')
      .evaluate((el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).length);
    expect(points).toBe(report.charts.read.length);
    expect(await page.getByTestId('trend-line-praise').count()).toBe(1);
    expect(await page.getByTestId('trend-line-looking').count()).toBe(1);
    const box = await chart.boundingBox();
    if (!box) throw new Error('chart has no box');
    await chart.hover({ position: { x: box.width * 0.6, y: box.height / 2 } });
    await page.getByTestId('trend-tooltip').waitFor();
    expect(await page.getByTestId('trend-tooltip').textContent()).toMatch(/阅读：[\d,]+/);

    expect(await page.getByTestId('report-row').count()).toBe(Math.min(report.table.length, 24));
    expect(await page.getByText('新增点赞').first().isVisible()).toBe(true);
    await screenshot(page, 'report.png', { fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the open-API docs page lists every endpoint from the OpenAPI document and calls one with a real key', async () => {
    const member = await signUp(url);
    const key = (await member.post('/fbmain/api/v1/api_keys', { name: '浏览器' })).body.data.key as string;
    const { body: hot } = await json(`${url}/fbmain/main/v1/today_hot?num=5`);
    const art = hot.data.article_list[0];
    const { body: doc } = await json(`${url}/fbmain/openapi/v1/openapi.json`);
    const summaries = Object.values(doc.paths).flatMap((item: any) =>
      Object.values(item).map((op: any) => op.summary as string),
    );

    const page = await browser.newPage({
      reducedMotion: 'reduce',
      viewport: { width: 1360, height: 900 },
      locale: 'zh-CN',
    });
    // The one expected failure: the call with a wrong key, made on purpose below.
    const problems = watchProblems(page, (status, u) => status === 401 && u.includes('/openapi/v1/'));
    await page.goto(`${url}/main/appsearch/APIAssemble`);
    await page.getByTestId('api-docs').waitFor();
    expect(await page.title()).toBe('API 接口文档 - 公众号数据平台');
    for (const s of summaries) await expect(page.getByRole('menuitem', { name: s }).count()).resolves.toBe(1);

    await page.getByRole('menuitem', { name: '文章阅读、点赞、在看数' }).click();
    const op = page.getByTestId('op-article_stats');
    await op.getByText('/fbmain/openapi/v1/article_stats', { exact: true }).first().waitFor();
    await op.getByText(/计费：每次 1 次/).waitFor();
    await op.getByLabel('url', { exact: true }).fill(art.href);
    await page.getByLabel('API 密钥').fill('gzh_wrong');
    await op.getByTestId('try-send').click();
    await op.getByTestId('try-answer').getByText('HTTP 401').waitFor();
    await page.getByLabel('API 密钥').fill(key);
    await op.getByTestId('try-send').click();
    await op.getByTestId('try-answer').getByText('HTTP 200').waitFor();
    const answer = (await op.getByTestId('try-answer').locator('pre').textContent()) ?? '';
    expect(JSON.parse(answer)).toMatchObject({ error_code: 0, data: { title: art.title, reads: art.read } });
    await expect(op.locator('pre').first().textContent()).resolves.toContain(`X-Api-Key: ${key}`);
    await screenshot(page, 'api-docs.png', { fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

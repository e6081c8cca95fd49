import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import {
  sessionContext as context,
  haveChromium,
  launchBrowser,
  openRoute,
  screenshot,
  watchProblems,
} from './browser';
import { startInProcess, until, waitReady } from './harness';
import { buy, type Client, refusal, signUp } from './members-harness';

/**
 * Monitoring, real-time monitors, back-collection and downloads in a real browser on demo data (issue #9): every
 * route's title and heading; a back-collection ordered in the page, its progress followed to the end, its export
 * downloaded and its rows checked against new_data_title; a monitor ordered by article link and its report opened,
 * a next-post monitor cancelled with its count refunded; the account monitor's figures moving while the page is
 * open (snapshots published on the platform's bus); the keyword and video monitors against their API answers.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[monitor browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

type Json = any;

/** Fixed clock of the small test world (e2e/harness.ts SMALL_WORLD). */
const NOW_S = Date.parse('2026-11-01T21:30:00+08:00') / 1000;

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();

/** Picks an account in an AccountPicker by typing its name and choosing the option. */
async function pickAccount(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

/** CSV text as rows of cells (the export quotes cells with commas, quotes or line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

const ROUTES: { path: string; title: string; heading: string }[] = [
  { path: '/appsearch/monitorNew', title: '新建分钟级监测 - 公众号数据平台', heading: '新建分钟级监测' },
  { path: '/appsearch/monitors', title: '我的监测 - 公众号数据平台', heading: '我的监测' },
  { path: '/appsearch/monitor', title: '我的监测 - 公众号数据平台', heading: '我的监测' },
  { path: '/OfficialAccountMonitor', title: '公众号实时监控 - 公众号数据平台', heading: '公众号实时监控' },
  {
    path: '/OfficialAccountKeywordMonitor',
    title: '公众号关键词实时监控 - 公众号数据平台',
    heading: '公众号关键词实时监控',
  },
  { path: '/VideoAccountMonitor', title: '视频号实时监控 - 公众号数据平台', heading: '视频号实时监控' },
  {
    path: '/VideoAccountKeywordMonitor',
    title: '视频号关键词实时监控 - 公众号数据平台',
    heading: '视频号关键词实时监控',
  },
  { path: '/appsearch/stoping', title: '历史文章回采 - 公众号数据平台', heading: '历史文章回采' },
  { path: '/stopingDetail', title: '回采详情 - 公众号数据平台', heading: '回采详情' },
  { path: '/appsearch/history', title: '历史文章数据 - 公众号数据平台', heading: '历史文章数据' },
  { path: '/historyTwo', title: '历史文章数据 - 公众号数据平台', heading: '历史文章数据' },
  { path: '/historyThree', title: '历史文章数据 - 公众号数据平台', heading: '历史文章数据' },
  { path: '/quanliang', title: '全量数据下载 - 公众号数据平台', heading: '全量数据下载' },
  { path: '/quanliang1', title: '全量数据下载 - 公众号数据平台', heading: '全量数据下载' },
];

/** Member-only pages prompt visitors to log in. */
const MEMBER_ONLY = new Set([
  '/appsearch/monitorNew',
  '/appsearch/monitors',
  '/appsearch/monitor',
  '/OfficialAccountKeywordMonitor',
  '/VideoAccountKeywordMonitor',
  '/appsearch/stoping',
  '/stopingDetail',
  '/appsearch/history',
  '/historyTwo',
  '/historyThree',
]);

describe.runIf(runBrowser)(
  'monitoring, real-time monitors, back-collection and downloads in a browser',
  () => {
    let platform: Platform;
    let url: string;
    let browser: Browser;
    let member: Client;
    let accounts: Json[];

    beforeAll(async () => {
      platform = await startInProcess({ FAKE_EVERY_S: '1', RANK_EVERY_S: '1' });
      url = platform.url as string;
      await waitReady(url);
      browser = await launchBrowser();
      member = await signUp(url);
      await buy(member, 'vip3_q');
      accounts = (await member.post('/fbmain/search/v1/key_search', { kw: '', num: 50 })).body.data.accounts;
    }, 240_000);

    // A failed test leaves its context open: screenshot its pages for whoever reads the failure.
    afterEach(async (t) => {
      for (const [i, ctx] of browser.contexts().entries())
        for (const [j, p] of ctx.pages().entries())
          await screenshot(p, `failed-${t.task.name.slice(0, 12)}-${i}-${j}.png`, { always: true });
      for (const ctx of browser.contexts()) await ctx.close();
    });

    afterAll(async () => {
      await browser?.close();
      await platform?.stop();
    });

    it('every route loads lazily with its title, heading and description; visitors get the login prompt', async () => {
      const ctx = await context(browser);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      const product = (await member.get('/fbmain/common/v1/statistics_download')).body.data;
      // The first route loads the dashboard, the others (each its own lazy chunk) are reached through its router.
      for (const r of ROUTES) {
        await openRoute(page, url, r.path, r.title);
        await page.locator('.ant-card-head-title').filter({ hasText: r.heading }).first().waitFor();
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(10);
        if (MEMBER_ONLY.has(r.path)) await page.getByTestId('login-prompt').waitFor();
      }
      // The download product as common/v1 statistics_download describes it.
      await page.goto(`${url}/main/quanliang`);
      const desc = page.getByTestId('download-product');
      await desc.waitFor();
      for (const col of product.columns as string[]) expect(await desc.textContent()).toContain(col);
      expect(await page.getByTestId('download-levels').locator('tbody tr').count()).toBe(
        product.levels.length,
      );
      await page.getByTestId('login-prompt').waitFor();
      await screenshot(page, 'quanliang-visitor.png', { fullPage: true });
      // The login prompt opens the shared login dialog.
      await page.getByTestId('login-prompt-open').click();
      await page.getByRole('dialog').first().waitFor();
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('orders a back-collection, follows its progress to the end and downloads an export matching the API', async () => {
      const target = accounts[3];
      const ctx = await context(browser, member.token as string);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/appsearch/stoping`);
      await page.getByTestId('backfill-form').waitFor();
      const quota = (await member.get('/fbmain/monitor/v1/history_crawl_list')).body.data.quota;
      // The quota arrives with the page's own call; wait on its text rather than reading it once.
      await page.getByTestId('popup-cost').getByText(`本月剩余 ${quota.remaining} 次`).waitFor();
      await pickAccount(page, 'backfill-account', target.name);
      const days = page.getByTestId('backfill-days');
      const daysInput = (await days.evaluate((e) => e.tagName)) === 'INPUT' ? days : days.locator('input');
      await daysInput.fill('30');
      await page.getByTestId('popup-cost').getByText('本次消耗 1 次').waitFor();
      await page.getByTestId('backfill-start').click();
      await toast(page, new RegExp(`已提交「${target.name}」的回采，本次消耗 1 次`)).waitFor();

      const orders = page.getByTestId('backfill-orders');
      await orders.getByText(target.name).waitFor();
      const listed = (await member.get('/fbmain/monitor/v1/history_crawl_list')).body.data.list as Json[];
      expect(listed).toHaveLength(1);
      const order = listed[0];
      expect(order.mid).toBe(target.mid);
      // The progress bar follows the collector until the order is done, without reloading the page.
      await orders.getByTestId('backfill-state').getByText('已完成').waitFor({ timeout: 90_000 });
      expect(
        await orders.getByTestId('backfill-progress').locator('.ant-progress').getAttribute('aria-valuenow'),
      ).toBe('100');
      await screenshot(page, 'backfill-done.png', { fullPage: true });

      // Details: the stored figures and the titles, as the API answers them.
      await orders.getByTestId('backfill-detail-link').click();
      await page.waitForURL(/\/main\/stopingDetail\?request_id=/);
      const storage = (
        await member.get('/fbmain/monitor/v1/new_data_storage', { request_id: order.request_id })
      ).body.data;
      const titles = (
        await member.get('/fbmain/monitor/v1/new_data_title', { request_id: order.request_id, pagesize: 50 })
      ).body.data;
      expect(titles.total).toBeGreaterThan(0);
      await page.locator('.ant-pagination-total-text').getByText(`共 ${titles.total} 篇`).waitFor();
      expect(await page.getByTestId('backfill-stored').textContent()).toContain(
        String(storage.stored.articles),
      );
      const shown = await page.getByTestId('backfill-title').allInnerTexts();
      expect(shown).toEqual(titles.article_list.slice(0, 20).map((a: Json) => a.title));

      // An article's text opens in the drawer.
      await page.getByTestId('backfill-title').first().click();
      await page.getByTestId('backfill-article-text').waitFor();
      const text = (
        await member.get('/fbmain/monitor/v1/new_data_notice_content', {
          request_id: order.request_id,
          aid: titles.article_list[0].aid,
        })
      ).body.data;
      expect(await page.getByTestId('backfill-article-text').textContent()).toContain(
        text.has_content ? text.content.slice(0, 20) : text.content_tip,
      );
      await screenshot(page, 'backfill-article.png');
      await page.keyboard.press('Escape');

      // The CSV export: every collected article of the window is a row with the API's title, position and counters.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('backfill-export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${target.name}_历史文章.csv`);
      const file = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
      const [header, ...rows] = parseCsv(file);
      expect(header).toEqual((await member.get('/fbmain/common/v1/statistics_download')).body.data.columns);
      // Demo titles repeat, even within one push: a row is its article link.
      const byLink = new Map(rows.map((r) => [r[10], r]));
      for (const a of titles.article_list as Json[]) {
        const row = byLink.get(a.href);
        expect(row, a.title).toBeDefined();
        expect(Number(row?.[5])).toBe(a.read);
        expect(Number(row?.[6])).toBe(a.zan);
      }
      // The window's rows (published from the order's start on) are exactly the collected articles.
      const inWindow = rows.filter((r) => (r[0] as string) >= order.start_time);
      expect(inWindow.length).toBe(titles.total);
      await screenshot(page, 'backfill-detail.png', { fullPage: true });
      expect(problems).toEqual([]);
      await ctx.close();
    }, 180_000);

    it('orders a monitor by article link, opens its report, and cancels a next-post monitor for a refund', async () => {
      const hot = (await member.get('/fbmain/main/v1/today_hot', { num: 5 })).body.data
        .article_list as Json[];
      const art = hot[0];
      const ctx = await context(browser, member.token as string);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/appsearch/monitorNew`);
      await page.getByTestId('monitor-form').waitFor();
      const before = (await member.get('/fbmain/monitor/v1/monitor_quota')).body.data;
      await page.getByTestId('popup-cost').getByText(`本月剩余 ${before.remaining} 次`).waitFor();
      await page.getByTestId('monitor-url').fill(art.href);
      await page.getByTestId('monitor-verify').click();
      await page.getByTestId('monitor-link-preview').getByText(art.title).waitFor();
      await page.getByTestId('monitor-freq').getByText('2分钟').click();
      await page.getByTestId('monitor-start').click();
      const created = page.getByTestId('monitor-created');
      await created.waitFor();
      expect(await created.textContent()).toContain(`本月剩余 ${before.remaining - 1} 次`);
      await screenshot(page, 'monitor-created.png');
      await created.getByTestId('monitor-report-link').click();
      await page.waitForURL(/\/main\/appsearch\/monitorViewNew\?post=/);
      await page.getByTestId('report-profile').getByText(art.title).first().waitFor();

      // The task list shows the order as history_task_list answers it, linking to the same report.
      await page.goto(`${url}/main/appsearch/monitors`);
      const tasks = page.getByTestId('tasks-article');
      await tasks.getByTestId('task-report-link').first().waitFor();
      const api = (await member.get('/fbmain/monitor/v1/history_task_list')).body.data.list as Json[];
      expect(api).toHaveLength(1);
      expect(await tasks.getByTestId('task-report-link').allInnerTexts()).toEqual([art.title]);
      expect(await tasks.getByTestId('task-state').allInnerTexts()).toEqual([api[0].state_label]);
      expect(await tasks.textContent()).toContain('2分钟');
      await screenshot(page, 'monitor-tasks.png', { fullPage: true });

      // Next post of an account: ordered, listed as waiting, cancelled with its count back.
      const target = accounts[5];
      await page.goto(`${url}/main/appsearch/monitorNew`);
      await page.getByTestId('monitor-mode').getByText('公众号下一篇').click();
      await pickAccount(page, 'monitor-account', target.name);
      await page.getByTestId('monitor-account-info').getByText(target.name).waitFor();
      await page.getByTestId('monitor-start').click();
      await page
        .getByTestId('monitor-created')
        .getByText(`「${target.name}」下一篇文章发布后自动开始监测`)
        .waitFor();
      await page.getByTestId('monitor-tasks-link').click();
      await page.getByRole('tab', { name: '下一篇监测' }).click();
      const next = page.getByTestId('tasks-next_post');
      await next.getByTestId('task-state').getByText('等待发文').waitFor();
      const used = (await member.get('/fbmain/monitor/v1/monitor_quota')).body.data.used;
      await next.getByTestId('task-cancel').click();
      await page.locator('.ant-popover').getByRole('button', { name: '确 定' }).click();
      await toast(page, '已取消，次数已退还').waitFor();
      await next.getByTestId('task-state').getByText('已取消').waitFor();
      expect((await member.get('/fbmain/monitor/v1/monitor_quota')).body.data.used).toBe(used - 1);
      expect(problems).toEqual([]);
      await ctx.close();
    }, 120_000);

    it('the account monitor’s figures move while the page is open as snapshots arrive', async () => {
      const target = accounts[1];
      const list = (
        await member.get('/fbmain/search/v1/detail_pubList', { mId: target.mid, page: 1, num: 20 })
      ).body.data.article_list as Json[];
      const art = list[0].articles[0];
      const ctx = await context(browser);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/OfficialAccountMonitor?mid=${target.mid}`);
      await page.getByTestId('live-account').getByText(target.name).waitFor();
      const firstRead = page.getByTestId('live-posts').locator('tbody tr').first().getByTestId('live-read');
      await expect.poll(() => firstRead.textContent()).toBe(art.read.toLocaleString('zh-CN'));
      const before = await page.getByTestId('live-updated').textContent();

      // Two polls of the newest article land on the bus; the open page picks them up on its own.
      const poll = (k: number) => ({
        key: String(target.mid),
        value: {
          aid: art.aid,
          mid: target.mid,
          ts: NOW_S + 60 * k,
          read: art.read + 700 * k,
          zan: art.zan + 20 * k,
          looking: art.looking + 3 * k,
          share: 0,
          comment: 0,
        },
      });
      await platform.bus?.publish('snapshots', [poll(1), poll(2)]);
      await expect
        .poll(() => firstRead.textContent(), { timeout: 30_000 })
        .toBe(`${(art.read + 1400).toLocaleString('zh-CN')}↑1,400`);
      const row = page.getByTestId('live-posts').locator('tbody tr').first();
      expect(await row.getByTestId('live-zan').textContent()).toBe(
        `${(art.zan + 40).toLocaleString('zh-CN')}↑40`,
      );
      expect(await page.getByTestId('live-updated').textContent()).not.toBe(before);
      await screenshot(page, 'official-monitor-live.png', { fullPage: true });
      expect(problems).toEqual([]);
      await ctx.close();
    }, 90_000);

    it('keyword monitors list what user_keyword_search and video_keyword_search answer', async () => {
      // A word of an article title from the demo data, so the monitor has hits.
      const title = (await member.get('/fbmain/main/v1/today_hot', { num: 1 })).body.data.article_list[0]
        .title;
      const keyword = [...title].slice(0, 2).join('');
      const ctx = await context(browser, member.token as string);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/OfficialAccountKeywordMonitor`);
      await page.getByTestId('keyword-input').fill(keyword);
      await page.getByTestId('keyword-add').click();
      await toast(page, '添加成功').waitFor();
      const hits = page.getByTestId('keyword-hits');
      await hits.getByTestId('keyword-hit-title').first().waitFor();
      const api = (await member.get('/fbmain/search/v1/user_keyword_search', { pagesize: 10, days: 7 })).body
        .data;
      expect(api.total).toBeGreaterThan(0);
      await page.getByTestId('keyword-hit-total').getByText(`近 7 天共 ${api.total} 篇`).waitFor();
      expect(await hits.getByTestId('keyword-hit-title').allInnerTexts()).toEqual(
        api.list.map((h: Json) => h.title),
      );
      expect(await hits.locator('em').first().textContent()).toMatch(new RegExp(keyword, 'i'));
      await screenshot(page, 'keyword-monitor.png', { fullPage: true });

      // Video posts: the same keywords over video descriptions; an industry word of the world's video titles.
      const video = await until('an account with a video account', async () => {
        for (const a of accounts) {
          const r = await member.get('/fbmain/search/v1/video_account_detail', { mid: a.mid });
          if (r.body.error_code === 0) return { a, account: r.body.data.account };
        }
        return null;
      });
      const posts = (
        await member.get('/fbmain/search/v1/video_post_list', { finder_id: video.account.finder_id, num: 20 })
      ).body.data;
      const videoWord = [...(String(posts.post_list[0].desc).split('：')[1] ?? '')].slice(0, 2).join('');
      await page.goto(`${url}/main/VideoAccountKeywordMonitor`);
      await page.getByTestId('keyword-list').getByText(keyword).waitFor();
      await page.getByTestId('keyword-input').fill(videoWord);
      await page.getByTestId('keyword-add').click();
      await toast(page, '添加成功').waitFor();
      await page.getByTestId('keyword-filter').getByText(videoWord).click();
      const vapi = (
        await member.get('/fbmain/search/v1/video_keyword_search', { keyword: videoWord, pagesize: 10 })
      ).body.data;
      expect(vapi.total).toBeGreaterThan(0);
      for (const h of vapi.list as Json[])
        expect(String(h.desc).toLowerCase()).toContain(videoWord.toLowerCase());
      await page.getByTestId('video-hit-total').getByText(`近 7 天共 ${vapi.total} 个作品`).waitFor();
      expect(await page.getByTestId('video-hit-desc').allInnerTexts()).toEqual(
        vapi.list.map((h: Json) => h.desc),
      );
      // Only the member's own keywords.
      const other = await member.get('/fbmain/search/v1/video_keyword_search', { keyword: '未订阅的词' });
      expect(refusal(other)).toBe(40004);
      expect(other.body.msg).toBe('未订阅关键词"未订阅的词"，请先添加关键词');
      await screenshot(page, 'video-keyword-monitor.png', { fullPage: true });

      // The video account monitor shows the account's figures and posts as the API answers them.
      await page.goto(`${url}/main/VideoAccountMonitor?mid=${video.a.mid}`);
      await page.getByTestId('video-stats').waitFor();
      expect(await page.getByTestId('video-stats').textContent()).toContain(
        video.account.posts_total.toLocaleString('zh-CN'),
      );
      const rows = page.getByTestId('video-posts').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(posts.post_list.length);
      expect(await rows.first().textContent()).toContain(posts.post_list[0].desc);
      await screenshot(page, 'video-monitor.png', { fullPage: true });
      expect(problems).toEqual([]);
      await ctx.close();
    }, 120_000);

    it('history data page lists a range and the full download saves the same rows the API exports', async () => {
      const target = accounts[2];
      const ctx = await context(browser, member.token as string);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/historyTwo`);
      await pickAccount(page, 'export-account', target.name);
      const api = (
        await member.get('/fbmain/search/v1/detail_pubList', { mId: target.mid, page: 1, num: 20 })
      ).body.data;
      const table = page.getByTestId('history-data-articles');
      await page.getByTestId('history-data-pager').getByText(`共 ${api.total} 次群发`).waitFor();
      const first = api.article_list[0].articles[0];
      expect(await table.locator('tbody tr').first().textContent()).toContain(first.title);
      await screenshot(page, 'history-data.png', { fullPage: true });

      await page.goto(`${url}/main/quanliang1`);
      await pickAccount(page, 'export-account', target.name);
      await page.getByTestId('export-format').getByText('CSV').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-submit').click(),
      ]);
      const saved = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
      const served = await member.get('/fbmain/search/v1/export_history', { mid: target.mid, format: 'csv' });
      expect(saved).toBe(served.text.replace(/^\uFEFF/, ''));
      const rows = parseCsv(saved).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r[2] === first.title)).toBe(true);
      await screenshot(page, 'quanliang-member.png', { fullPage: true });
      expect(problems).toEqual([]);
      await ctx.close();
    }, 90_000);
  },
);

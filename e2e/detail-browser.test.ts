import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import {
  haveChromium,
  launchBrowser,
  sessionContext as memberContext,
  screenshot,
  watchProblems,
} from './browser';
import { publishStepSeries, startInProcess, until, waitReady } from './harness';
import { buy, type Client, signUp } from './members-harness';

/**
 * The official account detail (spec §2) in a real browser against the whole platform on demo data: every tab as a
 * deluxe member, the limit panels as a free member, a monitor started from its popup with its report, a
 * back-collection order, the similar-accounts popup and the refresh control.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[detail browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

type Json = any;

/** Words of Latin letters a user may see in these regions: the index's own name. */
const LATIN_ALLOWED = new Set(['WCI']);

/** At each desktop width the page has no horizontal scroll and `region` shows no English words. */
async function checkWidths(page: Page, region: string, shot: string): Promise<void> {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const size = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(size.scroll, `horizontal scroll at ${width}px`).toBeLessThanOrEqual(size.client);
    const text = (await page.getByTestId(region).textContent()) ?? '';
    expect((text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !LATIN_ALLOWED.has(w))).toEqual([]);
    await screenshot(page, `${shot}-${width}.png`, { fullPage: true });
  }
}

describe.runIf(runBrowser)('the official account detail in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let deluxe: Client;
  let free: Client;
  /** An account with 阅读原文 links and mini-programs (every tab enabled). */
  let full: Json;

  beforeAll(async () => {
    platform = await startInProcess({ RANK_EVERY_S: '1', FAKE_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    deluxe = await signUp(url);
    await buy(deluxe, 'vip3_q');
    free = await signUp(url);
    const all = await deluxe.post('/fbmain/search/v1/key_search', { kw: '', num: 50 });
    const details: Json[] = await Promise.all(
      all.body.data.accounts.map(
        async (a: Json) =>
          (await deluxe.get('/fbmain/search/v1/mp_detail', { mId: a.mid })).body.data.account,
      ),
    );
    full = details
      .filter((a) => a.url_link_total >= 1 && a.associated_applet_total >= 1)
      .sort((a, b) => b.url_link_total - a.url_link_total)[0];
    if (!full) throw new Error('the demo data has no account with links and mini-programs');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('a deluxe member uses every tab: analysis, owner with its hour chart, 阅读原文 links, mini-programs', async () => {
    const mid = full.mid as number;
    const api = async (p: string, q: Record<string, unknown>) => (await deluxe.get(p, q)).body;
    const context = await memberContext(browser, deluxe.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${mid}&active=0`);
    await page.getByTestId('account-header').waitFor();
    await page.getByTestId('article-row').first().waitFor();
    expect(await page.getByTestId('account-header').textContent()).toContain(full.name);
    // Titles lead to our own article page, never to the upstream (the simulator's loopback address).
    expect(await page.getByTestId('article-title-link').first().getAttribute('href')).toMatch(
      /^\/main\/appsearch\/details\?post=\d+_\d+_\d+$/,
    );
    // 传播指数 and WCI: each explained in one tooltip with its formula and source.
    await page.getByTestId('index-term').hover();
    await page.getByRole('tooltip').filter({ hasText: '传播指数（本平台指数）= 近30天 WCI × 100' }).waitFor();
    await page.getByTestId('wci-term').hover();
    await page.getByRole('tooltip').filter({ hasText: 'WCI（微信传播指数，公开的 V14.2 算法）' }).waitFor();
    expect(await page.getByRole('tooltip').filter({ hasText: '数据来源' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'header-wci-tooltip.png');
    const ownerLabel = `主体信息(${full.owner_total > 0 ? full.owner_total : 1})`;
    expect(await page.getByRole('tab', { name: ownerLabel }).count()).toBe(1);

    // 1 Basic analysis: the figures and one table row and bar per position, as detail_statistic answers.
    const stat = (await api('/fbmain/search/v1/detail_statistic', { mId: mid })).data;
    await page.getByRole('tab', { name: '基础分析' }).click();
    await page.getByTestId('analysis-tab').waitFor();
    expect(new URL(page.url()).searchParams.get('active')).toBe('1');
    await expect.poll(() => page.getByTestId('overview-row').count()).toBe(stat.read_overview.length);
    const firstRow = await page.getByTestId('overview-row').first().textContent();
    expect(firstRow).toContain(stat.read_overview[0].avg_read.toLocaleString('zh-CN'));
    expect(await page.getByTestId('analysis-tab').textContent()).toContain(
      stat.analysis_info.avg_top_read.toLocaleString('zh-CN'),
    );
    expect(await page.getByTestId('overview-chart-bar').count()).toBe(stat.read_overview.length);
    expect(await page.getByText('扫码关注').isVisible()).toBe(true);
    await screenshot(page, 'tab-analysis.png', { fullPage: true });

    // The daily trend: one bar (articles) per day and the reads line, as t_detail_statistic answers; 7/30/90 days.
    const trend = (await api('/fbmain/search/v1/t_detail_statistic', { mId: mid, days: 30 })).data;
    await page.getByTestId('trend-daily').waitFor();
    const dayBars = await page
      .getByTestId('trend-daily-bar')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(dayBars).toEqual(trend.list.map((d: Json) => d.articles));
    expect(await page.getByTestId('trend-totals').textContent()).toContain(
      `总阅读 ${trend.total.reads.toLocaleString('zh-CN')}`,
    );
    await page.getByTestId('trend-days').getByText('近7天').click();
    await expect.poll(() => page.getByTestId('trend-daily-bar').count()).toBe(7);
    const week = (await api('/fbmain/search/v1/t_detail_statistic', { mId: mid, days: 7 })).data;
    const last = week.list.at(-1);
    // Over the last day (the chart's right margin is 48 px): hover scrolls the chart into view first.
    const box = await page.getByTestId('trend-daily').boundingBox();
    if (!box) throw new Error('the trend chart has no box');
    await page.getByTestId('trend-daily').hover({ position: { x: box.width - 60, y: box.height / 2 } });
    const tip = page.getByTestId('trend-daily-tooltip');
    await tip.waitFor();
    expect(await tip.textContent()).toBe(
      `${last.date}阅读：${last.reads.toLocaleString('zh-CN')}发文篇数：${last.articles.toLocaleString('zh-CN')}`,
    );
    await checkWidths(page, 'trend-card', 'tab-analysis-trend');
    await page.setViewportSize({ width: 1360, height: 900 });

    // 2 Owner: the same-owner state that fits the count, and one labelled bar per hour with posts.
    const owner = (await api('/fbmain/search/v1/detail_owner', { mId: mid })).data;
    const hours = (await api('/fbmain/search/v1/public_time', { mid })).data;
    await page.getByRole('tab', { name: ownerLabel }).click();
    await page.getByTestId('owner-tab').waitFor();
    expect(await page.getByTestId('owner-tab').textContent()).toContain(owner.owner);
    const others = owner.same_accounts.length;
    const state = page.getByTestId('same-owner-state');
    if (others >= 4) {
      expect(await state.textContent()).toContain(`同主体公众号 ${others} 个，点击查看更多`);
      expect(await page.getByTestId('same-owner-item').count()).toBe(3);
      await page.getByTestId('same-owner-more').click();
      await expect.poll(() => page.getByTestId('same-owner-item').count()).toBe(others);
    } else if (others > 0) {
      expect(await state.textContent()).toBe('已全部展示');
      expect(await page.getByTestId('same-owner-item').count()).toBe(others);
    } else {
      expect(await state.textContent()).toBe('暂无同主体公众号');
    }
    await page.getByTestId('hours-chart').waitFor();
    const bars = await page
      .getByTestId('hours-chart-bar')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(bars).toEqual(Array.from({ length: 24 }, (_, h) => hours[String(h)]));
    const labels = await page.getByTestId('hours-chart').locator('.detail-bar-label').count();
    expect(labels).toBe(bars.filter((v) => v > 0).length);
    await screenshot(page, 'tab-owner.png', { fullPage: true });

    // 3 阅读原文 links: 10 per page, the time window and the sort go to the API.
    const links30 = await api('/fbmain/original/v1/original_text_link', { id: mid, days: 30, pagesize: 10 });
    await page.getByRole('tab', { name: '阅读原文' }).click();
    await page.getByTestId('links-tab').waitFor();
    await expect.poll(() => page.getByTestId('link-row').count()).toBe(Math.min(10, links30.total_number));
    expect(await page.getByTestId('link-title').allInnerTexts()).toEqual(
      links30.article_list.map((l: Json) => l.article_title),
    );
    expect(
      await page
        .getByTestId('link-title')
        .getByTestId('article-title-link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href'))),
    ).toEqual(
      links30.article_list.map((l: Json) => `/main/appsearch/details?post=${encodeURIComponent(l.post)}`),
    );
    const byRead = await api('/fbmain/original/v1/original_text_link', {
      id: mid,
      days: 60,
      orderby: 'read',
      pagesize: 10,
    });
    await page.getByTestId('link-days').getByText('近60天').click();
    await page.getByTestId('link-order').getByText('阅读数').click();
    await expect
      .poll(() => page.getByTestId('link-title').allInnerTexts())
      .toEqual(byRead.article_list.map((l: Json) => l.article_title));
    if (byRead.total_number > 10)
      expect(await page.getByText(`共 ${byRead.total_number} 篇`).count()).toBe(1);
    await screenshot(page, 'tab-links.png', { fullPage: true });

    // 4 Mini-programs: one card per applet, in the chosen sort.
    const applets = await api('/fbmain/original/v1/associated_applet', { id: mid, pagesize: 12 });
    await page.getByRole('tab', { name: '关联小程序' }).click();
    await page.getByTestId('applets-tab').waitFor();
    await expect
      .poll(() => page.getByTestId('applet-title').allInnerTexts())
      .toEqual(applets.applet_data.map((a: Json) => a.title || '（未命名小程序）'));
    expect(await page.getByTestId('applet-card').first().textContent()).toContain(
      applets.applet_data[0].appid,
    );
    await screenshot(page, 'tab-applets.png', { fullPage: true });

    // The refresh control: busy for 5 s, progress from crawl_progress, then the update lands.
    await page.getByRole('tab', { name: '历史文章' }).click();
    await page.getByTestId('refresh-button').click();
    expect(await page.getByTestId('refresh-button').isDisabled()).toBe(true);
    await page.getByText('数据已更新').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('refresh-text').textContent()).not.toContain('数据刷新中');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a visitor gets the friendly login panel on 阅读原文 as on the other member tabs', async () => {
    const context = await memberContext(browser, null);
    const page = await context.newPage();
    // The member-only calls answer 401 to a visitor: expected here.
    const problems = watchProblems(page, (status) => status === 401);
    await page.goto(`${url}/main/appsearch/detail?mid=${full.mid}&active=3`);
    const pane = page.getByTestId('tab-pane-3');
    await pane.getByTestId('login-prompt').waitFor();
    expect(await pane.textContent()).not.toContain('用户未登录');
    expect(await pane.getByRole('button', { name: '重试' }).count()).toBe(0);
    await page.getByRole('tab', { name: '基础分析' }).click();
    await page.getByTestId('tab-pane-1').getByTestId('login-prompt').waitFor();
    await screenshot(page, 'visitor-links-login.png', { fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a free member sees the limit panels, and upgrading opens the member centre in a new tab', async () => {
    const context = await memberContext(browser, free.token as string);
    const page = await context.newPage();
    // The limited calls answer the level code in the body, with HTTP 200 (docs/api.md): no HTTP error.
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${full.mid}&active=1`);
    await page.getByTestId('level-limit').waitFor();
    expect(await page.getByTestId('level-limit').textContent()).toContain('会员等级不足，去升级');
    await screenshot(page, 'limit-analysis.png', { fullPage: true });
    const [center] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('level-upgrade').click(),
    ]);
    await center.waitForLoadState();
    expect(new URL(center.url()).pathname + new URL(center.url()).search).toBe(
      '/main/appsearch/center?tabSt=2',
    );
    await center.close();

    await page.getByRole('tab', { name: /主体信息/ }).click();
    await expect
      .poll(() => page.getByTestId('tab-pane-2').getByTestId('level-limit').textContent(), {
        timeout: 15_000,
      })
      .toContain('主体信息仅限豪华及以上会员查看');
    await page.getByRole('tab', { name: '阅读原文' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('active')).toBe('3');
    await expect
      .poll(() => page.getByTestId('tab-pane-3').getByTestId('level-limit').textContent(), {
        timeout: 15_000,
      })
      .toContain('会员等级不足，去升级');
    await screenshot(page, 'limit-owner-links.png', { fullPage: true });

    // Back-collection is a paid feature: the popup says so instead of offering the order.
    await page.getByTestId('action-backfill').click();
    await page.getByText('历史回采仅限高级及以上会员使用，去升级').waitFor();
    expect(await page.getByTestId('backfill-start').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a monitor started from the popup is debited, listed in pre-campaign analysis and opens its report', async () => {
    // The article a monitor task will poll (its series is published below, as the task's collector would).
    const hot = (await deluxe.get('/fbmain/main/v1/today_hot', { num: 50 })).body.data.article_list as Json[];
    const art = [...hot].sort((a, b) => a.pubtime.localeCompare(b.pubtime))[0];
    const before = (await deluxe.get('/fbmain/monitor/v1/monitor_quota')).body.data;

    const context = await memberContext(browser, deluxe.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${art.mid}&active=0`);
    await page.getByTestId('action-monitor').click();
    const cost = page.getByTestId('popup-cost');
    // The quota arrives with the popup's own call: wait for the text, do not read it once.
    await expect
      .poll(() => cost.textContent())
      .toBe(`本次消耗 1 次监测，本月剩余 ${before.remaining} 次（共 ${before.allowance} 次）`);
    // All eight positions cost eight counts.
    await page.getByTestId('popup-position').getByText('全部').click();
    await expect.poll(() => cost.textContent()).toContain('本次消耗 8 次监测');
    await page.getByTestId('monitor-mode').getByText('按文章地址').click();
    await page.getByTestId('monitor-url').fill(art.href);
    await page.getByTestId('monitor-freq').getByText('2分钟').click();
    await page.getByTestId('monitor-days').getByText('2天').click();
    await screenshot(page, 'popup-monitor.png');
    await page.getByTestId('monitor-start').click();
    await page.getByTestId('monitor-created').waitFor();
    expect(await page.getByTestId('monitor-created').textContent()).toContain(
      `本月剩余 ${before.remaining - 1} 次`,
    );
    const post = `${art.mid}_${art.aid}`;
    expect(await page.getByTestId('monitor-report-link').getAttribute('href')).toBe(
      `/main/appsearch/monitorView?post=${encodeURIComponent(post)}`,
    );
    const after = (await deluxe.get('/fbmain/monitor/v1/monitor_quota')).body.data;
    expect(after.remaining).toBe(before.remaining - 1);
    const tasks = (await deluxe.get('/fbmain/monitor/v1/history_task_list')).body.data.list as Json[];
    expect(tasks.map((t) => [t.post, t.freq, t.day])).toEqual([[post, 2, 2]]);
    await page.getByTestId('monitor-close').click();

    // The task's polls arrive; the fake-traffic stream judges them.
    await publishStepSeries(platform, url);
    await until('the fake-traffic verdict in the pre-campaign list', async () => {
      const r = await deluxe.get('/fbmain/monitor/v1/monitor_list', { mid: art.mid });
      return r.body.data?.list?.[0]?.status === 1;
    });
    await page.reload();
    // Generous: the fake-traffic processor runs every second beside these queries on two cores.
    await expect
      .poll(() => page.getByTestId('action-analysis').textContent(), { timeout: 30_000 })
      .toContain('投放前分析（1）');
    await page.getByTestId('action-analysis').click();
    await page.getByTestId('analysis-row').first().waitFor();
    expect(await page.getByTestId('analysis-row').count()).toBe(1);
    const row = (await page.getByTestId('analysis-row').textContent()) ?? '';
    expect(row).toContain(art.title);
    expect(row).toContain('2天（每2分钟）');
    expect(row).toContain('疑似刷量');
    // The title leads to our article page, the flagged result to its report.
    const listRow = page.getByTestId('analysis-row').first();
    expect(await listRow.getByTestId('article-title-link').getAttribute('href')).toBe(
      `/main/appsearch/details?post=${encodeURIComponent(post)}`,
    );
    expect(await listRow.getByTestId('report-link').getAttribute('href')).toBe(
      `/main/appsearch/monitorViewNew?post=${encodeURIComponent(post)}`,
    );
    await screenshot(page, 'popup-analysis-list.png');

    const report = (await deluxe.get('/fbmain/monitor/v1/read_praise_report', { post })).body.data;
    await page.getByTestId('analysis-open').click();
    const detail = page.getByTestId('analysis-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('report-status').textContent()).toBe('疑似刷量');
    expect(await detail.getByTestId('report-verdict').textContent()).toContain(
      report.forecast_fake.toLocaleString('zh-CN'),
    );
    const points = await detail
      .getByTestId('trend-line-read')
      .evaluate((el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).length);
    expect(points).toBe(report.charts.read.length);
    expect(await detail.getByTestId('trend-line-praise').count()).toBe(1);
    expect(await detail.getByTestId('report-row').count()).toBe(Math.min(report.table.length, 24));
    // The 'collect report' label collects it.
    await detail.getByTestId('collect-report').click();
    await expect.poll(() => detail.getByTestId('collect-report').textContent()).toBe('已收藏报告');
    const fav = await deluxe.get('/fbmain/search/v1/favorite_report_option', { post });
    expect(fav.body.data.is_favorite).toBe(1);
    await screenshot(page, 'popup-analysis-detail.png');

    // The history list marks the judged article and links to its report; the report shows the monitoring window
    // and leads back.
    await page.goto(`${url}/main/appsearch/detail?mid=${art.mid}&active=0`);
    const flagged = page.getByTestId('article-row').filter({ hasText: art.title });
    await flagged.getByTestId('article-report').waitFor();
    expect(await flagged.getByTestId('article-report').textContent()).toContain('疑似刷量');
    await flagged.getByTestId('report-link').click();
    await page.getByTestId('report-page').waitFor();
    const fresh = (await deluxe.get('/fbmain/monitor/v1/read_praise_report', { post })).body.data;
    expect(await page.getByTestId('report-start').textContent()).toBe(
      fresh.profile.start_ts || '等待首次采集',
    );
    // The order runs for 2 days: 监测中 until its end; the last poll apart.
    expect(fresh.profile.monitoring).toBe(1);
    expect(await page.getByTestId('report-monitoring').textContent()).toBe(
      `监测中计划至 ${fresh.profile.end_ts}`,
    );
    expect(await page.getByTestId('report-last-poll').textContent()).toBe(fresh.profile.last_poll);
    // The first hour has no earlier poll: its 新增 is marked, not the count since publication.
    expect(fresh.table[0].read_add).toBeNull();
    expect(await page.getByTestId('report-row').first().getByTestId('report-first-add').count()).toBe(2);
    expect(await page.getByTestId('report-back-account').getAttribute('href')).toBe(
      `/main/appsearch/detail?mid=${art.mid}&active=0`,
    );
    await checkWidths(page, 'report-back', 'report-page');
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.getByTestId('report-back-prev').click();
    await page.getByTestId('account-header').waitFor();

    // Our article page: stored title, counters, the article on WeChat (the demo's link marked), its report.
    const content = (await deluxe.get('/fbmain/tools/v1/article_content', { post })).body.data;
    await page.goto(`${url}/main/appsearch/details?post=${encodeURIComponent(post)}`);
    await page.getByTestId('article-data').waitFor();
    expect(await page.getByTestId('article-title').textContent()).toBe(content.title);
    const wechat = await page.getByTestId('article-wechat-link').getAttribute('href');
    expect(wechat).toBe(content.wechat_url);
    expect(wechat).toMatch(/^https:\/\/mp\.weixin\.qq\.com\/s\?__biz=.+&mid=\d+&idx=\d+&sn=/);
    expect(await page.getByTestId('article-wechat-demo').count()).toBe(content.wechat_url_built);
    expect(await page.getByTestId('counter-read').getAttribute('data-value')).toBe(String(content.read));
    await page.getByTestId('article-report-link').waitFor();
    expect(await page.getByTestId('article-report-link').getAttribute('href')).toBe(
      `/main/appsearch/monitorViewNew?post=${encodeURIComponent(post)}`,
    );
    if (content.content) await page.getByTestId('article-body').waitFor();
    await checkWidths(page, 'article-wechat', 'article-page');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a back-collection ordered from the popup debits the month and is listed', async () => {
    const before = (await deluxe.get('/fbmain/monitor/v1/history_crawl_list')).body.data.quota;
    const context = await memberContext(browser, deluxe.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${full.mid}&active=0`);
    await page.getByTestId('action-backfill').click();
    const cost = page.getByTestId('popup-cost');
    // The quota arrives with the popup's own call: wait for the text, do not read it once.
    await expect
      .poll(() => cost.textContent())
      .toBe(`本次消耗 6 次回采，本月剩余 ${before.remaining} 次（共 ${before.allowance} 次）`);
    await page.getByRole('dialog').getByRole('spinbutton').fill('60');
    await page.getByTestId('popup-position').getByText('头条').click();
    await expect.poll(() => cost.textContent()).toContain('本次消耗 2 次回采');
    await screenshot(page, 'popup-backfill.png');
    await page.getByTestId('backfill-start').click();
    const done = page.getByTestId('backfill-created');
    await done.waitFor();
    expect(await done.textContent()).toContain('（60天，头条）');
    expect(await done.textContent()).toContain(`本月剩余 ${before.remaining - 2} 次`);
    const list = (await deluxe.get('/fbmain/monitor/v1/history_crawl_list')).body.data;
    expect(list.list.map((o: Json) => [o.mid, o.days, o.position])).toEqual([[full.mid, 60, 1]]);
    expect(list.quota.remaining).toBe(before.remaining - 2);
    await screenshot(page, 'popup-backfill-done.png');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the similar-accounts popup sorts, counts, nests and adds to favourites', async () => {
    const mid = full.mid as number;
    const byMatch = (await deluxe.get('/fbmain/search/v1/mp_similar', { mid, sort: 0 })).body.data;
    const byFans = (await deluxe.get('/fbmain/search/v1/mp_similar', { mid, sort: 1 })).body.data;
    expect(byMatch.total).toBeGreaterThan(0);
    const context = await memberContext(browser, deluxe.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${mid}&active=0`);
    await page.getByTestId('action-similar').click();
    await page.getByTestId('similar-item').first().waitFor();
    expect(await page.getByTestId('similar-base').textContent()).toContain(
      `同主体公众号 ${full.same_owner} 个`,
    );
    expect(await page.getByTestId('similar-total').textContent()).toBe(`共找到 ${byMatch.total} 个结果`);
    expect(await page.getByTestId('similar-name').allInnerTexts()).toEqual(
      byMatch.accounts.map((a: Json) => a.name),
    );
    // Sorted by estimated fans: the page shows the server's answer to its own call (figures may still move while
    // the analytics catches up on a loaded machine, so compare with that answer, and check its order here).
    const answered = page.waitForResponse(
      (r) => r.url().includes('/mp_similar') && r.url().includes('sort=1'),
    );
    const sort = page.getByTestId('similar-sort');
    await sort.click();
    await page.locator('.ant-select-item-option').filter({ hasText: '估算活跃粉丝' }).click();
    await expect.poll(() => sort.textContent()).toContain('估算活跃粉丝');
    const shownByFans = ((await (await answered).json()) as Json).data;
    const fans = shownByFans.accounts.map((a: Json) => a.fans as number);
    expect(fans).toEqual([...fans].sort((a, b) => b - a));
    expect(shownByFans.total).toBe(byFans.total);
    await expect
      .poll(() => page.getByTestId('similar-name').allInnerTexts(), { timeout: 10_000 })
      .toEqual(shownByFans.accounts.map((a: Json) => a.name));

    // Without a group the picker asks for one; then a new group takes the account.
    const first = shownByFans.accounts[0];
    await page.getByTestId('similar-favorite').first().click();
    await page.getByTestId('favorite-submit').click();
    await page.getByText('请选择您想要的分组或公众号后再加入收藏').waitFor();
    await page.getByTestId('favorite-new-group').fill('竞品');
    await page.getByRole('button', { name: '新建分组' }).click();
    await page.getByText('创建成功').waitFor();
    await page.getByTestId('favorite-submit').click();
    await page.getByText('添加成功').waitFor();
    const favs = (await deluxe.get('/fbmain/search/v1/favorite_list')).body.data.list as Json[];
    expect(favs.map((f) => f.mid)).toEqual([first.mid]);
    await screenshot(page, 'popup-similar.png');

    // Nested: the similar accounts of the first one, then back.
    const nested = (await deluxe.get('/fbmain/search/v1/mp_similar', { mid: first.mid, sort: 0 })).body.data;
    await page.getByTestId('similar-nested').first().click();
    await expect
      .poll(() => page.getByTestId('similar-total').textContent(), { timeout: 10_000 })
      .toBe(`共找到 ${nested.total} 个结果`);
    expect(await page.getByTestId('similar-base').textContent()).toContain(first.name);
    await page.getByRole('button', { name: '返回上一级' }).click();
    await expect.poll(() => page.getByTestId('similar-base').textContent()).toContain(full.name);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { sessionContext as context, haveChromium, launchBrowser, screenshot, watchProblems } from './browser';
import { publishStepSeries, startInProcess, until, waitReady } from './harness';
import { buy, type Client, signUp } from './members-harness';

/**
 * Rankings (rank/v1, original/v1), mini-programs, follows, keyword subscriptions, account comparison and brand
 * pages in a real browser, against the whole platform started in this process. Every page's rows are checked
 * against what the API answers for the same choice.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser) console.warn('[ranks browser tests] skipped: /usr/bin/chromium not found');

type Json = any;

async function api(url: string): Promise<Json> {
  return (await fetch(url)).json();
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

const shot = (page: Page, name: string) => screenshot(page, `${name}.png`, { fullPage: true });

/** Polls for up to 20 s: pages load lazily and refetch after each switch. */
const poll = <T>(f: () => Promise<T>) => expect.poll(f, { timeout: 20_000 });

/** Names of the ranking rows shown, in order. */
const rowNames = (page: Page) => page.getByTestId('rank-account').allInnerTexts();

/** The key columns of a ranking, as their headings read. */
const KEY_HEADINGS = [
  '排名',
  '公众号',
  'WCI',
  '传播指数',
  '发文',
  '总阅读',
  '平均阅读',
  '头条均阅读',
  '最高阅读',
  '点赞',
  '在看',
];

/**
 * At each width the ranking table has no horizontal scroll and every key heading lies inside the table's visible
 * box. Screenshots at both widths.
 */
async function checkFits(page: Page, headings: string[], name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('rank-row').first().waitFor();
    // The ranking's own table (the original tab shows a second one, of hot articles).
    const table = page.locator('.ant-table', { has: page.getByTestId('rank-row') });
    const box = await table.locator('.ant-table-content').evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(box.scroll, `table scroll width at ${width} px`).toBeLessThanOrEqual(box.client);
    for (const h of headings) {
      const cell = table.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${h}$`) });
      const r = (await cell.boundingBox()) as { x: number; width: number };
      expect(r.x + r.width, `${h} at ${width} px`).toBeLessThanOrEqual(box.right + 0.5);
      expect(await cell.isVisible()).toBe(true);
    }
    await screenshot(page, `${name}-${width}.png`, { fullPage: true });
  }
}

describe.runIf(runBrowser)('rankings, mini-programs, follows and brands in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let member: Client;

  beforeAll(async () => {
    platform = await startInProcess({ RANK_EVERY_S: '1', FAKE_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    member = await signUp(url);
    await buy(member, 'vip3_q');
    // The rankings are computed once the first data arrives.
    await until(
      'the first rankings',
      async () => (await api(`${url}/fbmain/rank/v1/common?num=20`)).data?.total > 0,
      120_000,
    );
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('rankings: each route opens its ranking; period, industry and area switches show what the API ranks', async () => {
    const ctx = await context(browser);
    const page = await ctx.newPage();
    const problems = watchProblems(page);

    const filters = (await api(`${url}/fbmain/rank/v1/filters`)).data;
    await page.goto(`${url}/main/appsearch/otherRankings`);
    await poll(() => page.title()).toBe('公众号榜单 - 公众号数据平台');
    // The daily list opens on yesterday's finished list (the server's yesterday).
    const day = (await api(`${url}/fbmain/rank/v1/common?num=20&date=${filters.finished.day}`)).data;
    expect(day.complete).toBe(true);
    expect(day.total).toBeGreaterThan(0);
    await poll(() => rowNames(page)).toEqual(day.list.map((r: Json) => r.name));
    expect(await page.getByTestId('rank-range').textContent()).toBe(`统计周期 ${filters.finished.day}`);
    // Counts in 万, the exact value in the tooltip.
    const reads = page.getByTestId('rank-row').first().getByTestId('figure-wan').first();
    const exact = Number(await reads.getAttribute('data-value'));
    expect(await reads.textContent()).toBe(`${(Math.round(exact / 1000) / 10).toLocaleString('zh-CN')}万`);
    await reads.hover();
    await page.locator('.ant-tooltip').getByText(exact.toLocaleString('zh-CN'), { exact: true }).waitFor();
    await checkFits(page, KEY_HEADINGS, 'rank-common-day');
    // Rank change as the API computes it (previous place − this place; null: new on the list).
    const changes = await page
      .getByTestId('rank-change')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-change')));
    expect(changes).toEqual(
      day.list.map((r: Json) => (r.rank_change === null ? 'new' : String(r.rank_change))),
    );
    // The chart draws the first ten places with their WCI.
    const bars = await page
      .getByTestId('rank-chart-bar')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-label'), Number(e.getAttribute('data-value'))]),
      );
    expect(bars).toEqual(day.list.slice(0, 10).map((r: Json) => [r.name, r.score]));
    // Today's list, still running, is a click away and says so.
    const today = (await api(`${url}/fbmain/rank/v1/common?num=20`)).data;
    expect(today.complete).toBe(false);
    await page.getByTestId('rank-running').getByText('今日').click();
    await poll(() => rowNames(page)).toEqual(today.list.map((r: Json) => r.name));
    await poll(() => page.getByTestId('rank-range').textContent()).toContain('进行中');
    expect(await page.getByTestId('rank-range').textContent()).toContain(today.period_start);
    await page.getByTestId('rank-running').getByText('昨日').click();
    await poll(() => rowNames(page)).toEqual(day.list.map((r: Json) => r.name));

    // Weekly: last week's finished ranking.
    const week = (await api(`${url}/fbmain/rank/v1/common?period=week&num=20&date=${filters.finished.week}`))
      .data;
    await page.getByTestId('rank-period').getByText('周榜').click();
    await page.getByTestId('rank-running').getByText('上周').waitFor();
    await poll(() => rowNames(page)).toEqual(week.list.map((r: Json) => r.name));
    await poll(() => page.getByTestId('rank-range').textContent()).toContain(week.period_start);

    // Industry ranking: it opens on the industry with the most accounts; switching ranks within the new one.
    await page.getByTestId('rank-tabs').getByText('行业榜').click();
    await page.waitForURL(/type=media/);
    const m1 = filters.largest_media as string;
    const m2 = (filters.media as string[]).find((m) => m !== m1) as string;
    const media1 = (
      await api(
        `${url}/fbmain/rank/v1/media?media=${encodeURIComponent(m1)}&num=20&date=${filters.finished.day}`,
      )
    ).data;
    await poll(() => page.getByTestId('rank-media').textContent()).toBe(m1);
    await poll(() => rowNames(page)).toEqual(media1.list.map((r: Json) => r.name));
    await page.getByTestId('rank-media').click();
    await page
      .locator('.ant-select-dropdown')
      .getByTitle(m2 as string, { exact: true })
      .click();
    const media2 = (
      await api(
        `${url}/fbmain/rank/v1/media?media=${encodeURIComponent(m2)}&num=20&date=${filters.finished.day}`,
      )
    ).data;
    await poll(() => rowNames(page)).toEqual(media2.list.map((r: Json) => r.name));
    if (media2.list.length > 0)
      expect(await page.getByTestId('rank-row').first().textContent()).toContain(m2 as string);

    // Area ranking.
    await page.getByTestId('rank-tabs').getByText('地区榜').click();
    const a1 = filters.largest_area as string;
    const area = (
      await api(
        `${url}/fbmain/rank/v1/area_rank?area=${encodeURIComponent(a1)}&num=20&date=${filters.finished.day}`,
      )
    ).data;
    await poll(() => rowNames(page)).toEqual(area.list.map((r: Json) => r.name));
    await shot(page, 'rank-area');

    // The real ranking's own route and title.
    await page.goto(`${url}/main/appsearch/trueNumber`);
    await poll(() => page.title()).toBe('公众号真实榜 - 公众号数据平台');
    const real = (await api(`${url}/fbmain/rank/v1/real?num=20&date=${filters.finished.day}`)).data;
    await poll(() => rowNames(page)).toEqual(real.list.map((r: Json) => r.name));
    await poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('真实榜');
    await checkFits(
      page,
      [
        '排名',
        '公众号',
        '真实 WCI',
        '发文',
        '总阅读',
        '平均阅读',
        '头条均阅读',
        '最高阅读',
        '点赞',
        '在看',
        '刷量阅读',
      ],
      'rank-real',
    );
    await page.setViewportSize({ width: 1360, height: 900 });

    await page.goto(`${url}/main/appsearch/AccountTypeRank`);
    await poll(() => page.title()).toBe('公众号行业榜 - 公众号数据平台');
    await poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('行业榜');

    // Fake-traffic rankings: rows or the empty state, as the API answers.
    for (const [route, call, title] of [
      ['trueNumberOld', 'fake', '公众号刷量榜 - 公众号数据平台'],
      ['fakeNumberOld', 'new_fake', '新增刷量榜 - 公众号数据平台'],
    ] as const) {
      await page.goto(`${url}/main/appsearch/${route}`);
      await poll(() => page.title()).toBe(title);
      const body = (await api(`${url}/fbmain/rank/v1/${call}?num=20&date=${filters.finished.day}`)).data;
      if (body.total > 0) await poll(() => rowNames(page)).toEqual(body.list.map((r: Json) => r.name));
      else await page.getByTestId('rank-empty').waitFor();
    }
    // new_fake's previous period (new_fake_old).
    const old = (await api(`${url}/fbmain/rank/v1/new_fake_old?num=20&date=${filters.finished.day}`)).data;
    await page.getByTestId('rank-previous').getByText('上一期').click();
    if (old.total > 0) await poll(() => rowNames(page)).toEqual(old.list.map((r: Json) => r.name));
    else await page.getByTestId('rank-empty').waitFor();
    await poll(() => page.getByTestId('rank-range').textContent()).toContain(old.period_start);
    await shot(page, 'rank-new-fake-old');

    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('刷量榜 rows lead to the report of the account’s flagged article, at 1280 and 1440 px without a scroll', async () => {
    // An article with a reads step the detector flags, published today: today's 刷量榜 lists its account.
    const { post } = await publishStepSeries(platform, url);
    const fake = await until(
      'the flagged account on today’s 刷量榜',
      async () => {
        const d = (await api(`${url}/fbmain/rank/v1/fake?num=20`)).data;
        return d.list.some((r: Json) => r.fake_post === post) && d;
      },
      120_000,
    );
    const row = fake.list.find((r: Json) => r.fake_post === post);
    expect(row.fake_title).not.toBe('');
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/trueNumberOld`);
    await page.getByTestId('rank-running').getByText('今日').click();
    await poll(() => rowNames(page)).toEqual(fake.list.map((r: Json) => r.name));
    const line = page.getByTestId('rank-row').filter({ hasText: row.name });
    expect(await line.getByTestId('article-title-link').textContent()).toBe(row.fake_title);
    expect(await line.getByTestId('article-title-link').getAttribute('href')).toBe(
      `/main/appsearch/details?post=${encodeURIComponent(post)}`,
    );
    await checkFits(
      page,
      ['排名', '公众号', '估算刷量阅读', '刷量篇数', '刷量占比', '发文', '总阅读', '刷量文章'],
      'rank-fake-today',
    );
    // The report opens from the row and reads the verdict.
    await line.getByTestId('report-link').click();
    await page.waitForURL(new RegExp(`/main/appsearch/monitorViewNew\\?post=${post}$`));
    await page.getByTestId('report-page').waitFor();
    await poll(() => page.getByTestId('report-status').textContent()).toBe('疑似刷量');
    expect(await page.getByTestId('report-profile').textContent()).toContain(row.fake_title);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('original ranking: original accounts, then categories, tags and hot original articles', async () => {
    const ctx = await context(browser);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/otherRankings?type=original`);
    const { finished } = (await api(`${url}/fbmain/rank/v1/filters`)).data;
    const rank = await api(`${url}/fbmain/original/v1/ranklisk?num=20&date=${finished.day}`);
    await poll(() => rowNames(page)).toEqual(rank.list.map((r: Json) => r.name));
    const scores = await page.getByTestId('rank-score').allInnerTexts();
    expect(scores.map(Number)).toEqual(rank.list.map((r: Json) => r.originals));
    await checkFits(
      page,
      [
        '排名',
        '公众号',
        '原创篇数',
        '原创阅读',
        '原创篇均阅读',
        '原创占比',
        '发文',
        '总阅读',
        'WCI',
        '传播指数',
      ],
      'rank-original-table',
    );
    await page.setViewportSize({ width: 1360, height: 900 });

    // Categories over 7 days: one bar per industry with its original articles.
    const one = await api(`${url}/fbmain/original/v1/onelevel?days=7`);
    await page.getByTestId('original-chart').waitFor();
    const values = await page
      .getByTestId('original-chart-bar')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(values).toEqual(one.list.map((c: Json) => c.article_num));
    const hotAll = await api(`${url}/fbmain/original/v1/hotarticle?days=7&pagesize=20`);
    await poll(() => page.getByTestId('original-hot').getByTestId('list-title').allInnerTexts()).toEqual(
      hotAll.article_list.map((a: Json) => a.title),
    );

    // An industry shows its tags; a tag narrows the hot articles.
    const media = one.list[0].media as string;
    await page.getByTestId('original-media').getByText(`${media}（`).click();
    const tags = await api(
      `${url}/fbmain/original/v1/secondlevel?media=${encodeURIComponent(media)}&days=7&pagesize=50`,
    );
    const tag = tags.list[0].tag as string;
    await page.getByTestId('original-tags').getByText(`${tag}（`).click();
    const hot = await api(
      `${url}/fbmain/original/v1/hotarticle?days=7&pagesize=20&media=${encodeURIComponent(media)}&tag=${encodeURIComponent(tag)}`,
    );
    await poll(() => page.getByTestId('original-hot').getByTestId('list-title').allInnerTexts()).toEqual(
      hot.article_list.map((a: Json) => a.title),
    );
    await shot(page, 'rank-original');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('mini-programs: ranking, search and the detail with its articles, accounts and same-owner list', async () => {
    const ctx = await context(browser);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/programTop`);
    await poll(() => page.title()).toBe('小程序榜 - 公众号数据平台');
    const rank = (await api(`${url}/fbmain/rank/v1/minipro_rank?num=20`)).data;
    expect(rank.total).toBeGreaterThan(0);
    await poll(() => page.getByTestId('minipro-link').allInnerTexts()).toEqual(
      rank.applet_data.map((m: Json) => m.title),
    );
    expect(
      (await page.getByTestId('minipro-exposure').allInnerTexts()).map((t) => Number(t.replace(/,/g, ''))),
    ).toEqual(rank.applet_data.map((m: Json) => m.exposure_num));
    expect(await page.getByTestId('rank-chart-bar').count()).toBe(Math.min(10, rank.applet_data.length));
    await page.getByTestId('rank-period').getByText('月榜').click();
    const month = (await api(`${url}/fbmain/rank/v1/minipro_rank?period=month&num=20`)).data;
    await poll(() => page.getByTestId('minipro-link').allInnerTexts()).toEqual(
      month.applet_data.map((m: Json) => m.title),
    );
    await shot(page, 'minipro-rank');

    // Search by part of a name, from the search page.
    const first = rank.applet_data[0];
    const kw = (first.title as string).slice(0, 2);
    await page.goto(`${url}/main/appsearch/searchild`);
    await poll(() => page.title()).toBe('小程序搜索 - 公众号数据平台');
    await page.getByTestId('minipro-search-hint').waitFor();
    await page.getByLabel('小程序名称或 appid').fill(kw);
    await page.getByLabel('小程序名称或 appid').press('Enter');
    const found = (await api(`${url}/fbmain/search/v1/minipro_search?kw=${encodeURIComponent(kw)}&num=20`))
      .data;
    expect(found.total).toBeGreaterThan(0);
    await poll(() => page.getByTestId('minipro-link').allInnerTexts()).toEqual(
      found.applet_data.map((m: Json) => m.title),
    );
    await shot(page, 'minipro-search');

    // The detail page of the ranking's first mini-program.
    await page.getByTestId('minipro-link').getByText(first.title, { exact: true }).first().click();
    await page.waitForURL(/\/main\/appsearch\/appdetail\?appid=/);
    await poll(() => page.title()).toBe('小程序详情 - 公众号数据平台');
    const detail = (await api(`${url}/fbmain/search/v1/minipro_detail?appid=${first.appid}`)).data.applet;
    await poll(() => page.getByTestId('minipro-detail-title').textContent()).toBe(detail.title);
    await poll(() => page.getByTestId('minipro-detail').textContent()).toContain(
      detail.exposure_num.toLocaleString('zh-CN'),
    );
    const arts = (await api(`${url}/fbmain/search/v1/minipro_article?appid=${first.appid}&num=20`)).data;
    await poll(() => page.getByTestId('minipro-article-title').allInnerTexts()).toEqual(
      arts.article_list.map((a: Json) => a.title),
    );
    await page.getByTestId('minipro-tabs').getByText('投放公众号').click();
    const accs = (await api(`${url}/fbmain/search/v1/minipro_mpaccount?appid=${first.appid}&num=20`)).data;
    await poll(() => page.getByTestId('minipro-account-link').allInnerTexts()).toEqual(
      accs.accounts.map((a: Json) => a.mp_name),
    );
    await shot(page, 'minipro-detail');
    // Same-owner mini-programs are owner information: a visitor is asked to log in, without a call.
    await page.getByTestId('minipro-tabs').getByText('同主体小程序').click();
    await page.getByTestId('login-prompt').waitFor();
    expect(problems).toEqual([]);
    await ctx.close();

    // A deluxe member sees the owner and its other mini-programs.
    const mctx = await context(browser, member.token as string);
    const mpage = await mctx.newPage();
    const mproblems = watchProblems(mpage);
    await mpage.goto(`${url}/main/appsearch/appdetail?appid=${first.appid}`);
    await mpage.getByTestId('minipro-tabs').getByText('同主体小程序').click();
    const same = (await member.get('/fbmain/common/v1/same_owner_minipro', { appid: first.appid, num: 50 }))
      .body.data;
    if (same.owner) {
      await mpage.getByTestId('minipro-owner').waitFor();
      expect(await mpage.getByTestId('minipro-owner').textContent()).toContain(same.owner);
      expect(await mpage.getByTestId('minipro-row').count()).toBe(same.applet_data.length);
    }
    expect(mproblems).toEqual([]);
    await mctx.close();
  });

  it('a member favourites accounts from a ranking, follows their newest articles and searches them', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/otherRankings`);
    await page.getByTestId('rank-row').first().waitFor();
    const names = await rowNames(page);
    // Select the first two rows, create a group in the picker and collect both.
    await page.getByTestId('rank-row').nth(0).locator('.ant-checkbox-input').check();
    await page.getByTestId('rank-row').nth(1).locator('.ant-checkbox-input').check();
    await page.getByTestId('rank-favorite-batch').click();
    await page.getByTestId('favorite-new-group').fill('榜单关注');
    await page.getByTestId('favorite-picker').getByRole('button', { name: '新建分组' }).click();
    await toast(page, '创建成功').waitFor();
    await page.getByTestId('favorite-submit').click();
    await toast(page, '添加成功').waitFor();
    const groups = (await member.get('/fbmain/search/v1/group_list_ext')).body.data as Json[];
    const group = groups.find((g) => g.name === '榜单关注');
    expect(group.account_list.map((a: Json) => a.name ?? a.mp_name).sort()).toEqual(names.slice(0, 2).sort());
    expect(problems).toEqual([]);

    // The follow page lists the group and the newest articles of its accounts.
    await page.goto(`${url}/main/appsearch/officialAccount`);
    await poll(() => page.title()).toBe('公众号关注 - 公众号数据平台');
    await page.getByTestId('follow-groups').getByText('榜单关注（2）').waitFor();
    const mids = group.account_list.map((a: Json) => a.mid);
    const feed = (
      await member.get('/fbmain/follow/v1/follow_account_article', { mids: mids.join(','), pagesize: 20 })
    ).body.data;
    expect(feed.total).toBeGreaterThan(0);
    await poll(() => page.getByTestId('follow-title').allInnerTexts()).toEqual(
      feed.article_list.map((a: Json) => a.title),
    );
    await page.getByTestId('follow-groups').getByText('榜单关注（2）').click();
    await poll(() => page.getByTestId('follow-heading').textContent()).toContain('榜单关注');
    // The articles table fits beside the group list at 1280 and 1440 px: nothing cut off, no horizontal scroll.
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await page
        .locator('.ant-table-content')
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `follow table at ${width} px`).toBeLessThanOrEqual(box.client);
      await screenshot(page, `follow-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1360, height: 900 });
    await shot(page, 'follow');

    // Search the followed accounts' articles with a word of the newest title.
    const word = (feed.article_list[0].title as string).replace(/[^\u4e00-\u9fa5]/g, '').slice(0, 2);
    await page.getByLabel('在关注的公众号文章中搜索').fill(word);
    await page.getByLabel('在关注的公众号文章中搜索').press('Enter');
    const hits = (
      await member.get('/fbmain/follow/v1/follow_key_search', {
        kw: word,
        group_id: group.group_id,
        pagesize: 20,
      })
    ).body.data;
    expect(hits.total).toBeGreaterThan(0);
    await poll(() => page.getByTestId('follow-title').allInnerTexts()).toEqual(
      hits.article_list.map((a: Json) => a.title),
    );
    await poll(() => page.getByTestId('follow-heading').textContent()).toContain(`“${word}”的搜索结果`);
    await shot(page, 'follow-search');
    expect(problems).toEqual([]);
    await ctx.close();

    // Visitors get the login prompt (the shared login dialog), no failed call.
    const vctx = await context(browser);
    const vpage = await vctx.newPage();
    const vproblems = watchProblems(vpage);
    for (const route of ['officialAccount', 'subscribe', 'offcontrast']) {
      await vpage.goto(`${url}/main/appsearch/${route}`);
      await vpage.getByTestId('login-prompt').waitFor();
    }
    await vpage.getByTestId('login-prompt-open').click();
    await vpage.getByRole('dialog').first().waitFor();
    await shot(vpage, 'login-prompt');
    expect(vproblems).toEqual([]);
    await vctx.close();
  });

  it('keyword subscription: add, rename and delete keywords; matching articles are highlighted', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/subscribe`);
    await poll(() => page.title()).toBe('关键词订阅 - 公众号数据平台');
    await page.getByTestId('keyword-none').waitFor();

    // A word that recent titles carry, so the subscription has matches.
    const hot = (await api(`${url}/fbmain/original/v1/hotarticle?days=30&pagesize=20`))
      .article_list as Json[];
    const word = (hot[0].title as string).replace(/[^\u4e00-\u9fa5]/g, '').slice(0, 2);
    await page.getByTestId('keyword-input').fill(word);
    await page.getByTestId('keyword-add').click();
    await toast(page, '添加成功').waitFor();
    await poll(() => page.getByTestId('keyword-text').allInnerTexts()).toEqual([word]);
    const mine = (await member.get('/fbmain/search/v1/userkeyword')).body.data as Json[];
    expect(mine.map((k) => k.keyword)).toEqual([word]);

    const found = await until('keyword matches', async () => {
      const d = (await member.get('/fbmain/search/v1/user_keyword_search', { days: 30, pagesize: 20 })).body
        .data;
      return d.total > 0 && d;
    });
    // The matches of a new term are filled in the background: read them once they are there.
    await page.reload();
    await page.getByTestId('keyword-days').getByText('近 30 天').click();
    await poll(() => page.getByTestId('keyword-title').allInnerTexts()).toEqual(
      found.list.map((a: Json) => a.title),
    );
    expect(await page.getByTestId('keyword-row').first().locator('em').first().textContent()).toBe(word);
    await shot(page, 'subscribe');

    // Rename (modify_userkeyword), then delete.
    await page.getByTestId('keyword-edit').click();
    await page.getByTestId('keyword-edit-input').fill(`${word}新`);
    await page.getByRole('dialog', { name: '修改关键词' }).getByRole('button', { name: '保 存' }).click();
    await poll(() => page.getByTestId('keyword-text').allInnerTexts()).toEqual([`${word}新`]);
    expect(
      ((await member.get('/fbmain/search/v1/userkeyword')).body.data as Json[]).map((k) => k.keyword),
    ).toEqual([`${word}新`]);
    await page.getByTestId('keyword-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '取消订阅' }).click();
    await page.getByTestId('keyword-none').waitFor();
    expect((await member.get('/fbmain/search/v1/userkeyword')).body.data).toEqual([]);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('account comparison and brand pages show the API’s figures and daily series', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    const top = (await api(`${url}/fbmain/rank/v1/common?num=3`)).data.list as Json[];
    const mids = top.slice(0, 2).map((r) => r.mid);
    await page.goto(`${url}/main/appsearch/offcontrast?mids=${mids.join(',')}`);
    await poll(() => page.title()).toBe('公众号对比 - 公众号数据平台');
    const contrast = (
      await member.get('/fbmain/monitor/v1/official_account_contrast', { mids: mids.join(','), days: 7 })
    ).body.data;
    await poll(() =>
      page.locator('.ant-table-thead').first().getByTestId('contrast-account').allInnerTexts(),
    ).toEqual(contrast.accounts.map((a: Json) => a.name));
    const readsRow = page.getByTestId('contrast-row').filter({ hasText: '总阅读' });
    for (const a of contrast.accounts)
      expect(await readsRow.textContent()).toContain(a.reads.toLocaleString('zh-CN'));
    // One line per account, one point per day.
    for (const s of contrast.charts.series) {
      const points = await page
        .getByTestId(`trend-line-${s.mid}`)
        .evaluate((el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).length);
      expect(points).toBe(contrast.charts.x.length);
    }
    // Add a third account through the picker's search.
    const third = top[2] as Json;
    await page.getByTestId('contrast-picker').locator('input').fill(third.name);
    await page.locator('.ant-select-dropdown').getByText(third.name, { exact: true }).click();
    await page.waitForURL(new RegExp(`mids=${mids.join('%2C')}%2C${third.mid}`));
    await poll(() => page.locator('.ant-table-thead').first().getByTestId('contrast-account').count()).toBe(
      3,
    );
    await page.getByTestId('contrast-days').getByText('近 30 天').click();
    await poll(() => page.getByTestId('contrast-range').textContent()).toContain('至');
    await shot(page, 'contrast');
    expect(problems).toEqual([]);

    // Brand ranking and one brand's page.
    await page.goto(`${url}/main/appsearch/companylist`);
    await poll(() => page.title()).toBe('品牌榜 - 公众号数据平台');
    const brands = (await api(`${url}/fbmain/monitor/v1/brand_ranking?days=7&pagesize=20`)).data;
    await poll(() => page.getByTestId('brand-owner').allInnerTexts()).toEqual(
      brands.list.map((b: Json) => b.owner),
    );
    await page.getByTestId('brand-days').getByText('近 30 天').click();
    const brands30 = (await api(`${url}/fbmain/monitor/v1/brand_ranking?days=30&pagesize=20&sort=articles`))
      .data;
    await page.getByTestId('brand-sort').click();
    await page.locator('.ant-select-dropdown').getByTitle('按发文篇数').click();
    await poll(() => page.getByTestId('brand-owner').allInnerTexts()).toEqual(
      brands30.list.map((b: Json) => b.owner),
    );
    await shot(page, 'companylist');

    const owner = brands30.list[0].owner as string;
    await page.getByTestId('brand-owner').getByText(owner, { exact: true }).click();
    await page.waitForURL(/\/main\/appsearch\/brandvolumelist\?owner=/);
    await poll(() => page.title()).toBe('品牌声量 - 公众号数据平台');
    const detail = (await member.get('/fbmain/monitor/v1/brand_detail', { owner, days: 7, pagesize: 20 }))
      .body.data;
    await poll(() => page.getByTestId('brand-account').allInnerTexts()).toEqual(
      detail.list.map((a: Json) => a.name),
    );
    expect(await page.getByTestId('brand-summary').textContent()).toContain(
      detail.reads.toLocaleString('zh-CN'),
    );
    const bars = (await member.get('/fbmain/monitor/v1/brand_bar', { owner, days: 7 })).body.data;
    const total = await page
      .getByTestId('trend-line-total')
      .evaluate((el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).length);
    expect(total).toBe(bars.charts.x.length);
    await shot(page, 'brandvolume');
    expect(problems).toEqual([]);
    await ctx.close();

    // A free member is shown the membership-limit panel for the comparison (the server answers 4002).
    const free = await signUp(url);
    const fctx = await context(browser, free.token as string);
    const fpage = await fctx.newPage();
    const fproblems = watchProblems(
      fpage,
      (status, u) => status === 403 && u.includes('/monitor/v1/official_account_contrast'),
    );
    await fpage.goto(`${url}/main/appsearch/offcontrast?mids=${mids.join(',')}`);
    await fpage.getByTestId('level-limit').waitFor();
    expect(await fpage.getByTestId('level-limit').textContent()).toContain(
      '公众号对比仅限高级及以上会员使用',
    );
    await shot(fpage, 'contrast-limit');
    expect(fproblems).toEqual([]);
    await fctx.close();
  });
});

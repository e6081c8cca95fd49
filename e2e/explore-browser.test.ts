import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { sessionContext as context, haveChromium, launchBrowser, screenshot, watchProblems } from './browser';
import { startInProcess, until, waitReady } from './harness';
import { buy, Client, signUp } from './members-harness';

/**
 * The explore pages (docs/explore-pages.md) in a real browser against the whole platform started in this process:
 * each page's rows are compared with what the API answers for the same choice (each route's page, for a visitor and
 * a member, is checked by the route sweep from e2e/route-expectations.ts).
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser) console.warn('[explore browser tests] skipped: /usr/bin/chromium not found');

type Json = any;

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();

const shot = (page: Page, name: string) => screenshot(page, `${name}.png`, { fullPage: true });

/** Polls for up to 30 s: pages load lazily and refetch after each switch. */
const poll = <T>(f: () => Promise<T>) => expect.poll(f, { timeout: 30_000 });

describe.runIf(runBrowser)('explore pages in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let deluxe: Client;
  let free: Client;
  let visitorApi: Client;

  const api = async (p: string, fields: Record<string, unknown> = {}, who?: Client) =>
    (await (who ?? visitorApi).get(`/fbmain${p}`, fields)).body;

  beforeAll(async () => {
    platform = await startInProcess({ RANK_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    deluxe = await signUp(url);
    await buy(deluxe, 'vip3_q');
    free = await signUp(url);
    visitorApi = new Client(url);
    await until(
      'the first rankings',
      async () => (await api('/rank/v1/common', { num: 20 })).data?.total > 0,
      120_000,
    );
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('similar: an account’s similar list is what mp_similar answers, for each sort and one level down', async () => {
    // Similar accounts are for paid members, like basic analysis (spec §6).
    const ctx = await context(browser, deluxe.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    const top = (await api('/rank/v1/common', { num: 20 })).data.list[0];
    await page.goto(`${url}/main/appsearch/similar`);
    await page.getByTestId('similar-popular').waitFor();
    await page.getByTestId('similar-popular-pick').first().click();
    await page.waitForURL(new RegExp(`similar\\?mid=${top.mid}$`));
    const names = () => page.getByTestId('similar-name').allInnerTexts();
    const first = (await api('/search/v1/mp_similar', { mid: top.mid, sort: 0 }, deluxe)).data;
    expect(first.accounts.length).toBeGreaterThan(0);
    await poll(names).toEqual(first.accounts.map((a: Json) => a.name));
    await poll(() => page.getByTestId('similar-total').textContent()).toContain(String(first.total));
    await shot(page, 'similar');

    // Sort 5 (index).
    const byIndex = (await api('/search/v1/mp_similar', { mid: top.mid, sort: 5 }, deluxe)).data;
    await page.getByTestId('similar-sort').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^指数$/ })
      .click();
    await poll(names).toEqual(byIndex.accounts.map((a: Json) => a.name));

    // Nested: the first item's similar accounts; the back button returns.
    const next = byIndex.accounts[0];
    await page.getByTestId('similar-nested').first().click();
    await page.waitForURL(new RegExp(`similar\\?mid=${next.mid}$`));
    const nested = (await api('/search/v1/mp_similar', { mid: next.mid, sort: 0 }, deluxe)).data;
    await poll(names).toEqual(nested.accounts.map((a: Json) => a.name));
    await page.goBack();
    await poll(names).toEqual(first.accounts.map((a: Json) => a.name));
    expect(problems).toEqual([]);
    await ctx.close();

    // A free member gets the upgrade prompt in place of the list.
    const lowCtx = await context(browser, free.token as string);
    const low = await lowCtx.newPage();
    const lowProblems = watchProblems(low);
    await low.goto(`${url}/main/appsearch/similar?mid=${top.mid}`);
    await low.getByTestId('level-limit').waitFor();
    expect(await low.getByTestId('similar-item').count()).toBe(0);
    await shot(low, 'similar-free');
    expect(lowProblems).toEqual([]);
    await lowCtx.close();
  }, 120_000);

  it('owners: owner search leads to the subject page, which lists the accounts detail_owner names', async () => {
    // An owner with more than one account.
    const accounts = (await visitorApi.post('/fbmain/search/v1/key_search', { kw: '', page: 1, num: 50 }))
      .body.data.accounts as Json[];
    let chosen: { mid: number; owner: string; same: Json } | null = null;
    for (const a of accounts) {
      if (!a.owner) continue;
      const o = (await api('/search/v1/detail_owner', { mId: a.mid }, deluxe)).data;
      if (o.same_accounts.length > 0) {
        chosen = { mid: a.mid, owner: a.owner, same: o };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { mid, owner, same } = chosen as { mid: number; owner: string; same: Json };
    const self = (await api('/search/v1/mp_detail', { mId: mid })).data.account;
    const expected = [self.name, ...same.same_accounts.map((a: Json) => a.name)].sort();

    const ctx = await context(browser, deluxe.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/bodysearch`);
    await page.getByTestId('owner-search-input').locator('input').fill(owner);
    await page.getByTestId('owner-search-input').locator('input').press('Enter');
    const hits = (await api('/search/v1/owner_search', { kw: owner })).data;
    await poll(() => page.getByTestId('owner-link').allInnerTexts()).toEqual(
      hits.list.map((o: Json) => o.owner),
    );
    await shot(page, 'bodysearch');
    await page
      .getByTestId('owner-link')
      .filter({ hasText: new RegExp(`^${owner}$`) })
      .click();
    await page.waitForURL(/appsearch\/subject\?owner=/);
    await poll(async () => (await page.getByTestId('owner-account').allInnerTexts()).sort()).toEqual(
      expected,
    );
    await poll(() => page.getByTestId('subject-accounts').textContent()).toBe(`${expected.length} 个`);
    await shot(page, 'subject');

    // The same owner from one of its accounts (mp_same_owner): the other accounts.
    await page.goto(`${url}/main/appsearch/withSubject?mid=${mid}`);
    await poll(async () => (await page.getByTestId('withsubject-account').allInnerTexts()).sort()).toEqual(
      same.same_accounts.map((a: Json) => a.name).sort(),
    );
    await poll(() => page.getByTestId('withsubject-total').textContent()).toContain(
      `同主体公众号 ${same.same_accounts.length} 个`,
    );
    await shot(page, 'withsubject');
    expect(problems).toEqual([]);
    await ctx.close();

    // A free member gets the server's limit and the spec's panel.
    const lowCtx = await context(browser, free.token as string);
    const low = await lowCtx.newPage();
    const lowProblems = watchProblems(low);
    await low.goto(`${url}/main/appsearch/withSubject?mid=${mid}`);
    await low.getByTestId('level-limit').getByText('主体信息仅限豪华及以上会员查看').waitFor();
    expect(lowProblems).toEqual([]);
    await lowCtx.close();
  }, 120_000);

  it('groups: a group created on accountList gets an account; 我的收藏 shows it with favorite_figures', async () => {
    const member = await signUp(url);
    const target = (await api('/rank/v1/common', { num: 20 })).data.list[1];
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/accountList`);
    await page.getByText('暂无分组，请先新建分组').waitFor();
    await page.getByTestId('accountlist-picker').click();
    await page.keyboard.type(target.name);
    await page.locator('.ant-select-item-option').filter({ hasText: target.name }).first().click();
    await page.getByTestId('group-create').first().click();
    const create = page.getByRole('dialog', { name: '新建分组' });
    await page.getByTestId('group-name-input').fill('竞品');
    await create.getByRole('button', { name: '确 定' }).click();
    await toast(page, '创建成功').waitFor();
    await create.waitFor({ state: 'hidden' });
    await page.getByTestId('group-add-favorite').click();
    await toast(page, '添加成功').waitFor();
    await page.getByTestId('group-account').getByText(target.name, { exact: true }).waitFor();
    const ext = (await api('/search/v1/group_list_ext', {}, member)).data;
    expect(ext.map((g: Json) => [g.name, g.account_list.map((a: Json) => a.mid)])).toEqual([
      ['竞品', [target.mid]],
    ]);
    // Move it into a second group: added there, removed from the first.
    await page.getByTestId('group-create').first().click();
    await page.getByTestId('group-name-input').fill('重点');
    await create.getByRole('button', { name: '确 定' }).click();
    await create.waitFor({ state: 'hidden' });
    await page.getByTestId('group-node-name').getByText('重点', { exact: true }).waitFor();
    await page.getByTestId('group-move').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '移动到「重点」' }).click();
    await toast(page, '移动成功').waitFor();
    await poll(async () =>
      (await api('/search/v1/group_list_ext', {}, member)).data.map((g: Json) => [
        g.name,
        g.account_list.map((a: Json) => a.mid),
      ]),
    ).toEqual([
      ['竞品', []],
      ['重点', [target.mid]],
    ]);
    // The page refetches both groups after the move: until then the account can show under each; it ends under one.
    await poll(() => page.getByTestId('group-account').getByText(target.name, { exact: true }).count()).toBe(
      1,
    );
    await shot(page, 'accountlist');

    await page.goto(`${url}/main/appsearch/collection`);
    const figures = (await api('/search/v1/favorite_figures', {}, member)).data;
    await poll(() => page.getByTestId('collection-account').allInnerTexts()).toEqual(
      figures.list.map((a: Json) => a.name),
    );
    expect(await page.getByTestId('collection-row').first().textContent()).toContain('重点');
    await shot(page, 'collection');
    expect(problems).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('article collection: a collected article shows in its group and moves to another group', async () => {
    const member = await signUp(url);
    const mid = (await api('/rank/v1/common', { num: 20 })).data.list[0].mid;
    // History posts come grouped by push.
    const pushes = (await api('/search/v1/detail_pubList', { mId: mid, page: 1, num: 20 }, deluxe)).data
      .article_list as Json[];
    const article = pushes.flatMap((g) => g.articles)[0];
    const g1 = (await member.post('/fbmain/search/v1/collect_group_add', { name: '素材' })).body.data
      .group_id;
    const g2 = (await member.post('/fbmain/search/v1/collect_group_add', { name: '选题' })).body.data
      .group_id;
    const collected = await member.post('/fbmain/search/v1/favorite_article_option', {
      aid: article.aid,
      mid,
      group_id: g1,
      wxname: article.mp_name ?? '',
    });
    expect(collected.body.error_code).toBe(0);

    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/articleCollection`);
    await poll(() => page.getByTestId('collected-title').allInnerTexts()).toEqual([article.title]);
    await page.getByTestId('collect-groups').getByText('素材（1）').waitFor();
    await shot(page, 'article-collection');

    await page.getByTestId('collected-move').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '选题' }).click();
    await toast(page, '已移动到「选题」').waitFor();
    await page.getByTestId('collect-groups').getByText('选题（1）').waitFor();
    const inG2 = (await api('/search/v1/favorite_article_option', { group_id: g2 }, member)).data;
    expect(inG2.article_list.map((a: Json) => a.aid)).toEqual([article.aid]);

    // Uncollect: the list empties.
    await page.getByTestId('collected-uncollect').click();
    await page.locator('.ant-popover').getByRole('button', { name: '取消收藏' }).click();
    await toast(page, '已取消收藏').waitFor();
    await poll(() => page.getByTestId('collected-title').count()).toBe(0);
    expect(problems).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('ment: the per-day chart shows the counts overview_public and public_sentimen answer', async () => {
    const member = await signUp(url);
    // A term that appears in today's titles: two characters of the hottest article's title.
    const hot = (await api('/main/v1/today_hot', { num: 20 })).data;
    const title: string = (hot.article_list ?? hot.list)[0].title;
    const term = [...title.replace(/[^\u4e00-\u9fff]/g, '')].slice(0, 2).join('');
    expect((await member.post('/fbmain/search/v1/userkeyword', { keyword: term })).body.error_code).toBe(0);
    const overview = await until(
      'keyword counts',
      async () => {
        const o = (await api('/main/v1/overview_public', { days: 7 }, member)).data;
        return o?.total.articles > 0 ? o : null;
      },
      60_000,
    );

    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/ment`);
    const bars = () =>
      page
        .getByTestId('ment-chart-bar')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    await poll(bars).toEqual(overview.trend.map((d: Json) => d.articles));
    await poll(() => page.getByTestId('ment-article').count()).toBeGreaterThan(0);
    await shot(page, 'ment');

    // One keyword over 30 days: public_sentimen's series.
    const one = (await api('/main/v1/public_sentimen', { keyword: term, days: 30 }, member)).data.list[0];
    await page.getByTestId('ment-days').getByText('近 30 天').click();
    await page.getByTestId('ment-keyword').getByText(term, { exact: true }).click();
    await poll(bars).toEqual(one.series.map((d: Json) => d.articles));
    expect(problems).toEqual([]);
    await ctx.close();
  }, 120_000);

  it('site search, inclusion check and navigation show what their calls answer', async () => {
    const ctx = await context(browser);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    const account = (await api('/rank/v1/common', { num: 20 })).data.list[0];
    const kw = [...account.name].slice(0, 2).join('');

    await page.goto(`${url}/main/appsearch/insidesearch?kw=${encodeURIComponent(kw)}`);
    const keyTotal = (await visitorApi.post('/fbmain/search/v1/key_search', { kw, page: 1, num: 20 })).body
      .data.total;
    const ownerTotal = (await api('/search/v1/owner_search', { kw })).data.total;
    const miniTotal = (await api('/search/v1/minipro_search', { kw })).data.total;
    await poll(() => page.getByTestId('inside-count-account').textContent()).toBe(`公众号（${keyTotal}）`);
    await poll(() => page.getByTestId('inside-count-owner').textContent()).toBe(`主体（${ownerTotal}）`);
    await poll(() => page.getByTestId('inside-count-minipro').textContent()).toBe(`小程序（${miniTotal}）`);
    await poll(() => page.getByTestId('inside-account-row').count()).toBe(Math.min(20, keyTotal));
    await shot(page, 'insidesearch');

    // Inclusion check: an included account by its exact name; an unknown name offers inclusion.
    await page.goto(`${url}/main/appsearch/innet?q=${encodeURIComponent(account.name)}`);
    await page.getByTestId('innet-found').getByText(`「${account.name}」已收录`).waitFor();
    await shot(page, 'innet');
    await page.goto(`${url}/main/appsearch/innet?q=${encodeURIComponent('不存在的公众号名称乙丙丁')}`);
    await page.getByTestId('innet-missing').waitFor();
    await page.getByTestId('innet-submit').click();
    await poll(() => page.getByTestId('inclusion-input').inputValue()).toBe('不存在的公众号名称乙丙丁');

    // Navigation: the second industry's top accounts are its ranking.
    const media = (await api('/rank/v1/filters')).data.media as string[];
    await page.goto(`${url}/main/oanav`);
    await page
      .getByTestId('oanav-industries')
      .getByText(media[1] as string, { exact: true })
      .click();
    const ranked = (await api('/rank/v1/media', { media: media[1], num: 20 })).data.list;
    await poll(() => page.getByTestId('oanav-account').allInnerTexts()).toEqual(
      ranked.map((r: Json) => r.name),
    );
    await shot(page, 'oanav');
    expect(problems).toEqual([]);
    await ctx.close();
  }, 120_000);
});

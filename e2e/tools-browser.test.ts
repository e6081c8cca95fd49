import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import type { SimArticle } from '../simulator/world';
import { sessionContext as context, haveChromium, launchBrowser, screenshot, watchProblems } from './browser';
import { startInProcess, until, waitReady } from './harness';
import { buy, type Client, signUp } from './members-harness';

/**
 * The link and article tools (pages/tools) in a real browser against the whole platform (each route's page, for a
 * visitor and a member, is checked by the route sweep from e2e/route-expectations.ts): a Sogou temporary link converted, a short link made and followed, reads of a collected article (one
 * and a batch) compared with the API, an article's text, and hostile article text that must stay text.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser) console.warn('[tools browser tests] skipped: /usr/bin/chromium not found');
// SMALL_WORLD's fixed clock: temporary links are made for this instant.
const NOW_S = Math.floor(Date.parse('2026-11-01T21:30:00+08:00') / 1000);

type Json = any;

const shot = (page: Page, name: string) => screenshot(page, `${name}.png`, { fullPage: true });
const poll = <T>(f: () => Promise<T>) => expect.poll(f, { timeout: 20_000 });

describe.runIf(runBrowser)('link and article tools in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let member: Client;
  /** A collected article with its body text, as article_content answers it. */
  let article: Json;
  let other: Json;

  const api = async (c: Client, p: string, q: Record<string, unknown> = {}) => (await c.get(p, q)).body;

  beforeAll(async () => {
    platform = await startInProcess();
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    member = await signUp(url);
    await buy(member, 'vip2_q');
    // Two collected articles whose pages were parsed (body text stored), among the month's articles.
    const found = await until(
      'two collected articles with body text',
      async () => {
        const list =
          (await api(member, '/fbmain/tools/v1/comment_rank', { days: 30, num: 50 })).data?.list ?? [];
        const out: Json[] = [];
        for (const r of list) {
          const a = (await api(member, '/fbmain/tools/v1/article_content', { post: r.post })).data;
          if (a?.has_content === 1 && a.update_time) out.push(a);
          if (out.length === 2) return out;
        }
        return null;
      },
      120_000,
    );
    [article, other] = found;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('converts a Sogou temporary link, makes a short link and follows it, restores a short link', async () => {
    const world = platform.simulator?.world;
    expect(world).toBeTruthy();
    const href = new URL(article.url);
    const sim = world?.findArticle(
      href.searchParams.get('__biz') as string,
      Number(href.searchParams.get('mid')),
      Number(href.searchParams.get('idx')),
    ) as SimArticle;
    const temp = `https://mp.weixin.qq.com/s?${world?.temporaryLinkQuery(sim, NOW_S - 600)}`;
    const expected = (await api(member, '/fbmain/tools/v1/link_permanent', { url: temp })).data;
    expect(expected.aid).toBe(article.aid);

    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page, (status, u) => status === 400 && u.includes('link_permanent'));
    await page.goto(`${url}/main/appsearch/sogoHerf`);
    await page.getByTestId('article-url-input').locator('input').fill(temp);
    await page.getByTestId('article-url-input').locator('button.ant-input-search-btn').click();
    await poll(() => page.getByTestId('link-result-url').textContent()).toBe(expected.url);
    expect(await page.getByTestId('link-result-title').textContent()).toBe(article.title);
    await shot(page, 'sogoherf-result');
    // An expired link: the envelope's Chinese message.
    const expired = `https://mp.weixin.qq.com/s?${world?.temporaryLinkQuery(sim, NOW_S - 13 * 3600)}`;
    await page.getByTestId('article-url-input').locator('input').fill(expired);
    await page.getByTestId('article-url-input').locator('button.ant-input-search-btn').click();
    await poll(() => page.getByTestId('link-error').textContent()).toContain('链接已过期');

    // Batch (senior member): the good line converts, the expired one says why.
    await page.goto(`${url}/main/appsearch/sogopro`);
    await page.getByTestId('batch-input').fill(`${temp}\n${expired}`);
    await page.getByTestId('batch-submit').click();
    await poll(() => page.getByTestId('batch-summary').textContent()).toBe('共 2 个，成功 1 个');
    expect(await page.getByTestId('link-batch-url').textContent()).toBe(expected.url);
    expect(await page.getByTestId('link-batch-error').textContent()).toContain('链接已过期');
    const download = page.waitForEvent('download');
    await page.getByTestId('batch-export').click();
    expect((await download).suggestedFilename()).toBe('永久链接.csv');
    await shot(page, 'sogopro-result');

    // Long → short: the new short link is listed; following it redirects to the article and is counted.
    await page.goto(`${url}/main/appsearch/langchinge`);
    await page.getByTestId('article-url-input').locator('input').fill(article.url);
    await page.getByTestId('article-url-input').locator('button.ant-input-search-btn').click();
    const shortUrl = await (async () => {
      await page.getByTestId('short-link-new').waitFor();
      return (await page.getByTestId('short-link-new').textContent()) ?? '';
    })();
    expect(shortUrl).toMatch(/\/t\/[0-9A-Za-z]{6}$/);
    await poll(() => page.getByTestId('short-link-url').first().textContent()).toBe(shortUrl);
    const hop = await fetch(shortUrl, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe(new URL(article.url).toString());
    await page.reload();
    await poll(() => page.getByTestId('short-link-hits').first().getAttribute('data-value')).toBe('1');
    await shot(page, 'langchinge-list');

    // Short → long: our own short link is read back.
    await page.goto(`${url}/main/appsearch/longHerf`);
    await page.getByTestId('article-url-input').locator('input').fill(shortUrl);
    await page.getByTestId('article-url-input').locator('button.ant-input-search-btn').click();
    await poll(() => page.getByTestId('link-result-url').textContent()).toBe(new URL(article.url).toString());
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('reads of a collected article, one and a batch, are the API’s; the data card and analysis load', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    const zan = (await api(member, '/fbmain/monitor/v3/read_zan', { url: article.url })).data;
    await page.goto(`${url}/main/appsearch/read?url=${encodeURIComponent(article.url)}`);
    await page.getByTestId('read-result').waitFor();
    for (const k of ['read', 'zan', 'looking', 'comment'] as const)
      expect(await page.getByTestId(`read-${k}`).getAttribute('data-value'), k).toBe(String(zan[k]));
    expect(await page.getByTestId('read-title').textContent()).toBe(zan.title);
    await shot(page, 'read-result');

    const lines = [article.url, other.url, 'https://example.com/not-an-article'];
    const batch = (await member.post('/fbmain/tools/v1/read_batch', { urls: lines.join('\n') })).body.data;
    await page.goto(`${url}/main/appsearch/readPro`);
    await page.getByTestId('batch-input').fill(lines.join('\n'));
    await page.getByTestId('batch-submit').click();
    await poll(() => page.getByTestId('batch-summary').textContent()).toBe('共 3 个，成功 2 个');
    const shown = await page
      .getByTestId('read-batch-read')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(shown).toEqual(batch.list.filter((x: Json) => x.ok).map((x: Json) => x.read));
    expect(await page.getByTestId('read-batch-error').textContent()).toContain('不是有效的公众号文章链接');
    await shot(page, 'readpro-result');

    // The data card: counters and read quality as article_content answers them, with the polls' series.
    await page.goto(`${url}/main/appsearch/wxarticle?url=${encodeURIComponent(article.url)}`);
    await page.getByTestId('article-data').waitFor();
    expect(await page.getByTestId('counter-read').getAttribute('data-value')).toBe(String(article.read));
    expect(await page.getByTestId('counter-comment').getAttribute('data-value')).toBe(
      String(article.comment),
    );
    await page.getByTestId('article-report-link').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'wxarticle');
    await page.goto(`${url}/main/appsearch/details?post=${article.post}`);
    await page.getByTestId('article-data').waitFor();
    expect(await page.getByTestId('article-title').textContent()).toBe(article.title);
    await page.goto(`${url}/main/appsearch/articlepro?post=${article.post}`);
    await page.getByTestId('analysis').waitFor();
    await poll(() => page.getByTestId('analysis-milestone').count()).toBe(3);
    await page.getByTestId('analysis-claim-tag').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'articlepro');
    // The comment list's first row is the API's.
    const comments = (await api(member, '/fbmain/tools/v1/comment_rank', { days: 7 })).data;
    await page.goto(`${url}/main/appsearch/comment`);
    await poll(() => page.getByTestId('comment-title').first().textContent()).toBe(comments.list[0].title);
    expect(await page.getByTestId('comment-count').first().getAttribute('data-value')).toBe(
      String(comments.list[0].comment),
    );
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('shows an article’s text, and article markup stays text: no script from an article reaches the DOM', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/getHtml?url=${encodeURIComponent(article.url)}`);
    await page.getByTestId('article-body').waitFor();
    expect(await page.getByTestId('article-title').textContent()).toBe(article.title);
    const text = ((await page.getByTestId('article-body').textContent()) ?? '').replace(/\s/g, '');
    expect(text).toBe(article.content.replace(/\s/g, ''));
    await shot(page, 'gethtml-article');

    // A hostile body from the API: script, an image with onerror, an iframe. All must show as characters.
    const hostile =
      '第一段。<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><iframe src="javascript:1"></iframe> 结束。';
    await page.route('**/fbmain/tools/v1/article_content*', async (route) => {
      await route.fulfill({
        json: { error_code: 0, msg: 'success', data: { ...article, content: hostile } },
      });
    });
    await page.goto(`${url}/main/appsearch/articleContent?post=${article.post}`);
    await page.getByTestId('article-body').waitFor();
    const body = page.getByTestId('article-body');
    expect(await body.locator('script, img, iframe').count()).toBe(0);
    expect(await body.textContent()).toContain('<script>window.__pwned = 1</script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('avatar and QR code of an account, and one day of its posts with the day’s totals', async () => {
    const ctx = await context(browser, member.token as string);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/getheard`);
    await page.getByTestId('account-images-item').first().click();
    await page.getByTestId('account-images').waitFor();
    await poll(() =>
      page.getByTestId('account-qrcode-large').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await shot(page, 'getheard');

    const day = article.pubtime.slice(0, 10);
    const list = (
      await api(member, '/fbmain/search/v1/detail_pubList/time', {
        mId: article.mid,
        start_time: day,
        end_time: day,
        num: 20,
      })
    ).data;
    const rows = list.article_list.flatMap((g: Json) => g.articles);
    await page.goto(`${url}/main/appsearch/singleDay?mid=${article.mid}&date=${day}`);
    await poll(() => page.getByTestId('single-day-row').count()).toBe(rows.length);
    expect(await page.getByTestId('single-day-read').getAttribute('data-value')).toBe(
      String(rows.reduce((s: number, a: Json) => s + a.read, 0)),
    );
    expect(await page.getByTestId('single-day-articles').getAttribute('data-value')).toBe(
      String(rows.length),
    );
    await shot(page, 'singleday');
    expect(problems).toEqual([]);
    await ctx.close();
  });
});

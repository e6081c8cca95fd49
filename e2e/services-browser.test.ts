import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemandMessages } from '../contract/demand-services';
import { M } from '../contract/member-texts';
import { servicesRoutes } from '../dashboard/src/features/services/routes';
import type { Platform } from '../platform/platform';
import { sessionContext as context, haveChromium, launchBrowser, screenshot, watchProblems } from './browser';
import { startInProcess, until, waitReady } from './harness';
import { ADMIN_PHONE, type Client, signUp } from './members-harness';

/**
 * Service, advertising, custom-service and case pages and the admin demand list in a real browser (each route's page,
 * for a visitor and a member, is checked by the route sweep from e2e/route-expectations.ts): the admin list stays
 * closed to non-admins; the demand
 * form validates like the server and stores what was sent; the live blocks show what the API answers; the admin
 * page lists the demand and changes its status.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser) console.warn('[services browser tests] skipped: /usr/bin/chromium not found');

type Json = any;

const shot = (page: Page, name: string) => screenshot(page, `${name}.png`, { fullPage: true });
const poll = <T>(f: () => Promise<T>) => expect.poll(f, { timeout: 20_000 });
const hasHan = (s: string) => /[\u4e00-\u9fff]/.test(s);

async function pickAccount(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

describe.runIf(runBrowser)(
  'service pages, the demand form and the admin demand list in a real browser',
  () => {
    let platform: Platform;
    let url: string;
    let browser: Browser;
    let member: Client;
    let admin: Client;
    const api = async (p: string, c?: Client): Promise<Json> =>
      (await fetch(`${url}${p}`, { headers: c?.token ? { accessToken: c.token } : {} })).json();

    beforeAll(async () => {
      platform = await startInProcess({ ADMIN_PHONES: ADMIN_PHONE, RANK_EVERY_S: '1', FAKE_EVERY_S: '1' });
      url = platform.url as string;
      await waitReady(url);
      browser = await launchBrowser();
      member = await signUp(url);
      admin = await signUp(url, ADMIN_PHONE);
      await until(
        'the first rankings',
        async () => (await api('/fbmain/rank/v1/real?period=week&num=20')).data?.total > 0,
        120_000,
      );
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await platform?.stop();
    });

    it('has a Chinese title for every route', () => {
      expect(servicesRoutes.length).toBe(29);
      for (const r of servicesRoutes) {
        expect(r.title, r.path).toMatch(/^[^ ].* - 公众号数据平台$/);
        expect(hasHan(r.title) && hasHan(r.description) && hasHan(r.keywords), r.path).toBe(true);
      }
    });

    // Every route's page, for a visitor and a member, is checked by the route sweep (e2e/route-expectations.ts).
    it.each([
      ['a visitor', false],
      ['a member', true],
    ])(
      'the admin demand list stays closed to %s, whose browser never calls the admin endpoints',
      async (_who, loggedIn) => {
        const ctx = await context(browser, loggedIn ? (member.token as string) : undefined);
        const page = await ctx.newPage();
        const problems = watchProblems(page);
        const demandCalls: string[] = [];
        page.on('request', (r) => {
          if (/demand_list|update_demand_status/.test(r.url())) demandCalls.push(r.url());
        });
        // Visitors see the login prompt, members the refusal.
        await page.goto(`${url}/main/admin/demands`);
        await page.getByTestId(loggedIn ? 'admin-only' : 'login-prompt').waitFor();
        if (loggedIn) expect(await page.getByTestId('admin-only').textContent()).toContain('仅管理员可访问');
        await shot(page, loggedIn ? 'admin-member' : 'admin-visitor');
        expect(demandCalls).toEqual([]);
        expect(problems).toEqual([]);
        await ctx.close();
      },
      120_000,
    );

    it('the demand form validates like the server, shows its answers and stores the demand; admins list and handle it', async () => {
      const visitorCtx = await context(browser);
      const page = await visitorCtx.newPage();
      // The one provoked failure: the server's envelope answer shown as is.
      const problems = watchProblems(page, (status, u) => status === 400 && u.includes('submit_demand'));

      // Page 1: /WeiBo as a visitor. Empty form: the three required messages.
      await page.goto(`${url}/main/WeiBo`);
      await page.getByTestId('service-notice').waitFor();
      expect(await page.getByTestId('service-notice').textContent()).toContain('本平台不自动抓取微博');
      const form = page.getByTestId('demand-form');
      await page.getByTestId('demand-submit').click();
      for (const msg of [DemandMessages.NAME_EMPTY, M.PHONE_EMPTY, DemandMessages.CONTENT_EMPTY])
        await form.getByText(msg, { exact: true }).waitFor();
      await page.getByTestId('demand-name').fill('王经理');
      await page.getByTestId('demand-phone').fill('12345678901');
      await page.getByTestId('demand-content').fill('需要近一年某品牌相关微博的博文与评论，每周交付 Excel');
      await page.getByTestId('demand-submit').click();
      await form.getByText(M.PHONE_INVALID, { exact: true }).waitFor();
      // The counter shows the length against the 500 limit.
      expect(await form.locator('.ant-input-data-count').textContent()).toMatch(/\/ 500$/);

      // A refusal from the server shows its message (the envelope's msg).
      await page.route('**/fbmain/account/v1/submit_demand', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error_code: 30000, msg: '提交过于频繁，请稍后再试' }),
        }),
      );
      await page.getByTestId('demand-phone').fill('13812345678');
      await page.getByTestId('demand-company').fill('某快消品牌');
      await page.getByTestId('demand-submit').click();
      await poll(() => page.getByTestId('demand-error').textContent()).toContain('提交过于频繁，请稍后再试');
      await page.unroute('**/fbmain/account/v1/submit_demand');

      await page.getByTestId('demand-submit').click();
      await page.getByTestId('demand-success').waitFor();
      expect(await page.getByTestId('demand-success').textContent()).toContain('提交成功');
      expect(await page.getByTestId('demand-name').inputValue()).toBe('');
      expect(await page.getByTestId('demand-content').inputValue()).toBe('');
      await shot(page, 'weibo-demand-sent');
      expect(problems).toEqual([]);

      // Page 2: /processing as a member.
      const memberCtx = await context(browser, member.token as string);
      const mp = await memberCtx.newPage();
      const memberProblems = watchProblems(mp);
      await mp.goto(`${url}/main/processing`);
      await mp.getByTestId('demand-form').waitFor();
      await mp.getByTestId('demand-submit').click();
      await mp.getByTestId('demand-form').getByText(DemandMessages.CONTENT_EMPTY, { exact: true }).waitFor();
      await mp.getByTestId('demand-name').fill('李雷');
      await mp.getByTestId('demand-phone').fill('1391234567');
      await mp.getByTestId('demand-content').fill('新品上市期间监测品牌词与“异响”相关文章');
      await mp.getByTestId('demand-submit').click();
      await mp.getByTestId('demand-form').getByText(M.PHONE_INVALID, { exact: true }).waitFor();
      await mp.getByTestId('demand-phone').fill('13912345678');
      await mp.getByTestId('demand-submit').click();
      await mp.getByTestId('demand-success').waitFor();
      expect(memberProblems).toEqual([]);

      // What the server stored.
      const stored = (await api('/fbmain/account/v1/demand_list', admin)).data;
      const weibo = stored.list.find((d: Json) => d.service === 'WeiBo');
      expect(weibo).toMatchObject({
        name: '王经理',
        phone: '13812345678',
        company: '某快消品牌',
        source_path: '/WeiBo',
        status: 'new',
        user_id: null,
      });
      const processing = stored.list.find((d: Json) => d.service === 'processing');
      expect(processing).toMatchObject({ name: '李雷', phone: '13912345678', source_path: '/processing' });
      expect(processing.user_id).toEqual(expect.any(Number));

      // The admin page lists both and moves the Weibo demand to 联系中.
      const adminCtx = await context(browser, admin.token as string);
      const ap = await adminCtx.newPage();
      const adminProblems = watchProblems(ap);
      await ap.goto(`${url}/main/admin/demands`);
      await ap.getByTestId('demand-table').waitFor();
      await poll(() => ap.getByTestId('demand-row').count()).toBe(stored.total);
      const row = ap.getByTestId('demand-row').filter({ hasText: '王经理' });
      expect(await row.textContent()).toContain('微博数据采集');
      expect(await row.getByTestId('demand-contact').textContent()).toContain('13812345678');
      expect(await row.textContent()).toContain('某快消品牌');
      await shot(ap, 'admin-demands');
      await row.getByTestId('demand-status').click();
      await ap.locator('.ant-select-dropdown:visible').getByTitle('联系中', { exact: true }).click();
      await poll(async () =>
        (await api('/fbmain/account/v1/demand_list?status=contacting', admin)).data.list.map(
          (d: Json) => d.id,
        ),
      ).toEqual([weibo.id]);
      // Filtering by service shows only that service's demands.
      await ap.getByTestId('demand-filter-service').click();
      await ap.keyboard.type('舆情处置');
      await ap.locator('.ant-select-item-option').filter({ hasText: '舆情处置' }).first().click();
      await poll(() => ap.getByTestId('demand-row').allInnerTexts()).toEqual([
        expect.stringContaining('李雷'),
      ]);
      expect(adminProblems).toEqual([]);
      await Promise.all([visitorCtx.close(), memberCtx.close(), adminCtx.close()]);
    }, 180_000);

    it('流量广告投放 lists the real ranking of the chosen industry; 小程序 pages show the collected ranking', async () => {
      const ctx = await context(browser);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/appsearch/advertisingtraffic`);
      const week = (await api('/fbmain/rank/v1/real?period=week&num=20')).data;
      const names = () => page.getByTestId('traffic-picker').getByTestId('rank-account').allInnerTexts();
      await poll(names).toEqual(week.list.map((r: Json) => r.name));
      // The industry with the most ranked accounts, so two of them can be compared.
      const perMedia = new Map<string, number>();
      for (const r of week.list as Json[]) perMedia.set(r.media, (perMedia.get(r.media) ?? 0) + 1);
      const media = [...perMedia].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
      await page.getByTestId('traffic-media').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(media, { exact: true }).click();
      const inMedia = (
        await api(`/fbmain/rank/v1/real?period=week&num=20&media=${encodeURIComponent(media)}`)
      ).data;
      await poll(names).toEqual(inMedia.list.map((r: Json) => r.name));
      // Two picked accounts open the comparison with them.
      expect(inMedia.list.length).toBeGreaterThanOrEqual(2);
      const rows = page.getByTestId('traffic-picker').getByTestId('rank-row');
      await rows.nth(0).locator('.ant-checkbox-input').check();
      await rows.nth(1).locator('.ant-checkbox-input').check();
      await shot(page, 'advertisingtraffic');
      await page.getByTestId('traffic-compare').click();
      await page.waitForURL(
        `${url}/main/appsearch/offcontrast?mids=${inMedia.list[0].mid},${inMedia.list[1].mid}`,
      );
      // Visitors see the comparison's login prompt, not a failed call.
      await page.getByTestId('login-prompt').waitFor();

      for (const route of ['/XiaoChengXu', '/appsli']) {
        await page.goto(`${url}/main${route}`);
        const ranked = (await api('/fbmain/rank/v1/minipro_rank?period=week&num=20')).data;
        const expected = ranked.applet_data.slice(0, 10).map((m: Json) => m.title);
        await page.getByTestId('minipro-sample').waitFor();
        await poll(async () =>
          (await page.getByTestId('minipro-sample').getByTestId('minipro-row').allInnerTexts()).map(
            (t) => expected.find((title: string) => t.includes(title)) ?? t,
          ),
        ).toEqual(expected);
      }
      await shot(page, 'xiaochengxu');
      expect(problems).toEqual([]);
      await ctx.close();
    }, 120_000);

    it('流量主 calculator: reads the account’s latest articles and applies the shown formula; the QR tool draws the code', async () => {
      const ctx = await context(browser);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      const top = (await api('/fbmain/rank/v1/real?period=week&num=20')).data.list[0];
      await page.goto(`${url}/main/officialflow`);
      await page.getByTestId('flow-calculator').waitFor();
      await pickAccount(page, 'flow-account', top.name);
      await page.waitForURL(new RegExp(`mid=${top.mid}`));
      const hist = (await api(`/fbmain/search/v1/detail_pubList?mId=${top.mid}&page=1&num=20`)).data;
      const reads = hist.article_list.flatMap((g: Json) => g.articles.map((a: Json) => a.read as number));
      const avg = Math.round(reads.reduce((s: number, n: number) => s + n, 0) / reads.length);
      await poll(() => page.getByTestId('flow-avg-read').getAttribute('data-value')).toBe(String(avg));
      expect(await page.getByTestId('flow-articles').locator('.ant-table-tbody tr').count()).toBe(
        reads.length,
      );
      const yuan = (n: number) =>
        `¥${n.toLocaleString('zh-CN', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
      // Defaults: 50 % exposure × 1.5 % clicks × ¥0.5 per click.
      await poll(() => page.getByTestId('flow-per-article').textContent()).toContain(
        yuan(avg * 0.5 * 0.015 * 0.5),
      );
      await page.getByTestId('flow-click').fill('3');
      await page.getByTestId('flow-monthly').fill('10');
      await poll(() => page.getByTestId('flow-per-article').textContent()).toContain(
        yuan(avg * 0.5 * 0.03 * 0.5),
      );
      await poll(() => page.getByTestId('flow-per-month').textContent()).toContain(
        yuan(avg * 0.5 * 0.03 * 0.5 * 10),
      );
      expect(await page.getByTestId('flow-formula').textContent()).toContain(
        '阅读数 × 广告曝光率 × 点击率 × 单次点击收益',
      );
      await shot(page, 'officialflow');

      await page.goto(`${url}/main/WechatQRCode`);
      await pickAccount(page, 'qrcode-account', top.name);
      const img = page.getByTestId('qrcode-result').locator('img').first();
      await img.waitFor();
      expect(await img.getAttribute('src')).toBe(`/fbmain/common/v1/account_qrcode?mid=${top.mid}`);
      await poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await shot(page, 'wechatqrcode');
      expect(problems).toEqual([]);
      await ctx.close();
    }, 120_000);

    it('cases: the list filters by industry and opens a scenario whose steps link to the platform pages', async () => {
      const ctx = await context(browser);
      const page = await ctx.newPage();
      const problems = watchProblems(page);
      await page.goto(`${url}/main/customerCase`);
      await page.getByTestId('case-list').waitFor();
      const all = await page.getByTestId('case-card').count();
      await page.getByTestId('case-industry').getByText('快消', { exact: true }).click();
      await poll(() => page.getByTestId('case-card').count()).toBeLessThan(all);
      await page.getByTestId('case-card').first().click();
      await page.waitForURL(/\/main\/customcase\?id=fmcg-prescreen/);
      await page.getByTestId('case-detail').waitFor();
      await poll(() => page.title()).toBe('案例详情 - 公众号数据平台');
      const links = await page
        .getByTestId('case-step-link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(links).toContain('/main/appsearch/monitorNew');
      await shot(page, 'case-detail');
      await page.getByTestId('case-step-link').last().click();
      await page.waitForURL(/\/main\/appsearch\/monitorNew/);
      // An unknown id shows a way back to the list, not an error.
      await page.goto(`${url}/main/customcase?id=nope`);
      await page.getByTestId('case-missing').waitFor();
      expect(problems).toEqual([]);
      await ctx.close();
    }, 60_000);
  },
);

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRoutes } from '../dashboard/src/features/help/routes';
import {
  haveChromium,
  launchBrowser,
  sessionContext as newContext,
  openRoute,
  screenshot,
  watchProblems,
} from './browser';
import { waitReady } from './harness';
import { ADMIN_PHONE, buy, Client, refusal, signUp, startMemberPlatform } from './members-harness';
import { HELP_ADMIN_PATHS, HELP_PAGE_READY } from './route-expectations';

/**
 * The help centre, guide, statements, notices, about, WeChat register, bindings, deletion, bank transfer and the
 * admin pages in a real browser (each route's page, for a visitor and an admin member, is checked by the route sweep
 * from e2e/route-expectations.ts): admin pages refuse the others and make no admin call for them. Then the flows:
 * an admin publishes a notice a visitor reads, the help centre shows the API's levels and filters, an admin sees
 * credentials and health, a member binds WeChat, pays an order by bank transfer an admin confirms, and deletes
 * the account.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[help browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

const PAYEE = {
  TRANSFER_ACCOUNT_NAME: '示例数据科技有限公司',
  TRANSFER_BANK: '招商银行北京分行',
  TRANSFER_ACCOUNT_NO: '1109 0000 1234 5678',
};

/** The calls only admins may make: none of them may leave a visitor's or member's browser. */
const ADMIN_CALL = /\/fbmain\/(admin\/v1\/|account\/v1\/(admin_list_invoice_all|update_invoice_status))/;

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: false });

describe.runIf(runBrowser)('help, statements, notices, account and admin pages in a real browser', () => {
  let url: string;
  let stop = async () => {};
  let browser: Browser;
  let admin: Client;
  let member: Client;

  beforeAll(async () => {
    const p = await startMemberPlatform('PostgreSQL server', {
      SIM_ACCOUNTS: '3',
      CRAWL_DAYS: '2',
      ...PAYEE,
    });
    url = p.url;
    stop = p.stop;
    await waitReady(url);
    browser = await launchBrowser();
    admin = await signUp(url, ADMIN_PHONE);
    member = await signUp(url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop();
  });

  // Every route's page, for a visitor and an admin member, is checked by the route sweep (e2e/route-expectations.ts);
  // here the admin pages as the others meet them, side by side, each role in its own context.
  for (const who of ['visitor', 'member'] as const) {
    // Concurrent tests assert with their own expect (the test context's), so each failure names its test.
    it.concurrent(`refuses the admin pages to a ${who}, whose browser makes no admin call`, async ({
      expect,
    }) => {
      const context = await newContext(browser, who === 'visitor' ? null : member.token);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const adminCalls: string[] = [];
      page.on('request', (r) => {
        if (ADMIN_CALL.test(r.url())) adminCalls.push(r.url());
      });
      for (const path of HELP_ADMIN_PATHS) {
        const title = helpRoutes.find((r) => r.path === path)?.title;
        await openRoute(page, url, path, title);
        await page.getByTestId(HELP_PAGE_READY[path] as string).waitFor();
        await page.getByTestId('admin-denied').waitFor();
        expect(await page.getByTestId('admin-denied').textContent()).toContain(
          HELP_PAGE_READY[path] === 'notice-editor' ? '仅管理员可编辑公告' : '仅管理员可访问',
        );
        expect(await page.title()).toBe(title);
        if (who === 'visitor') await shot(page, `${who}${path.replace(/\//g, '_')}.png`);
      }
      expect(adminCalls).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('shows the API’s levels and prices in the help centre and filters questions by the search box', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const vip = (await new Client(url).get('/fbmain/account/v1/vip_info')).body.data;
    await page.goto(`${url}/main/newhelpcenter`);
    await page.getByTestId('help-search').locator('input').fill('历史文章');
    // The answers are open while searching: the history depth per level, as vip_info says.
    const answer = page.getByTestId('help-category-data');
    for (const l of vip.levels)
      await answer.getByText(`${l.name}近 ${l.history_months} 个月`).first().waitFor();
    await page.getByTestId('help-search').locator('input').fill('会员多少钱');
    const prices = page.getByTestId('help-vip-prices');
    await prices.waitFor();
    for (const p of vip.packages) expect(await prices.textContent()).toContain(`${p.name}：¥${p.price}`);
    expect(await page.getByTestId('help-question').count()).toBe(1);
    await page.getByTestId('help-search').locator('input').fill('不存在的问题xyz');
    await page.getByTestId('help-empty').waitFor();
    // The site map links to the pages of the function map and the help pages.
    const map = page.getByTestId('help-sitemap');
    expect(await map.getByRole('link', { name: '低粉爆文' }).first().getAttribute('href')).toBe(
      '/main/appsearch/burst',
    );
    expect(await map.getByRole('link', { name: '个人信息保护政策' }).getAttribute('href')).toBe(
      '/main/shengming1',
    );
    await shot(page, 'help-search.png');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('an admin publishes a notice in /bianji and a visitor reads it on /newnotice', async () => {
    const title = `系统维护通知${Date.now() % 10_000}`;
    const adminCtx = await newContext(browser, admin.token);
    const page = await adminCtx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/bianji`);
    await page.getByTestId('notice-new').click();
    await page.getByTestId('notice-title-input').fill(title);
    await page
      .getByTestId('notice-content-input')
      .fill('本周六 02:00–04:00 进行数据库升级。\n期间监测任务照常运行。');
    await page.getByTestId('notice-pinned-switch').click();
    await page.getByTestId('notice-save').click();
    await toast(page, '公告已创建').waitFor();
    await page.getByTestId('notice-admin-table').getByText(title).waitFor();
    await shot(page, 'admin-bianji.png');
    expect(problems).toEqual([]);
    await adminCtx.close();

    const listed = (await new Client(url).get('/fbmain/main/v1/notice_list')).body.data.list;
    expect(listed[0]).toMatchObject({ title, pinned: 1 });

    const visitorCtx = await newContext(browser);
    const v = await visitorCtx.newPage();
    const vProblems = watchProblems(v);
    await v.goto(`${url}/main/newnotice`);
    const item = v.getByTestId('notice-item').first();
    await item.getByText(title).click();
    await v.waitForURL(new RegExp(`/main/newnotice\\?id=${listed[0].id}$`));
    await expect
      .poll(() => v.getByTestId('notice-content').textContent())
      .toContain('本周六 02:00–04:00 进行数据库升级。');
    await shot(v, 'visitor-notice-detail.png');
    expect(vProblems).toEqual([]);
    await visitorCtx.close();
  }, 60_000);

  it('an admin sees the upstream credentials and the pipeline health', async () => {
    const added = await admin.post('/fbmain/admin/v1/credentials', {
      source: 'mp',
      label: '运营号甲',
      secret: JSON.stringify({ token: 'abcdef123456', cookie: 'slave_sid=zzzz9876' }),
    });
    expect(added.body.error_code).toBe(0);
    const context = await newContext(browser, admin.token);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/admin/credentials`);
    const row = page.getByTestId('credential-table').locator('tr', { hasText: '运营号甲' });
    await row.waitFor();
    expect(await row.textContent()).toContain('…3456');
    expect(await row.textContent()).not.toContain('abcdef123456');
    // A paid key is added with its price and monthly cap, and listed with them.
    await page.getByTestId('credential-add').click();
    await page.getByTestId('credential-source').click();
    await page.locator('.ant-select-item-option', { hasText: '付费数据接口' }).click();
    await page.getByTestId('credential-label').fill('极致了');
    await page.getByTestId('credential-secret').fill('{"key": "JZL-PAGE-5678"}');
    await page.getByTestId('credential-cost').fill('8');
    await page.getByTestId('credential-cap').fill('50000');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(page, '凭据已添加').waitFor();
    const paid = page.getByTestId('credential-table').locator('tr', { hasText: '极致了' });
    await expect.poll(() => paid.textContent()).toContain('¥0.08 / ¥500.00');
    expect(await paid.textContent()).not.toContain('JZL-PAGE');
    await shot(page, 'admin-credentials.png');
    await row.getByRole('button', { name: '停用' }).click();
    await toast(page, '已停用').waitFor();
    await expect.poll(() => row.textContent()).toContain('已停用');

    const health = (await admin.get('/fbmain/admin/v1/health')).body.data;
    await page.goto(`${url}/main/admin/health`);
    await page.getByTestId('health-view').waitFor();
    expect(await page.getByTestId('health-roles').textContent()).toBe(health.roles.join(', '));
    expect(await page.getByTestId('health-ready').textContent()).toBe(
      health.readiness.ready ? '就绪' : '启动中',
    );
    // The in-process collector's rounds, as the API reports them.
    const rounds = page.getByTestId('health-rounds').locator('tbody tr.ant-table-row');
    await expect.poll(() => rounds.count()).toBe(health.crawl_rounds.data.length);
    expect(health.crawl_rounds.data.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('health-credentials').textContent()).toContain('已停用');
    await shot(page, 'admin-health.png');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('an admin sees the sources, sets a chain and adds a WeChat Reading account by QR', async () => {
    const context = await newContext(browser, admin.token);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/admin/sources`);
    const chains = page.getByTestId('sources-chains');
    await chains.locator('tr', { hasText: '文章列表' }).waitFor();
    // The demo's anonymous credential keeps no budgets, and the page says so.
    await page.getByText('不计额度').waitFor();
    // The chain of post lists: the back office first, then WeChat Reading.
    const lists = chains.locator('tr', { hasText: '文章列表' });
    await lists.getByTestId('chain-lists').click();
    await page.locator('.ant-select-item-option', { hasText: '微信读书' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('chain-save-lists').click();
    await toast(page, '来源链已保存').waitFor();
    await expect.poll(() => lists.textContent()).toContain('管理员设置');
    expect(
      (await admin.get('/fbmain/admin/v1/sources')).body.data.chains.find(
        (c: { capability: string }) => c.capability === 'lists',
      ).chain,
    ).toEqual(['mp', 'weread']);

    await page.getByTestId('weread-add').click();
    await page.getByTestId('weread-start').click();
    await page.getByTestId('weread-waiting').waitFor();
    await page.getByTestId('weread-demo-scan').click();
    await page.getByTestId('weread-added').waitFor();
    await shot(page, 'admin-sources-weread.png');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId('sources-pools').locator('tr', { hasText: '微信读书' }).textContent())
      .toContain('可用 1');
    await page.getByTestId('chain-reset-lists').click();
    await toast(page, '已恢复默认来源链').waitFor();
    await shot(page, 'admin-sources.png');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('a member binds WeChat on /binding by scanning the demo QR', async () => {
    const me = await signUp(url);
    const context = await newContext(browser, me.token);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/binding`);
    await expect.poll(() => page.getByTestId('binding-wechat-state').textContent()).toBe('未绑定');
    await page.getByTestId('binding-wechat-bind').click();
    const img = page.getByTestId('login-qr-img');
    await img.waitFor();
    const scan = new URL((await img.getAttribute('data-url')) as string).searchParams.get('scan') as string;
    // The phone's side: the demo confirm page.
    const confirmed = await fetch(`${url}/fbmain/account/v1/qr_confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ scan, openid: 'helpbrowser01', nickname: '微信用户' }).toString(),
    });
    expect(confirmed.status).toBe(200);
    await expect
      .poll(() => page.getByTestId('binding-wechat-state').textContent(), { timeout: 15_000 })
      .toBe('已绑定');
    expect((await me.get('/fbmain/user/v1/user_info')).body.data.wx_bound).toBe(1);
    await shot(page, 'member-binding.png');
    await page.getByTestId('binding-wechat-unbind').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('binding-wechat-state').textContent()).toBe('未绑定');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('a member pays an order by bank transfer and an admin confirms it', async () => {
    const me = await signUp(url);
    const order = (await me.post('/fbmain/account/v1/create_order', { package_id: 'vip2_q' })).body.data;
    const context = await newContext(browser, me.token);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/transfer?out_trade_no=${order.out_trade_no}`);
    await expect
      .poll(() => page.getByTestId('transfer-payee').textContent())
      .toContain(PAYEE.TRANSFER_ACCOUNT_NO);
    expect(await page.getByTestId('transfer-order').textContent()).toContain(order.out_trade_no);
    await page.getByTestId('transfer-payer').fill('某某广告有限公司');
    await page.getByTestId('transfer-reference').fill('HD20261101-7788');
    await page.getByTestId('transfer-submit').click();
    await toast(page, '已提交').waitFor();
    await expect
      .poll(() => page.getByTestId('transfer-mine').getByTestId('transfer-status').first().textContent())
      .toBe('待确认');
    await shot(page, 'member-transfer.png');

    const adminCtx = await newContext(browser, admin.token);
    const a = await adminCtx.newPage();
    const aProblems = watchProblems(a);
    await a.goto(`${url}/main/admin/transfers`);
    const row = a.getByTestId('admin-transfer-table').locator('tr', { hasText: order.out_trade_no });
    await row.waitFor();
    await row.getByRole('button', { name: '确认到账' }).click();
    const ok = a.getByTestId('transfer-review-ok');
    await ok.click();
    await toast(a, '已确认到账').waitFor();
    await shot(a, 'admin-transfers.png');
    expect(aProblems).toEqual([]);
    await adminCtx.close();

    expect(
      (await me.get('/fbmain/account/v1/pay_info', { out_trade_no: order.out_trade_no })).body.data.status,
    ).toBe('paid');
    expect((await me.get('/fbmain/user/v1/user_profile')).body.data.vip_id).toBe(2);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('transfer-mine').getByTestId('transfer-status').first().textContent())
      .toBe('已到账');
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  it('an admin rejects an invoice request with a reason, and the member sees it', async () => {
    const me = await signUp(url);
    const A = '/fbmain/account/v1';
    const title = (await me.post(`${A}/invoice_add`, { title_type: 1, title: '张三' })).body.data.id;
    const { outTradeNo } = await buy(me, 'vip2_q');
    const req = await me.post(`${A}/invoice_order_add`, { out_trade_no: outTradeNo, invoice_id: title });
    expect(req.body.error_code).toBe(0);

    const adminCtx = await newContext(browser, admin.token);
    const a = await adminCtx.newPage();
    const problems = watchProblems(a);
    await a.goto(`${url}/main/admin/invoices`);
    const row = a.getByTestId('admin-invoice-table').locator('tr', { hasText: outTradeNo });
    await row.waitFor();
    await row.getByRole('button', { name: '驳回' }).click();
    await a.getByRole('dialog').getByText('驳回开票申请').waitFor();
    await a.getByRole('dialog').locator('textarea').fill('抬头与付款方不一致');
    await a.getByTestId('invoice-review-ok').click();
    await toast(a, '已驳回').waitFor();
    // The pending filter no longer lists it; 已驳回 does, with the reason.
    await expect.poll(() => row.count()).toBe(0);
    await a.getByText('已驳回', { exact: true }).first().click();
    const rejected = a.getByTestId('admin-invoice-table').locator('tr', { hasText: outTradeNo });
    await expect.poll(() => rejected.textContent()).toContain('抬头与付款方不一致');
    expect(problems).toEqual([]);
    await adminCtx.close();

    const mine = await me.get(`${A}/invoice_order_details`, { id: req.body.data.id });
    expect(mine.body.data).toMatchObject({ status: 2, remark: '抬头与付款方不一致' });
  }, 90_000);

  it('a member deletes the account with the password and the typed confirmation', async () => {
    const me = await signUp(url);
    const context = await newContext(browser, me.token);
    const page = await context.newPage();
    // The wrong password below is refused on purpose, in the body with HTTP 200 (docs/api.md).
    const problems = watchProblems(page);
    await page.goto(`${url}/main/deletion`);
    await expect
      .poll(() => page.getByTestId('deletion-consequences').textContent())
      .toContain('API 剩余次数作废');
    await page.getByTestId('deletion-password').fill('wrong-pass1');
    await page.getByTestId('deletion-confirm-text').fill('确认注销');
    await page.getByTestId('deletion-submit').click();
    await expect.poll(() => page.getByTestId('deletion-error').textContent()).toBe('登录密码错误');
    await page.getByTestId('deletion-password').fill('abc12345');
    await page.getByTestId('deletion-submit').click();
    await page.getByTestId('deletion-done').waitFor();
    await shot(page, 'member-deleted.png');
    // The session ended on the server and in the browser: the header offers login again.
    await page.getByTestId('header-login-button').waitFor();
    expect(refusal(await me.get('/fbmain/user/v1/user_info'))).toBe(40001);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

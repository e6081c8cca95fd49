import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import type { Platform } from '../platform/platform';
import { haveChromium, launchBrowser, screenshot, watchProblems } from './browser';
import { startInProcess, waitReady } from './harness';
import { Client, lastCode, nextPhone, refusal, signUp } from './members-harness';

/**
 * The shared login dialog (spec §2, §4, §5, §8) in a real browser against the whole platform: phone
 * registration and login, QR login through the demo confirm page opened by a second browser (the
 * phone), QQ with binding to an existing phone, the expired QR, the three-step reset, logout, the
 * §5 messages, and the session cleared by a 'user not logged in' answer.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[login browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

/** A screenshot (motion is off in tests: the dialog and notices are in place once shown). */
async function shot(page: Page, name: string) {
  await screenshot(page, `${name}.png`);
}
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const body = (page: Page) => page.getByTestId('login-dialog-body');
const stored = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('userInfo');
    return raw ? (JSON.parse(raw) as { accessToken: string; name: string; loginType: string }) : null;
  });

async function openDialog(page: Page) {
  await page.getByTestId('header-login-button').click();
  await body(page).waitFor();
}

async function phoneTab(page: Page) {
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByTestId('login-phone-form').waitFor();
}

async function logout(page: Page) {
  await page.getByTestId('header-member').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByTestId('header-login-button').waitFor();
}

/** The phone: a separate browser context (its own cookies) opens the QR's confirm page and approves. */
async function confirmOnPhone(phone: Awaited<ReturnType<Browser['newContext']>>, page: Page, nick = '') {
  const link = page.getByTestId('login-qr-confirm-link');
  await link.waitFor();
  const href = (await link.getAttribute('href')) as string;
  expect(href).toBe(await page.getByTestId('login-qr-img').getAttribute('data-url'));
  const p = await phone.newPage();
  await p.goto(href);
  if (nick) await p.getByPlaceholder(/昵称/).fill(nick);
  await p.getByRole('button', { name: '确认登录' }).click();
  await p.getByRole('heading', { name: '已确认登录' }).waitFor();
  return p;
}

/**
 * Signs a member up over the API through a demo QR scan (no SMS is sent, so the dialog's send-code for
 * this phone is not in its 60-second cooldown).
 */
async function signUpByQr(base: string, phone: string, password: string): Promise<Client> {
  const c = new Client(base);
  const qr = (await c.get('/fbmain/account/v1/qrcode')).body.data;
  const scan = new URL(qr.url).searchParams.get('scan') as string;
  const confirmed = await c.post('/fbmain/account/v1/qr_confirm', { scan, openid: `api_${phone}` });
  expect(confirmed.status).toBe(200);
  const polled = await c.post('/fbmain/account/v1/login', { token: qr.qrcode, agree_protocol: 1 });
  expect(polled.body.data.type).toBe(0);
  const r = await c.post('/fbmain/account/v1/register', {
    username: '',
    phone,
    accessToken: polled.body.data.accessToken,
    code: '',
    password,
    confirm: password,
    invitecode: '',
  });
  expect(r.body.error_code).toBe(0);
  c.token = r.body.data.accessToken;
  return c;
}

describe.runIf(runBrowser)('the login dialog in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startInProcess();
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const newPage = () =>
    browser.newPage({ reducedMotion: 'reduce', viewport: { width: 1360, height: 900 }, locale: 'zh-CN' });

  it('opens the dialog without animation for a visitor who asks for reduced motion (as every browser test does)', async () => {
    /** How long the dialog's inputs take to change (antd's transitions), as the visitor's system asks. */
    const inputTransition = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await browser.newPage({ reducedMotion, viewport: { width: 1360, height: 900 } });
      await page.goto(`${url}/main/`);
      await openDialog(page);
      await phoneTab(page);
      const duration = await page
        .getByTestId('login-phone-form')
        .locator('.ant-input')
        .first()
        .evaluate((input) => getComputedStyle(input).transitionDuration);
      await page.close();
      return duration;
    };
    expect(await inputTransition('reduce')).toBe('0s');
    expect(await inputTransition('no-preference')).toBe('0.2s');
  });

  it('shows the validation messages of spec §5 and the login failure', async () => {
    const page = await newPage();
    // The send-code refusal during the cooldown answers 429: expected here.
    const problems = watchProblems(page, (s, u) => s === 429 && u.endsWith('/fbmain/account/v1/sendCode'));
    await page.goto(`${url}/main/`);
    await openDialog(page);

    // QR tab: the QR is covered until the agreement is ticked; no polling happens before that.
    await page.getByTestId('login-qr-img').waitFor();
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/fbmain/account/v1/login')) polls.push(r.postData() ?? '');
    });
    await page.getByTestId('login-qr-agree').click();
    await toast(page, '请先勾选用户协议').waitFor();
    await page.waitForTimeout(2500);
    expect(polls).toEqual([]);
    expect(await page.getByText('自动登录').isVisible()).toBe(true);
    expect(await page.getByTestId('login-qr-refresh').isVisible()).toBe(true);
    expect(await page.getByTestId('login-qq').isVisible()).toBe(true);
    await shot(page, '01-qr-tab');

    // Phone tab: empty, malformed, no consent, wrong password.
    await phoneTab(page);
    await page.getByTestId('login-submit').click();
    await fieldError(page, '手机号不能为空').waitFor();
    await fieldError(page, '密码不能为空').waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('12345678901');
    await page.getByTestId('login-submit').click();
    await fieldError(page, '请输入正确的手机号').waitFor();
    const phone = nextPhone();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('abc12345');
    await page.getByTestId('login-submit').click();
    await toast(page, '请勾选用户协议后再登录').waitFor();
    expect(polls).toEqual([]);
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-submit').click();
    await toast(page, M.LOGIN_FAILED).waitFor();
    await shot(page, '02-phone-tab-errors');

    // Registration form: code, password length, confirmation.
    await page.getByTestId('login-register').click();
    await page.getByTestId('login-set-phone').waitFor();
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe(phone);
    await page.getByLabel('设置密码', { exact: true }).fill('abc1234');
    await page.getByLabel('确认密码', { exact: true }).fill('abc12345');
    await page.getByTestId('register-submit').click();
    await fieldError(page, '验证码不能为空').waitFor();
    await fieldError(page, '密码长度不能小于8位').waitFor();
    await fieldError(page, '两次输入的密码不一致').waitFor();
    // Registering needs the 用户协议 ticked; its link opens the agreement page.
    await fieldError(page, '请阅读并同意用户协议').waitFor();
    expect(await page.getByTestId('register-agreement-link').getAttribute('href')).toBe('/main/shengming');
    expect(await page.getByText('8-15位数字和字母').isVisible()).toBe(true);
    // A bad phone never reaches sendCode.
    await page.getByLabel('手机号', { exact: true }).fill('');
    await page.getByTestId('register-send-code').click();
    await fieldError(page, '手机号不能为空').waitFor();
    // A refused send (here: the phone got a code a moment ago) shows the reply as a warning, no countdown.
    const recent = nextPhone();
    await signUp(url, recent);
    await page.getByLabel('手机号', { exact: true }).fill(recent);
    await page.getByTestId('register-send-code').click();
    await page.locator('.ant-message-notice-warning', { hasText: /发送过于频繁，请\d+秒后再试/ }).waitFor();
    expect(await page.getByTestId('register-send-code').textContent()).toBe('获取验证码');
    await shot(page, '03-register-errors');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs up through the dialog, fills the profile, logs out and logs in by phone', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    // /register opens the dialog on its registration form and returns to ?redirect afterwards.
    await page.goto(`${url}/main/register?redirect=/appsearch/hottext`);
    expect(await page.title()).toBe('注册 - 公众号数据平台');
    await page.getByTestId('login-set-phone').waitFor();
    const phone = nextPhone();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByTestId('register-send-code').click();
    await toast(page, M.CODE_SENT).waitFor();

    await page.getByLabel('验证码', { exact: true }).fill(lastCode(phone));
    await page.getByLabel('设置密码', { exact: true }).fill('abc12345');
    await page.getByLabel('确认密码', { exact: true }).fill('abc12345');
    await page.getByTestId('register-agree').click();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('login-profile').waitFor();
    // The session is stored at registration (spec §4), so the header already shows the member.
    expect((await stored(page))?.loginType).toBe('phone');
    await page.getByTestId('header-member-name').waitFor();

    // Every message of the profile form (spec §5).
    await page.getByLabel('联系方式', { exact: true }).fill('');
    await page.getByTestId('profile-submit').click();
    for (const msg of [
      M.USER_TYPE_EMPTY,
      M.USERNAME_EMPTY,
      M.CONTACT_EMPTY,
      M.COMPANY_EMPTY,
      M.INDUSTRY_EMPTY,
      M.NEED_TOO_LONG,
    ])
      await fieldError(page, msg).waitFor();
    await shot(page, '05-profile-errors');
    await page.getByText('媒介代理').click();
    await page.getByLabel('联系人', { exact: true }).fill('张三');
    await page.getByLabel('联系方式', { exact: true }).fill(phone);
    await page.getByLabel('公司名称', { exact: true }).fill('某某传媒');
    await page.getByLabel('所属行业', { exact: true }).fill('广告营销');
    await page.getByLabel('您的需求', { exact: true }).fill('投放前分析与刷量检测');
    await page.getByTestId('profile-submit').click();
    // Spec §4: a confirm offering the API page, or a success notice.
    await page.getByText('新用户已获赠 API 免费试用次数').waitFor();
    await shot(page, '06-profile-confirm');
    await page
      .getByRole('button', { name: '暂 不' })
      .or(page.getByRole('button', { name: '暂不' }))
      .click();
    await toast(page, M.PROFILE_OK).waitFor();
    await page.waitForURL(/\/main\/appsearch\/hottext$/);

    const token = (await stored(page))?.accessToken as string;
    const api = new Client(url);
    api.token = token;
    const info = await api.get('/fbmain/user/v1/user_info');
    expect(info.body.data.profile).toMatchObject({
      user_type: '媒介代理',
      name: '张三',
      company: '某某传媒',
    });
    expect(await page.getByTestId('header-member-name').textContent()).toBe(info.body.data.name);
    expect(await page.getByTestId('header-member-level').textContent()).toBe('普通会员');
    await shot(page, '07-registered');

    // Logout ends the server session and the local one.
    await logout(page);
    expect(await stored(page)).toBeNull();
    expect(refusal(await api.get('/fbmain/user/v1/user_info'))).toBe(40001);
    await toast(page, M.LOGOUT_OK).waitFor();

    // Log in again with phone and password.
    await openDialog(page);
    await phoneTab(page);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('abc12345');
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-submit').click();
    await toast(page, '登录成功').waitFor();
    await page.getByTestId('header-member-level').waitFor();
    await body(page).waitFor({ state: 'hidden' });
    const again = await stored(page);
    expect(again?.loginType).toBe('phone');
    expect(again?.accessToken).not.toBe(token);
    await shot(page, '08-phone-login');

    // The member binds QQ from the header menu (qq_binding); that QQ then logs straight into this account.
    const qqPhone = await browser.newContext({ reducedMotion: 'reduce', locale: 'zh-CN' });
    await page.getByTestId('header-member').hover();
    await page.getByRole('menuitem', { name: '绑定 QQ' }).click();
    await page.getByTestId('qq-bind').getByTestId('login-qr-img').waitFor();
    await shot(page, '08b-qq-bind');
    await confirmOnPhone(qqPhone, page, 'QQ绑定');
    await toast(page, '绑定成功').waitFor({ timeout: 10_000 });
    api.token = (await stored(page))?.accessToken as string;
    expect((await api.get('/fbmain/user/v1/user_info')).body.data.qq_bound).toBe(1);
    await page.mouse.move(0, 400);
    await logout(page);
    await openDialog(page);
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-qq').click();
    await expect.poll(() => page.getByTestId('login-qr').getAttribute('data-provider')).toBe('qq');
    await confirmOnPhone(qqPhone, page);
    await toast(page, '登录成功').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('header-member-name').textContent()).toBe(info.body.data.name);
    expect((await stored(page))?.loginType).toBe('qq');
    await qqPhone.close();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the send-code button counts down 60 s, then resets (spec §4, §9)', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    await page.clock.install();
    await page.goto(`${url}/main/register`);
    await page.getByTestId('login-set-phone').waitFor();
    await page.getByLabel('手机号', { exact: true }).fill(nextPhone());
    const sendButton = page.getByTestId('register-send-code');
    await sendButton.click();
    await toast(page, M.CODE_SENT).waitFor();
    await expect.poll(() => sendButton.textContent()).toMatch(/^(60|59)秒后重新获取$/);
    expect(await sendButton.isDisabled()).toBe(true);
    await shot(page, '04-register-countdown');
    await page.clock.fastForward('00:30');
    await expect.poll(() => sendButton.textContent()).toMatch(/^(30|29)秒后重新获取$/);
    await page.clock.fastForward('00:31');
    await expect.poll(() => sendButton.textContent()).toBe('获取验证码');
    expect(await sendButton.isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('logs in by QR: the phone confirms, a new user sets phone and password, a known one is logged in', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    const phoneCtx = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 390, height: 780 },
      locale: 'zh-CN',
    });
    await page.goto(`${url}/main/appsearch/burst`);
    await page.getByTestId('burst-rule').waitFor();
    // From a page, /login (as the report page's link goes) returns there afterwards.
    await page.evaluate(() => {
      history.pushState({}, '', '/main/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await body(page).waitFor();
    expect(await page.title()).toBe('登录 - 公众号数据平台');
    await page.getByTestId('login-qr-img').waitFor();
    await page.getByTestId('login-agree').click();
    await shot(page, '09-qr-ready');

    const confirm = await confirmOnPhone(phoneCtx, page, '扫码小王');
    await screenshot(confirm, '10-phone-confirmed.png');
    // Type 0: the dialog asks the new user for phone and password, with no code input (spec §5).
    await page.getByTestId('login-set-phone').waitFor({ timeout: 10_000 });
    expect(await page.getByText('欢迎，扫码小王').isVisible()).toBe(true);
    expect(await page.getByTestId('register-send-code').count()).toBe(0);
    const phone = nextPhone();
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('设置密码', { exact: true }).fill('qrpass123');
    await page.getByLabel('确认密码', { exact: true }).fill('qrpass123');
    await shot(page, '11-qr-set-phone');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('login-profile').waitFor();
    await page.getByTestId('profile-skip').click();
    await page.waitForURL(/\/main\/appsearch\/burst$/);
    expect(await page.getByTestId('header-member-name').textContent()).toBe('扫码小王');
    expect((await stored(page))?.loginType).toBe('wechat');

    // The same phone scans again: its identity is registered now, so the dialog logs in directly.
    await logout(page);
    await openDialog(page);
    await page.getByTestId('login-agree').click();
    const before = Date.now();
    await confirmOnPhone(phoneCtx, page);
    await toast(page, '登录成功').waitFor({ timeout: 10_000 });
    expect(Date.now() - before).toBeLessThan(8_000);
    expect(await page.getByTestId('header-member-name').textContent()).toBe('扫码小王');
    await shot(page, '12-qr-login');

    // The account logs in with the phone and password it set too.
    const c = new Client(url);
    const r = await c.post('/fbmain/account/v1/login', {
      username: phone,
      password: 'qrpass123',
      agree_protocol: 1,
    });
    expect(r.body.error_code).toBe(0);
    expect(problems).toEqual([]);
    await phoneCtx.close();
    await page.close();
  });

  it('QQ login with a code takes the phone a WeChat account set without one', async () => {
    const phone = nextPhone();
    const member = await signUpByQr(url, phone, 'abc12345');
    const page = await newPage();
    const problems = watchProblems(page);
    const phoneCtx = await browser.newContext({ reducedMotion: 'reduce', locale: 'zh-CN' });
    await page.goto(`${url}/main/`);
    await openDialog(page);
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-qq').click();
    await expect.poll(() => page.getByTestId('login-qr').getAttribute('data-provider')).toBe('qq');
    expect(await page.getByText('请使用QQ扫描二维码登录').isVisible()).toBe(true);
    const confirm = await confirmOnPhone(phoneCtx, page, 'QQ小李');
    expect(await confirm.title()).toBe('已确认');
    await page.getByTestId('login-set-phone').waitFor({ timeout: 10_000 });

    // The phone is taken: the dialog stays on step 2 with the message and asks for a code (spec §8).
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByLabel('设置密码', { exact: true }).fill('abc12345');
    await page.getByLabel('确认密码', { exact: true }).fill('abc12345');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('login-set-phone-error').getByText(M.PHONE_REGISTERED).waitFor();
    await page.getByTestId('register-send-code').click();
    await toast(page, M.CODE_SENT).waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(lastCode(phone));
    await shot(page, '13-qq-bind-existing');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('login-profile').waitFor();
    await page.getByTestId('profile-skip').click();
    await page.getByTestId('header-member-level').waitFor();
    expect((await stored(page))?.loginType).toBe('qq');
    const api = new Client(url);
    api.token = (await stored(page))?.accessToken as string;
    const info = (await api.get('/fbmain/user/v1/user_info')).body.data;
    expect(info.qq_bound).toBe(1);
    // The WeChat account typed the phone in without a code (unverified): the code's owner gets an account of their
    // own with it; the WeChat account keeps its login, without the number (docs/members.md).
    const before = (await member.get('/fbmain/user/v1/user_info')).body.data;
    expect(info.id).not.toBe(before.id);
    expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(before.phone).toBe('');
    expect(problems).toEqual([]);
    await phoneCtx.close();
    await page.close();
  });

  it('shows the expired QR and refreshes it', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    await page.clock.install();
    await page.goto(`${url}/main/`);
    await openDialog(page);
    await page.getByTestId('login-agree').click();
    const img = page.getByTestId('login-qr-img');
    await img.waitFor();
    const first = await img.getAttribute('data-url');
    // The QR lives 5 minutes (expires_in 300).
    await page.clock.fastForward('05:01');
    await page.getByTestId('login-qr-expired').waitFor();
    await shot(page, '14-qr-expired');
    await page.getByTestId('login-qr-expired').getByRole('button', { name: '刷新二维码' }).click();
    await img.waitFor();
    expect(await img.getAttribute('data-url')).not.toBe(first);
    // The refresh link works at any time.
    const second = await img.getAttribute('data-url');
    await page.getByTestId('login-qr-refresh').click();
    await expect.poll(() => img.getAttribute('data-url')).not.toBe(second);
    // Closing the dialog stops the polling.
    await page.getByRole('button', { name: 'Close' }).or(page.locator('.ant-modal-close')).first().click();
    await body(page).waitFor({ state: 'detached' });
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/fbmain/account/v1/login')) polls.push(r.url());
    });
    await page.clock.fastForward('00:10');
    await page.waitForTimeout(500);
    expect(polls).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('resets the password in three steps and logs in with the new one', async () => {
    const phone = nextPhone();
    const member = await signUpByQr(url, phone, 'oldpass12');
    const page = await newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/`);
    await openDialog(page);
    await phoneTab(page);
    await page.getByLabel('手机号', { exact: true }).fill(phone);
    await page.getByTestId('login-forgot').click();
    const reset = page.getByTestId('login-reset');
    await reset.waitFor();
    expect(await reset.getAttribute('data-step')).toBe('1');
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe(phone);
    await page.getByTestId('reset-next').click();
    await fieldError(page, '验证码不能为空').waitFor();
    await page.getByTestId('reset-send-code').click();
    await toast(page, M.CODE_SENT).waitFor();
    const code = lastCode(phone);
    await page.getByLabel('验证码', { exact: true }).fill(code === '111111' ? '222222' : '111111');
    await page.getByTestId('reset-next').click();
    await toast(page, M.CODE_WRONG).waitFor();
    expect(await reset.getAttribute('data-step')).toBe('1');
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByTestId('reset-next').click();
    await expect.poll(() => reset.getAttribute('data-step')).toBe('2');
    await shot(page, '15-reset-verified');

    await page.getByLabel('新密码', { exact: true }).fill('short');
    await page.getByLabel('确认新密码', { exact: true }).fill('other');
    await page.getByTestId('reset-save').click();
    await fieldError(page, '密码长度不能小于8位').waitFor();
    await fieldError(page, '两次输入的密码不一致').waitFor();
    await page.getByLabel('新密码', { exact: true }).fill('newpass99');
    await page.getByLabel('确认新密码', { exact: true }).fill('newpass99');
    await page.getByTestId('reset-save').click();
    await expect.poll(() => reset.getAttribute('data-step')).toBe('3');
    expect(await page.getByText(M.RESET_OK).isVisible()).toBe(true);
    await shot(page, '16-reset-done');
    // Every session of the account ended with the reset.
    expect(refusal(await member.get('/fbmain/user/v1/user_info'))).toBe(40001);

    await page.getByTestId('reset-done').click();
    await page.getByTestId('login-phone-form').waitFor();
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe(phone);
    await page.getByLabel('密码', { exact: true }).fill('newpass99');
    await page.getByTestId('login-agree').click();
    await page.getByTestId('login-submit').click();
    await toast(page, '登录成功').waitFor();
    await page.getByTestId('header-member-level').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a user-not-logged-in answer clears the session and the header follows', async () => {
    const page = await newPage();
    // The stale token's user_profile answers 用户未登录 in the body, with HTTP 200 (docs/api.md): no HTTP error.
    const problems = watchProblems(page);
    await page.goto(`${url}/main/`);
    await page.getByTestId('header-login-button').waitFor();
    await page.evaluate(() =>
      localStorage.setItem(
        'userInfo',
        JSON.stringify({ accessToken: 'expired-token', name: '旧会话', loginType: 'phone', avatar: '' }),
      ),
    );
    await page.reload();
    await page.getByTestId('header-login-button').waitFor();
    expect(await stored(page)).toBeNull();
    expect(await page.getByText('旧会话').count()).toBe(0);
    await shot(page, '17-session-cleared');
    expect(problems).toEqual([]);
    await page.close();
  });
});

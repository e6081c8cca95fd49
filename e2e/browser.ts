import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandbox needs (no network beyond loopback). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const haveChromium = () => existsSync(CHROMIUM_PATH);

/**
 * A desktop-sized zh-CN browser context that asks for reduced motion (the dashboard then turns antd's animations off,
 * so no click lands on a dialog or dropdown still animating in); with a token, a member's session is where the dashboard keeps it
 * (spec §3 Local session record: localStorage userInfo), so pages open as that member.
 */
export async function sessionContext(browser: Browser, token?: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 900 },
    locale: 'zh-CN',
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  if (token)
    await context.addInitScript((t: string) => {
      localStorage.setItem(
        'userInfo',
        JSON.stringify({ accessToken: t, name: '测试会员', loginType: 'phone', avatar: '' }),
      );
    }, token);
  return context;
}

/**
 * Collects what must not happen on a page: console errors, page errors, failed requests and HTTP answers ≥ 400.
 * `allow` names the answers a test provokes on purpose. The browser's own console line for a failed resource is left
 * to the response check, and the image proxy's 502 is always allowed: pictures live on WeChat's CDN, which this
 * sandbox cannot reach, and the page shows a fallback.
 */
export function watchProblems(
  page: Page,
  allow: (status: number, url: string) => boolean = () => false,
): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of \d+/.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Requests the page itself cancels (navigating away) are not failures.
    const reason = r.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${r.url()} ${reason}`);
  });
  page.on('response', (r) => {
    const image = r.status() === 502 && r.url().includes('/fbmain/common/v1/image?');
    if (r.status() >= 400 && !image && !allow(r.status(), r.url()))
      problems.push(`http ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/**
 * Follows the requests `page` has in flight. `quiet()` resolves once none has been in flight for `quietMs` (or after
 * `timeoutMs`), so a check reads the page after its own calls have answered. Playwright's 'networkidle' waits a fixed
 * 500 ms and only after a navigation; this also serves a page that changes its own URL, and costs no more quiet than
 * asked for. Make it before the navigation, so calls the page starts at once are counted.
 */
export function trackRequests(page: Page): {
  quiet: (quietMs?: number, timeoutMs?: number) => Promise<void>;
} {
  const inflight = new Set<unknown>();
  const waiters = new Set<() => void>();
  page.on('request', (r) => {
    inflight.add(r);
    for (const w of waiters) w();
  });
  const ended = (r: unknown) => {
    inflight.delete(r);
    for (const w of waiters) w();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const quiet = (quietMs = 250, timeoutMs = 15_000) =>
    new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        clearTimeout(limit);
        waiters.delete(arm);
        resolve();
      };
      const arm = () => {
        clearTimeout(timer);
        if (inflight.size === 0) timer = setTimeout(done, quietMs);
      };
      const limit = setTimeout(done, timeoutMs);
      waiters.add(arm);
      arm();
    });
  return { quiet };
}

/**
 * Where the browser tests keep screenshots for people to look at: SCREENSHOT_DIR when set. A plain `npm test` takes
 * none (a full-page screenshot costs about a third of a page visit, and nobody looks at them there), except of a
 * failure (`always`), which then goes to a temporary folder that the test names in its log.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = false, always = false }: { fullPage?: boolean; always?: boolean } = {},
): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR ?? (always ? path.join(os.tmpdir(), 'gzh-test-failures') : null);
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await page.screenshot({ path: file, fullPage });
  if (always) console.log(`screenshot: ${file}`);
}

/**
 * Opens `route` (a dashboard path with its query) in `page`: through the dashboard's router when the page already
 * shows the dashboard, as a click on one of its links does (the bundle does not start again: a fresh document costs
 * the browser about 0.9 s of CPU here), else by loading the URL. A sweep of many routes checks each one's own page;
 * loading every URL afresh is the route sweep's visitor pass (e2e/route-visits.ts). With `title`, waits until the
 * route's own title is shown.
 */
export async function openRoute(page: Page, base: string, route: string, title?: string): Promise<void> {
  if (page.url().startsWith(`${base}/main`)) {
    await page.evaluate((u) => {
      history.pushState(null, '', u);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/main${route}`);
  } else await page.goto(`${base}/main${route}`);
  // With its title the route is in place: the previous page's elements (a test id both pages use) are gone.
  if (title) await page.waitForFunction((t) => document.title === t, title);
}

import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { openRoute, trackRequests, watchProblems } from './browser';
import type { RouteExpectation } from './route-expectations';

/** One route to open: its table path, the URL (path plus sample query) and the title the route table gives it. */
export interface RouteTarget {
  path: string;
  url: string;
  title: string;
  /** Where the page sends this user on its own (a logged-in member opening /login goes to its redirect). */
  endsAt?: string;
  /** What this route's page shows once in place (e2e/route-expectations.ts). */
  expect?: RouteExpectation;
}

export interface RouteVisit extends RouteTarget {
  role: string;
  ok: boolean;
  /** Why it failed: wrong title, too little Chinese, console errors, failed requests. */
  problems: string[];
  /** Han characters in the page's content area (header and footer excluded). */
  han: number;
  ms: number;
  shot: string;
}

/** Fewer Han characters than this in the content area means the page did not render its own content. */
export const MIN_HAN = 12;

const slug = (url: string) =>
  url
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 80) || 'home';

/**
 * Opens each route (as a fresh page load, or through the dashboard's router: `how`), in a few tabs of `context` at once, and checks what a user meets: the route's own title, Chinese content, no console
 * error, no failed request. Each tab loads its routes one after another: a new document drops the previous page's
 * state, and reusing the tab spares starting a renderer per route. With `shots`, saves a full-page screenshot of each.
 * `allow` names answers ≥ 400 a page provokes by design (e.g. a key check that answers 401 for a bad key).
 */
export async function visitRoutes(
  context: BrowserContext,
  base: string,
  role: string,
  targets: RouteTarget[],
  shots: string | null,
  report: (v: RouteVisit) => void = () => {},
  allow: (status: number, url: string) => boolean = () => false,
  concurrency = VISIT_CONCURRENCY,
  how: Navigation = 'load',
): Promise<RouteVisit[]> {
  const out: (RouteVisit | undefined)[] = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    const tab = await openTab(context, allow);
    try {
      while (next < targets.length) {
        const i = next++;
        const visit = await visitRoute(tab, base, role, targets[i] as RouteTarget, shots, how);
        report(visit);
        out[i] = visit;
      }
    } finally {
      await tab.page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, targets.length)) }, worker));
  return out as RouteVisit[];
}

/**
 * How a tab reaches each route: 'load' types its URL (a fresh document: every route is deep-linkable); 'app' loads the
 * first and then moves through the dashboard's own router, as a user following its links does, so the bundle starts
 * once per tab rather than once per route (a fresh document costs the browser about 0.9 s of CPU here).
 */
export type Navigation = 'load' | 'app';

/**
 * Tabs open at once. A page spends most of its visit waiting (its chunk, its calls), so a few tabs overlap those
 * waits; more than that only queue on the 2 cores.
 */
export const VISIT_CONCURRENCY = Number(process.env.ROUTES_CONCURRENCY ?? 3);

interface Tab {
  page: Page;
  problems: string[];
  requests: ReturnType<typeof trackRequests>;
}

async function openTab(
  context: BrowserContext,
  allow: (status: number, url: string) => boolean,
): Promise<Tab> {
  const page = await context.newPage();
  return { page, problems: watchProblems(page, allow), requests: trackRequests(page) };
}

async function visitRoute(
  { page, problems: seen, requests }: Tab,
  base: string,
  role: string,
  target: RouteTarget,
  shots: string | null,
  how: Navigation,
): Promise<RouteVisit> {
  const started = Date.now();
  // What the tab reports from here on belongs to this visit.
  const from = seen.length;
  const problems: string[] = [];
  const shot = shots ? path.join(shots, `${role}-${slug(target.url)}.png`) : '';
  let han = 0;
  let title = '';
  try {
    // The tab's session storage would outlive the document: a route opened in a new tab starts without it.
    if (how === 'app') await openRoute(page, base, target.url);
    else {
      if (page.url().startsWith(base)) await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${base}/main${target.url}`, { waitUntil: 'load', timeout: 60_000 });
    }
    // The route's chunk has loaded once the suspense spinner is gone; then let its first calls settle
    // (pages that poll every few seconds still go quiet between polls).
    await page.waitForSelector('.app-content', { timeout: 30_000 });
    // A page that sends the user on (a member on /login) changes the URL at once, but React shows the old
    // page until the next one's chunk has loaded: its title is the sign that it is in place.
    await page
      .waitForFunction((t) => document.title === t, target.title, { timeout: 60_000 })
      .catch(() => {});
    await page.waitForFunction(() => !document.querySelector('.page-loading'), null, { timeout: 30_000 });
    await requests.quiet();
    // A loading skeleton is not the page yet (a member's first call can take seconds on a loaded machine).
    await page
      .waitForFunction(() => !document.querySelector('.app-content .ant-skeleton'), null, {
        timeout: 20_000,
      })
      .catch(() => {});
    await page
      .waitForFunction(() => !document.querySelector('.app-content .ant-spin-spinning'), null, {
        timeout: 10_000,
      })
      .catch(() => {});
    title = await page.title();
    const at = new URL(page.url()).pathname.replace(/^\/main/, '') || '/';
    if (at !== (target.endsAt ?? target.path))
      problems.push(`ended at ${at}, expected ${target.endsAt ?? target.path}`);
    problems.push(...(await expectationProblems(page, role, target.expect)));
    problems.push(...(await headProblems(page)));
    han = await page.evaluate(() => {
      const content = document.querySelector('.app-content') as HTMLElement | null;
      // biome-ignore lint/performance/useDomNodeTextContent: only what is rendered visibly counts as content
      const text = content?.innerText ?? '';
      return text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
    });
    if (shot) await page.screenshot({ path: shot, fullPage: true });
  } catch (e) {
    problems.push(`navigation: ${(e as Error).message.split('\n')[0]}`);
  }
  problems.push(...seen.slice(from));
  if (title !== target.title) problems.push(`title: "${title}", expected "${target.title}"`);
  if (han < MIN_HAN) problems.push(`content: only ${han} Chinese characters`);
  return {
    ...target,
    role,
    ok: problems.length === 0,
    problems,
    han,
    ms: Date.now() - started,
    shot,
  };
}

/** A page's head: its description and keywords are Chinese (the route table's, or the page's own for its object). */
async function headProblems(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const name of ['description', 'keywords']) {
    const v = (await page.locator(`meta[name="${name}"]`).getAttribute('content')) ?? '';
    if (!/[\u4e00-\u9fff]/.test(v)) out.push(`head: meta ${name} "${v.slice(0, 40)}" has no Chinese`);
  }
  return out;
}

/**
 * The route's own expectations: its root (or, for a visitor, its gate) in place; the member never meets the gate;
 * the elements it shows with the page, each at least so many times.
 */
async function expectationProblems(
  page: Page,
  role: string,
  e: RouteExpectation | undefined,
): Promise<string[]> {
  if (!e) return [];
  const out: string[] = [];
  const content = page.locator('.app-content');
  const shown = role === 'visitor' && e.visitorGate ? e.visitorGate : e.ready;
  if (shown)
    await content
      .getByTestId(shown)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => out.push(`expected ${shown} on the page`));
  if (role !== 'visitor' && e.visitorGate && (await content.getByTestId(e.visitorGate).count()) > 0)
    out.push(`a member meets ${e.visitorGate}`);
  for (const [id, min] of Object.entries(e.also ?? {})) {
    const n = await content.getByTestId(id).count();
    if (n < min) out.push(`expected ${min}× ${id}, found ${n}`);
  }
  return out;
}

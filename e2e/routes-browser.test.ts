import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { haveChromium } from './browser';
import { startInProcess, waitReady } from './harness';
import { ADMIN_PHONE } from './members-harness';
import { routeTargets } from './route-world';
import { checkAllRoutes } from './routes-check';

/**
 * Every route of the route table (spec §2 and the admin pages) in a real browser on the demo platform: as a
 * visitor and as a member (an admin with the top level, and sample queries that show real content), each renders its
 * own title, Chinese content and head with no console error and no failed request, and what its area's table in
 * e2e/route-expectations.ts expects (its page's root, the login prompt or admin refusal for visitors, the parts shown
 * with it): the one sweep of the pages, so the areas' browser tests need none of their own. The same check runs as `npm run e2e -- routes`, which also saves a full-page screenshot of each visit (here
 * only with SCREENSHOT_DIR set: the screenshots are for people to look at, and cost a third of the visit) and loads
 * each URL as a fresh document for the visitor. Here both roles move through the dashboard's router (a fresh document
 * costs the browser some 0.8 s of CPU, 136 times), and every URL is checked over HTTP to answer the dashboard's shell;
 * the other browser files open their pages by URL.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? null;
const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[routes browser test] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

describe.skipIf(!runBrowser)('every route in a browser', () => {
  let platform: Platform;
  let url: string;

  beforeAll(async () => {
    // Fake-traffic verdicts every second (not every minute): the member world waits for its report.
    platform = await startInProcess({ ADMIN_PHONES: ADMIN_PHONE, FAKE_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('answers the dashboard for every route URL, so each one deep-links', async () => {
    const shell = await (await fetch(`${url}/main/`)).text();
    expect(shell).toContain('<div id="root">');
    for (const t of routeTargets(null)) {
      const res = await fetch(`${url}/main${t.url}`);
      expect(res.status, t.url).toBe(200);
      expect(res.headers.get('content-type'), t.url).toContain('text/html');
      expect(await res.text(), t.url).toBe(shell);
    }
  });

  it('renders each route with its title, in Chinese, without console errors or failed requests', async () => {
    const check = await checkAllRoutes(platform, url, SHOTS, console.log, () => true, 'app');
    expect(check.total).toBeGreaterThanOrEqual(126);
    expect(check.visited).toBe(check.total);
    expect(
      check.visits.filter((v) => !v.ok).map((v) => `${v.role} ${v.url}: ${v.problems.join('; ')}`),
    ).toEqual([]);
  }, 1_800_000);
});

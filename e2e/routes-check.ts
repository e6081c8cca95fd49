import { mkdirSync } from 'node:fs';
import type { Platform } from '../platform/platform';
import { launchBrowser, sessionContext } from './browser';
import { type Navigation, type RouteVisit, visitRoutes } from './route-visits';
import { prepareRouteWorld, routeTargets } from './route-world';

export interface RouteCheck {
  visits: RouteVisit[];
  /** Routes visited (each by every role), routes in all, routes that failed for at least one role. */
  visited: number;
  total: number;
  failed: string[];
  resultLine: string;
}

/**
 * Visits every route of the route table on a running demo platform, as a visitor (no query: the pages'
 * empty states) and as a member (admin, super member, with sample queries that show real content), and
 * prints one line per visit and the RESULT line. With `shots`, a full-page screenshot of each visit goes there.
 * `visitor` is how the visitor reaches each route: 'load' types each URL, a fresh document per route (`npm run e2e --
 * routes`); 'app' moves through the router as the member does (the suite, which checks over HTTP that every URL
 * answers the dashboard's shell).
 */
export async function checkAllRoutes(
  platform: Platform,
  base: string,
  shots: string | null,
  print: (line: string) => void = console.log,
  only: (path: string) => boolean = () => true,
  visitor: Navigation = 'load',
): Promise<RouteCheck> {
  if (shots) mkdirSync(shots, { recursive: true });
  const t0 = Date.now();
  const world = await prepareRouteWorld(platform, base);
  print(`member world ready in ${Date.now() - t0} ms`);
  const browser = await launchBrowser();
  const visits: RouteVisit[] = [];
  const line = (v: RouteVisit) =>
    print(
      `${v.ok ? 'ok  ' : 'FAIL'} ${v.role.padEnd(7)} ${v.url.padEnd(48)} ${String(v.ms).padStart(6)} ms  han=${v.han}` +
        (v.ok ? '' : `\n       ${v.problems.join('\n       ')}`),
    );
  try {
    // The visitor types each URL (every route deep-links) or moves through the app; the member moves through the app.
    for (const [role, token, targets, how] of [
      ['visitor', undefined, routeTargets(null).filter((t) => only(t.path)), visitor],
      ['member', world.member.token ?? undefined, routeTargets(world).filter((t) => only(t.path)), 'app'],
    ] as const) {
      const context = await sessionContext(browser, token);
      visits.push(
        ...(await visitRoutes(context, base, role, targets, shots, line, undefined, undefined, how)),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const paths = [...new Set(visits.map((v) => v.path))];
  const failed = paths.filter((p) => visits.some((v) => v.path === p && !v.ok));
  const byRole = (role: string) => visits.filter((v) => v.role === role && !v.ok).length;
  const resultLine =
    `RESULT routes visited=${paths.length} total=${routeTargets(null).length} failed=${failed.length}` +
    ` visits=${visits.length} visitor_failed=${byRole('visitor')} member_failed=${byRole('member')}` +
    ` median_ms=${median(visits.map((v) => v.ms))}`;
  if (shots) print(`screenshots: ${shots}`);
  print(resultLine);
  return { visits, visited: paths.length, total: routeTargets(null).length, failed, resultLine };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
}

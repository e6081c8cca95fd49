import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { startInProcess, waitReady } from './harness';
import { type Client, signUp } from './members-harness';

/**
 * Issue #30: a fresh demo shows its key feature when it says ready. The showcase (the last three days of
 * monitoring series, from the simulator) gives fake-traffic verdicts and the 刷量榜 at once, and the list floor
 * keeps every industry and area ranking, daily ones included, at the floor.
 */
const FLOOR = 4;
let platform: Platform;
let base: string;
let member: Client;

beforeAll(async () => {
  platform = await startInProcess({ SIM_LIST_FLOOR: String(FLOOR), DEMO_SHOWCASE: '60' });
  base = platform.url as string;
  await waitReady(base);
  member = await signUp(base);
}, 180_000);
afterAll(() => platform?.stop());

const rank = async (path: string, q: Record<string, unknown>) => {
  const r = await member.get(`/fbmain/rank/v1/${path}`, { num: 100, ...q });
  expect(r.body.error_code, r.text).toBe(0);
  return r.body.data as { total: number; list: { fake_post: string; fake_articles: number; name: string }[] };
};

describe('the demo when it says ready', () => {
  it('has fake-traffic verdicts with their signals, reachable from the 刷量榜', async () => {
    // The fixed clock is Sunday 2026-11-01: the showcase's three days fall in the week starting 10-26.
    const fake = await rank('fake', { period: 'week', date: '2026-10-26' });
    expect(fake.total).toBeGreaterThan(0);
    const row = fake.list[0] as { fake_post: string; fake_articles: number };
    expect(row.fake_articles).toBeGreaterThan(0);
    const r = await member.get('/fbmain/monitor/v1/read_praise_report', { post: row.fake_post });
    expect(r.body.status, r.text).toBe(200);
    const report = r.body.data as {
      judged: boolean;
      verdict: string;
      status: number;
      signals: { code: string; text: string }[];
      charts: { time: string[] };
    };
    expect(report).toMatchObject({ judged: true, verdict: 'fake', status: 1 });
    expect(report.signals.length).toBeGreaterThan(0);
    expect(report.signals[0]?.text).toMatch(/[\u4e00-\u9fa5]/);
    // Up to three days of 5-minute points: a curve, not a few polls.
    expect(report.charts.time.length).toBeGreaterThan(12);
  });

  it('lists at least the floor in every industry and area ranking of the last finished day', async () => {
    const f = (await member.get('/fbmain/rank/v1/filters')).body.data as {
      media: string[];
      area: string[];
      finished: { day: string };
    };
    for (const media of f.media)
      expect(
        (await rank('media', { period: 'day', date: f.finished.day, media })).total,
        media,
      ).toBeGreaterThanOrEqual(FLOOR);
    for (const area of f.area)
      expect(
        (await rank('area_rank', { period: 'day', date: f.finished.day, area })).total,
        area,
      ).toBeGreaterThanOrEqual(FLOOR);
  });
});

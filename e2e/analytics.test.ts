import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { wci } from '../stream/analytics/wci';
import { publishStepSeries, startInProcess, until, waitReady } from './harness';
import { buy, refusal, signUp } from './members-harness';

/**
 * Rankings and lists on a running platform: figures checked against the simulator's raw HTTP answers and the
 * reference WCI, freshness of 今日热文 after new counters, and the endpoints' input and permission answers.
 */

const NOW_S = Math.floor(Date.parse('2026-11-01T21:30:00+08:00') / 1000);
const TODAY_START_S = Math.floor(Date.parse('2026-11-01T00:00:00+08:00') / 1000);

let platform: Platform & { dataDir: string };
let api: string;
let sim: string;

async function json<T = any>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as T };
}

/** Today's articles of an account with their counters, straight from the simulator's WeChat-shaped HTTP. */
async function rawToday(biz: string) {
  const out: { aid: string; idx: number; read: number; zan: number; looking: number; share: number }[] = [];
  const { body } = await json(
    `${sim}/cgi-bin/appmsgpublish?sub=list&fakeid=${encodeURIComponent(biz)}&begin=0&count=5`,
  );
  for (const item of JSON.parse(body.publish_page).publish_list) {
    const info = JSON.parse(item.publish_info);
    if (info.sent_info.time < TODAY_START_S || info.sent_info.time > NOW_S) continue;
    for (const a of info.appmsgex) {
      const sn = new URL(a.link).searchParams.get('sn');
      const { body: stat } = await json(
        `${sim}/mp/getappmsgext?__biz=${encodeURIComponent(biz)}&mid=${a.appmsgid}&idx=${a.itemidx}&sn=${sn}&f=json`,
        { method: 'POST' },
      );
      const s = stat.appmsgstat;
      out.push({
        aid: `${a.appmsgid}_${a.itemidx}`,
        idx: a.itemidx,
        read: s.read_num,
        zan: s.old_like_num,
        looking: s.like_num,
        share: s.share_num,
      });
    }
  }
  return out;
}

const bizOf = (mid: number) => Buffer.from(String(mid)).toString('base64');

beforeAll(async () => {
  platform = await startInProcess({ RANK_EVERY_S: '1', HOT_MIN_READS: '1', FAKE_EVERY_S: '1' });
  api = platform.url as string;
  sim = platform.simulator?.url as string;
  await waitReady(api);
  // The first crawl round has landed; wait until a ranking run has seen it.
  await until('the day ranking', async () => {
    const { body } = await json(`${api}/fbmain/rank/v1/common?period=day`);
    return body.data.total > 0 && body.data.total;
  });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('rankings', () => {
  it('ranks today by WCI V14.2 computed from the counters the simulator served', async () => {
    const { body } = await json(`${api}/fbmain/rank/v1/common?period=day&num=5`);
    expect(body.error_code).toBe(0);
    const d = body.data;
    expect(d).toMatchObject({
      period: 'day',
      period_start: '2026-11-01',
      period_end: '2026-11-02',
      complete: false,
    });
    expect(d.list.map((r: any) => r.rank)).toEqual([1, 2, 3, 4, 5].slice(0, d.list.length));
    for (const row of d.list) {
      const raw = await rawToday(bizOf(row.mid));
      expect(row.articles).toBe(raw.length);
      expect(row.reads).toBe(raw.reduce((s, a) => s + a.read, 0));
      const ref = wci(
        raw.map((a) => ({
          reads: a.read,
          likes: a.zan,
          looking: a.looking,
          forwards: a.share,
          position: a.idx,
        })),
        1,
      );
      expect(row.wci).toBeCloseTo(ref, 1);
      expect(row.name).not.toBe('');
    }
    const scores = d.list.map((r: any) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('ranks within an industry and an area, and says how ranks moved against the previous period', async () => {
    const { body: f } = await json(`${api}/fbmain/rank/v1/filters`);
    // The finished periods before the fixed clock's 2026-11-01 (a Sunday): the day, week and month before.
    expect(f.data.finished).toEqual({ day: '2026-10-31', week: '2026-10-19', month: '2026-10-01' });
    expect(f.data.media).toContain(f.data.largest_media);
    expect(f.data.area).toContain(f.data.largest_area);
    const media = f.data.media[0] as string;
    const area = f.data.area[0] as string;
    const { body: m } = await json(
      `${api}/fbmain/rank/v1/media?period=week&media=${encodeURIComponent(media)}`,
    );
    expect(m.data.total).toBeGreaterThan(0);
    expect(m.data.list.every((r: any) => r.media === media)).toBe(true);
    expect(m.data.list.map((r: any) => r.rank)).toEqual(m.data.list.map((_: unknown, i: number) => i + 1));
    const { body: a } = await json(
      `${api}/fbmain/rank/v1/area_rank?period=month&area=${encodeURIComponent(area)}`,
    );
    expect(a.data.list.every((r: any) => r.area === area)).toBe(true);
    // Yesterday's ranking exists (crawled history), so today's rows compare with it.
    const { body: y } = await json(`${api}/fbmain/rank/v1/common?period=day&date=2026-10-31&num=100`);
    expect(y.data.complete).toBe(true);
    const yesterday = new Map(y.data.list.map((r: any) => [r.mid, r.rank]));
    const { body: t } = await json(`${api}/fbmain/rank/v1/common?period=day&num=100`);
    for (const r of t.data.list) {
      const before = yesterday.get(r.mid) as number | undefined;
      expect(r.prev_rank).toBe(before ?? 0);
      expect(r.rank_change).toBe(before ? before - r.rank : null);
    }
  });

  it('answers bad input in Chinese and keeps deep pages for paying members', async () => {
    const bad = await json(`${api}/fbmain/rank/v1/common?period=year`);
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toMatch(/day、week 或 month/);
    expect(refusal(await json(`${api}/fbmain/rank/v1/common?date=2026-13-45`))).toBe(40000);
    expect((await json(`${api}/fbmain/rank/v1/media?period=day`)).body.msg).toMatch(/请选择行业/);
    const deep = await json(`${api}/fbmain/rank/v1/common?page=6&num=20`);
    expect(refusal(deep)).toBe(40001);
    const member = await signUp(api);
    const free = await member.get('/fbmain/rank/v1/common?page=6&num=20');
    expect(free.body.error_code).toBe(40002);
    await buy(member, 'vip2_q');
    const paid = await member.get('/fbmain/rank/v1/common?page=6&num=20');
    expect(paid.body.error_code).toBe(0);
  });
});

describe('今日热文 and 低粉爆文', () => {
  it('lists today’s articles by reads and shows the new counters within a minute', async () => {
    const { body } = await json(`${api}/fbmain/main/v1/today_hot?num=50`);
    expect(body.error_code).toBe(0);
    expect(body.data.rule.text).toContain('今日热文');
    const list = body.data.article_list;
    expect(list.length).toBeGreaterThan(0);
    const reads = list.map((a: any) => a.read);
    expect([...reads].sort((a, b) => b - a)).toEqual(reads);
    for (const a of list) expect(a.pubtime.startsWith('2026-11-01')).toBe(true);

    // New counters for the last article arrive on the bus as a collector would publish them.
    const last = list.at(-1);
    const top = list[0].read + 1000;
    const t0 = Date.now();
    await platform.bus?.publish('snapshots', [
      {
        key: String(last.mid),
        value: {
          aid: last.aid,
          mid: last.mid,
          ts: NOW_S + 60,
          read: top,
          zan: 1,
          looking: 1,
          share: 0,
          comment: 0,
        },
      },
    ]);
    const first = await until('the new counters in 今日热文', async () => {
      const { body: b } = await json(`${api}/fbmain/main/v1/today_hot?num=1`);
      return b.data.article_list[0]?.aid === last.aid && b.data.article_list[0];
    });
    expect(first.read).toBe(top);
    expect(Date.now() - t0).toBeLessThan(60_000);
  });

  it('lists low-follower viral articles by its stated thresholds', async () => {
    const { body } = await json(`${api}/fbmain/main/v1/burst?days=30&num=100`);
    expect(body.error_code).toBe(0);
    const rule = body.data.rule;
    expect(rule.text).toContain('低粉爆文');
    for (const a of body.data.article_list) {
      expect(a.read).toBeGreaterThanOrEqual(rule.min_read);
      expect(a.fans).toBeLessThanOrEqual(rule.max_fans);
      expect(a.burst_ratio).toBeGreaterThanOrEqual(rule.min_ratio);
    }
    const bad = await json(`${api}/fbmain/main/v1/burst?days=2`);
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toMatch(/1、3、7 或 30/);
  });
});

describe('fake-traffic report (read_praise_report)', () => {
  it('judges a monitored series as it arrives and explains the verdict to members', async () => {
    const { post, art } = await publishStepSeries(platform, api);
    expect(refusal(await json(`${api}/fbmain/monitor/v1/read_praise_report?post=${post}`))).toBe(40001);
    const member = await signUp(api);
    const bad = await member.get('/fbmain/monitor/v1/read_praise_report?post=abc');
    expect(refusal(bad)).toBe(400);
    expect(bad.body.msg).toContain('报告文章 (post)');
    const report = await until('the fake-traffic verdict', async () => {
      const r = await member.get(`/fbmain/monitor/v1/read_praise_report?post=${post}`);
      return r.body.data?.status === 1 && r.body;
    });
    expect(report.status).toBe(200);
    expect(report.data.profile).toMatchObject({ title: art.title, position: art.position });
    expect(report.data.signals.map((s: any) => s.code)).toContain('switch');
    expect(report.data).toMatchObject({ verdict: 'fake' });
    expect(report.data.confidence).toBeGreaterThan(0.9);
    expect(report.data.summary).toMatch(/^判定为刷量：/);
    expect(report.data.forecast_fake).toBeGreaterThanOrEqual(4000);
    expect(report.data.charts.read.length).toBeGreaterThanOrEqual(40);
    // The verdict reaches the fake rankings of the day (and, with no fake the day before, new_fake).
    const fakeDay = await until('the fake ranking', async () => {
      const { body: f } = await json(`${api}/fbmain/rank/v1/fake?period=day&num=100`);
      return f.data.list.find((r: any) => r.mid === art.mid);
    });
    // The ranking counts the article's latest poll (here the crawl's, below the monitored series' peak): the estimate
    // is scaled to it, so the day's fake reads are at most the report's and never more than the reads counted.
    expect(fakeDay.fake_reads).toBeGreaterThan(0);
    expect(fakeDay.fake_reads).toBeLessThanOrEqual(report.data.forecast_fake);
    expect(fakeDay.fake_reads).toBeLessThanOrEqual(fakeDay.reads);
    // The row names the flagged article, so the ranking can lead to its report.
    expect(fakeDay).toMatchObject({ fake_post: post, fake_title: art.title });
    const { body: nf } = await json(`${api}/fbmain/rank/v1/new_fake?period=day&num=100`);
    expect(nf.data.list.map((r: any) => r.mid)).toContain(art.mid);
    expect(nf.data.list.find((r: any) => r.mid === art.mid).fake_post).toBe(post);
    const { body: old } = await json(`${api}/fbmain/rank/v1/new_fake_old?period=day&num=100`);
    expect(old.error_code).toBe(0);
    // The real ranking discounts the estimated fake reads.
    const { body: real } = await json(`${api}/fbmain/rank/v1/real?period=day&num=100`);
    const { body: common } = await json(`${api}/fbmain/rank/v1/common?period=day&num=100`);
    const inReal = real.data.list.find((r: any) => r.mid === art.mid);
    // Other rankings carry no flagged article.
    expect(real.data.list.every((r: any) => r.fake_post === '' && r.fake_title === '')).toBe(true);
    const inCommon = common.data.list.find((r: any) => r.mid === art.mid);
    expect(inReal.score).toBeLessThan(inCommon.score);
    const { body: orig } = await json(`${api}/fbmain/rank/v1/original?period=week&num=100`);
    for (const r of orig.data.list) expect(r.originals).toBeGreaterThan(0);
    const charts = await member.get(`/fbmain/monitor/v1/read_praise?post=${post}&type=2`);
    expect(Object.keys(charts.body.data)).toEqual(['charts']);
    expect(refusal(await member.get(`/fbmain/monitor/v1/read_praise_report?post=1_999_1`))).toBe(404);
  });
});

describe('similar accounts (mp_similar)', () => {
  it('scores candidates by industry, shared tags and area, and sorts by each of the six keys', async () => {
    const { body: list } = await json(`${api}/fbmain/rank/v1/common?period=month&num=1`);
    const mid = list.data.list[0].mid as number;
    const { body: me } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${mid}`);
    const mine = me.data.account;
    // Restricted like basic analysis (spec §6): visitors get the login prompt, level 1 the upgrade prompt.
    expect(refusal(await json(`${api}/fbmain/search/v1/mp_similar?mid=${mid}`))).toBe(40001);
    const free = await signUp(api);
    expect(refusal(await free.get('/fbmain/search/v1/mp_similar', { mid }))).toBe(40002);
    const paid = await signUp(api);
    await buy(paid, 'vip2_q');
    const similar = (q: Record<string, unknown>) => paid.get('/fbmain/search/v1/mp_similar', q);
    const { body } = await similar({ mid, sort: 0 });
    expect(body.error_code).toBe(0);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.accounts.length).toBeLessThanOrEqual(20);
    for (const a of body.data.accounts) {
      expect(a.mid).not.toBe(mid);
      const union = new Set([...a.tag, ...mine.tag]);
      const shared = a.tag.filter((t: string) => mine.tag.includes(t)).length;
      const expected =
        0.5 * Number(a.media === mine.media) +
        0.3 * (union.size ? shared / union.size : 0) +
        0.2 * Number(a.area === mine.area);
      expect(a.match).toBeCloseTo(expected, 2);
      expect(a.media === mine.media || shared > 0).toBe(true);
    }
    const matches = body.data.accounts.map((a: any) => a.match);
    expect([...matches].sort((x, y) => y - x)).toEqual(matches);
    const keys = ['match', 'fans', 'head_avg_zan', 'head_avg_read', 'week_posts', 'index'];
    for (let sort = 1; sort <= 5; sort++) {
      const { body: s } = await similar({ mid, sort });
      const v = s.data.accounts.map((a: any) => a[keys[sort] as string]);
      expect([...v].sort((x, y) => y - x)).toEqual(v);
      expect(s.data.total).toBe(body.data.total);
    }
    const bad = await similar({ mid, sort: 6 });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toMatch(/0–5/);
    expect(refusal(await similar({ mid: 1 }))).toBe(40004);
  });
});

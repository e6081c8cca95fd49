import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { bizOf } from '../core/wechat-ids';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/** Inputs shared by the route-wide tests (no-500, the access matrix). */

/** An article link of account `mid` (the fixtures' accounts are 21 and 22). */
export const link = (mid: number, msgid: number, idx: number) =>
  `https://mp.weixin.qq.com/s?__biz=${bizOf(mid)}&mid=${msgid}&idx=${idx}&sn=abc`;

/**
 * Tier B's starting point: values that pass validation where a route reads them, so that one hostile name at a
 * time gets past the others' validation to the queries. Names whose valid values differ from route to route
 * (sort, type, format...) are left out; a route whose 400 names one of these gets a baseline without it.
 */
export const BASELINE: Record<string, string> = {
  mid: '21',
  mId: '21',
  id: '21',
  aid: '300_1',
  mids: '21,22',
  page: '1',
  num: '10',
  pagesize: '10',
  kw: '财经',
  keyword: '财经',
  name: '财经观察',
  wxid: 'cjgc',
  wxname: '财经观察',
  url: link(21, 300, 1),
  post: link(21, 300, 1),
  article_url: link(21, 300, 1),
  urls: link(21, 300, 1),
  days: '7',
  start_time: '2026-10-01',
  end_time: '2026-11-01',
  date: '2026-11-01',
  appid: 'wxaaaaaa01',
  media: '财经',
  area: '北京',
  phone: '13800000000',
};

const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

/**
 * Two accounts of one owner (mid 21 and 22), three articles (one with a mini-program), their snapshots, and the
 * analytics run once over them, so that lookups by the baseline's ids find something.
 */
export async function insertFixtures(store: ChdbStore, NOW: number): Promise<void> {
  await store.insert('accounts', [
    {
      mid: 21,
      biz: bizOf(21),
      name: '财经观察',
      wxid: 'cjgc',
      owner: 'A公司',
      media: '财经',
      updated_at: NOW,
    },
    {
      mid: 22,
      biz: bizOf(22),
      name: '科技前沿',
      wxid: 'kjqy',
      owner: 'A公司',
      media: '科技',
      updated_at: NOW,
    },
  ]);
  const article = (mid: number, msgid: number, idx: number, pub: string, title: string) => ({
    mid,
    aid: `${msgid}_${idx}`,
    biz: bizOf(mid),
    msgid,
    idx,
    title,
    content: `${title}的正文`,
    href: link(mid, msgid, idx),
    pubtime: at(pub),
    miniprogram_appids: idx === 1 ? ['wxaaaaaa01'] : [],
    updated_at: NOW,
  });
  await store.insert('articles', [
    article(21, 300, 1, '2026-11-01T08:00:00', '年度报告'),
    article(21, 300, 2, '2026-11-01T08:00:00', '转载一则'),
    article(22, 400, 1, '2026-10-31T09:00:00', '芯片新闻'),
  ]);
  await store.insert('miniprograms', [{ appid: 'wxaaaaaa01', title: '美团外卖', updated_at: NOW }]);
  await store.insert('article_snapshots', [
    { mid: 21, aid: '300_1', ts: at('2026-11-01T09:00:00'), reads: 900, likes: 9, looking: 2 },
    { mid: 21, aid: '300_1', ts: at('2026-11-01T12:00:00'), reads: 3000, likes: 30, looking: 5 },
    { mid: 21, aid: '300_2', ts: at('2026-11-01T12:00:00'), reads: 100, likes: 1, looking: 0 },
    { mid: 22, aid: '400_1', ts: at('2026-10-31T10:00:00'), reads: 700, likes: 7, looking: 1 },
  ]);
  await new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  }).runOnce(true);
}

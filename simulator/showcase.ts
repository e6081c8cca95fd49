import { hash32 } from '../core/rng';
import type { SimArticle, SimWorld } from './world';

/**
 * The demo's showcase (issue #30): the counter series that minute-level monitoring would have recorded over the
 * last days, computed from the simulator's curves, so a fresh demo shows fake-traffic verdicts, the 刷量榜 and
 * report charts at once instead of after hours of polling. Every article with injected reads in the window is in
 * it, then honest ones in an order hashed from the seed, so the demo shows normal verdicts beside the flagged.
 */

export interface ShowcaseOptions {
  /** How far back, days: the monitoring window (polls stop 3 days after publication). */
  days: number;
  /** Seconds between points; the detector reads 5-minute buckets. */
  stepS: number;
  /** Most articles in the answer. */
  limit: number;
}

/** One article's series: [unix s, reads, likes, 在看, shares, comments] per step since publication. */
export interface ShowcaseSeries {
  biz: string;
  msgid: number;
  idx: number;
  points: [number, number, number, number, number, number][];
}

export function showcaseSeries(
  world: SimWorld,
  o: ShowcaseOptions,
): { now: number; articles: ShowcaseSeries[] } {
  const nowS = Math.floor(world.now() / 1000);
  const fromS = nowS - o.days * 86_400;
  const fake: SimArticle[] = [];
  const honest: SimArticle[] = [];
  for (const a of world.accounts)
    for (const p of world.pushes(a)) {
      // Newest first: the rest of the account's pushes are older still.
      if (p.time < fromS) break;
      for (const art of p.articles) (art.fake ? fake : honest).push(art);
    }
  const seed = world.opts.seed;
  const key = (x: SimArticle) => hash32(seed, 'showcase', x.mid, x.msgid, x.idx);
  honest.sort((x, y) => key(x) - key(y));
  const chosen = [...fake, ...honest].slice(0, o.limit);
  return {
    now: nowS,
    articles: chosen.map((art) => {
      const points: ShowcaseSeries['points'] = [];
      const end = Math.min(nowS, art.createTime + o.days * 86_400);
      for (let t = art.createTime + o.stepS; t <= end; t += o.stepS) {
        const c = world.counts(art, t * 1000);
        points.push([t, c.read, c.zan, c.looking, c.share, c.comment]);
      }
      return { biz: art.biz, msgid: art.msgid, idx: art.idx, points };
    }),
  };
}

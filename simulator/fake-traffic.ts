import { Rng } from '../core/rng';

/**
 * Injected fake traffic (刷量), after how 刷量 services and the sites that spot them describe it in public:
 * reads bought by the thousand and delivered by a machine, sometimes with 点赞/在看 bought alongside at the
 * account's own ratio, sometimes spread over the day like human readers, over days, on old articles, as a small
 * top-up, or on a new account with no history to compare with. Each shape is a named sub-type drawn from the
 * seed; the ground truth is served to tests and evaluation, never to collectors.
 */
export const FAKE_SHAPES = [
  'night',
  'step',
  'linear',
  'no_likes',
  'ratio_matched',
  'human_rhythm',
  'drip',
  'revive',
  'topup',
  'no_baseline',
] as const;
export type FakeShape = (typeof FAKE_SHAPES)[number];

/** How the bought reads arrive over time. */
export type Delivery = 'night' | 'steps' | 'constant' | 'saturating' | 'rhythm';

export interface FakeTraffic {
  shape: FakeShape;
  delivery: Delivery;
  /** Fake reads once the injection is complete. */
  total: number;
  /** Unix seconds when injection starts and ends. */
  start: number;
  end: number;
  /** For 'steps': burst instants (unix s) and sizes. */
  steps: { at: number; size: number }[];
  /** Bought 点赞 and 在看 per fake read (0 for reads bought alone). */
  likesPerRead: number;
  lookingPerRead: number;
}

/** What the fake-traffic draw knows of the article and its account. */
export interface FakeContext {
  publishedAt: number;
  organicReads: number;
  /** The account buys reads for some of its articles. */
  cheater: boolean;
  /** The account is new: too few earlier articles for a baseline. */
  newAccount: boolean;
  /** The account's organic 点赞 and 在看 per read. */
  likeRate: number;
  lookRate: number;
}

const BEIJING_OFFSET_S = 8 * 3600;
const NIGHT_END_H = 6;
const HOUR = 3600;

/** Seconds of Beijing night (00:00–06:00) inside [from, to). */
function nightSeconds(from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  const dayOf = (t: number) => Math.floor((t + BEIJING_OFFSET_S) / 86_400);
  for (let d = dayOf(from); d <= dayOf(to); d++) {
    const nightStart = d * 86_400 - BEIJING_OFFSET_S;
    const nightEnd = nightStart + NIGHT_END_H * 3600;
    total += Math.max(0, Math.min(to, nightEnd) - Math.max(from, nightStart));
  }
  return total;
}

/** Human reading rhythm over the Beijing day (the same curve as the world's organic readers, peak 15:00). */
function rhythmSeconds(from: number, to: number): number {
  if (to <= from) return 0;
  const phase = (t: number) => (2 * Math.PI * ((t + BEIJING_OFFSET_S) / 86_400 - 15 / 24)) % (2 * Math.PI);
  return to - from + ((0.75 * 86_400) / (2 * Math.PI)) * (Math.sin(phase(to)) - Math.sin(phase(from)));
}

/** Shapes an ordinary cheating account draws from ('no_baseline' is the new accounts' own). */
const COMMON_SHAPES = FAKE_SHAPES.filter((s) => s !== 'no_baseline');

/** Decides (deterministically) whether an article carries fake traffic, and its shape. */
export function makeFakeTraffic(
  seed: number,
  mid: number,
  msgid: number,
  idx: number,
  ctx: FakeContext,
): FakeTraffic | null {
  const r = Rng.of(seed, 'fake', mid, msgid, idx);
  // Cheating accounts buy reads for a good share of their articles; honest ones almost never.
  if (!r.chance(ctx.cheater ? (idx === 1 ? 0.35 : 0.15) : 0.002)) return null;
  const { organicReads, publishedAt } = ctx;
  let shape: FakeShape = ctx.newAccount ? 'no_baseline' : r.pick(COMMON_SHAPES);
  // A top-up is bought on an article that is already large; a small one gets a plain order instead.
  if (shape === 'topup' && organicReads < 2000) shape = 'linear';
  let total = Math.max(500, Math.round(organicReads * (0.5 + r.next() * 2.5)));
  let start = publishedAt + r.int(10, 240) * 60;
  let delivery: Delivery = 'constant';
  let end = start;
  let likesPerRead = 0;
  let lookingPerRead = 0;
  const steps: { at: number; size: number }[] = [];
  const makeSteps = () => {
    const n = r.int(2, 5);
    let left = total;
    let at = start;
    for (let i = 0; i < n; i++) {
      const size = i === n - 1 ? left : Math.round(left * (0.3 + r.next() * 0.4));
      left -= size;
      steps.push({ at, size });
      at += r.int(20, 180) * 60;
    }
    return at;
  };
  switch (shape) {
    case 'step':
      delivery = 'steps';
      end = makeSteps();
      break;
    case 'night':
      // Reads poured in over the first two nights after publication.
      delivery = 'night';
      end = start + 2 * 86_400;
      break;
    case 'linear':
      end = start + r.int(4, 16) * HOUR;
      break;
    case 'no_likes':
      delivery = 'saturating';
      end = start + r.int(6, 24) * HOUR;
      break;
    case 'ratio_matched':
      // 点赞 and 在看 bought with the reads at the account's own ratio: the ratio says nothing, the delivery does.
      end = start + r.int(2, 8) * HOUR;
      likesPerRead = ctx.likeRate * (0.8 + r.next() * 0.4);
      lookingPerRead = ctx.lookRate * (0.8 + r.next() * 0.4);
      break;
    case 'human_rhythm':
      // Spread over a day or three along the readers' own day, with a few likes bought.
      delivery = 'rhythm';
      start = publishedAt + r.int(1, 6) * HOUR;
      end = start + r.int(24, 72) * HOUR;
      likesPerRead = ctx.likeRate * r.next() * 0.25;
      break;
    case 'drip':
      // A slow drip over two or three days.
      total = Math.max(400, Math.round(organicReads * (0.4 + r.next() * 1.1)));
      start = publishedAt + r.int(1, 12) * HOUR;
      end = start + r.int(48, 72) * HOUR;
      break;
    case 'revive':
      // An article of the day before yesterday brought back up.
      total = Math.max(500, Math.round(organicReads * (0.5 + r.next() * 1.5)));
      start = publishedAt + r.int(30, 60) * HOUR;
      delivery = r.chance(0.5) ? 'constant' : 'saturating';
      end = start + r.int(2, 10) * HOUR;
      break;
    case 'topup':
      // 20–40 % more on a large organic article, delivered within hours.
      total = Math.round(organicReads * (0.2 + r.next() * 0.2));
      start = publishedAt + r.int(1, 12) * HOUR;
      end = start + r.int(1, 4) * HOUR;
      break;
    case 'no_baseline': {
      total = Math.max(300, Math.round(organicReads * (1 + r.next() * 3)));
      delivery = r.pick(['constant', 'saturating', 'steps'] as const);
      if (delivery === 'steps') end = makeSteps();
      else end = start + r.int(3, 16) * HOUR;
      break;
    }
  }
  return { shape, delivery, total, start, end, steps, likesPerRead, lookingPerRead };
}

/** Fake reads injected by time t (unix s); monotone, reaching `total` at `end`. */
export function fakeReadsAt(f: FakeTraffic, t: number, tau: number): number {
  if (t <= f.start) return 0;
  switch (f.delivery) {
    case 'steps': {
      let n = 0;
      for (const s of f.steps) if (t >= s.at) n += s.size;
      return n;
    }
    case 'night': {
      const all = nightSeconds(f.start, f.end);
      return all === 0 ? f.total : Math.floor((f.total * nightSeconds(f.start, Math.min(t, f.end))) / all);
    }
    case 'rhythm':
      return Math.floor(
        (f.total * rhythmSeconds(f.start, Math.min(t, f.end))) / rhythmSeconds(f.start, f.end),
      );
    case 'constant':
      return Math.floor((f.total * (Math.min(t, f.end) - f.start)) / (f.end - f.start));
    case 'saturating':
      // Same saturating shape as organic reads, so only the missing likes give it away.
      return Math.floor(f.total * (1 - Math.exp(-(t - f.start) / tau)));
  }
}

/** Bought 点赞 and 在看 by time t: they arrive with the reads they were bought for. */
export function fakeEngagementAt(f: FakeTraffic, t: number, tau: number): { zan: number; looking: number } {
  if (f.likesPerRead === 0 && f.lookingPerRead === 0) return { zan: 0, looking: 0 };
  const reads = fakeReadsAt(f, t, tau);
  return { zan: Math.floor(reads * f.likesPerRead), looking: Math.floor(reads * f.lookingPerRead) };
}

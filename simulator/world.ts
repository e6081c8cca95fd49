import { type Copyright, copyrightCode } from '../core/copyright';
import { hash32, Rng } from '../core/rng';
import { bizOf } from '../core/wechat-ids';
import { type FakeTraffic, fakeEngagementAt, fakeReadsAt, makeFakeTraffic } from './fake-traffic';
import {
  CITIES,
  CITY_AREA,
  INDUSTRIES,
  type Industry,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  OWNER_KINDS,
  OWNER_WORDS,
  TITLE_TEMPLATES,
} from './vocabulary';

const DAY_MS = 86_400_000;
/** How long a temporary (Sogou search) article link opens the article; then its page says the link expired. */
export const TEMP_LINK_TTL_S = 12 * 3600;
/** Reading activity over the Beijing day: 1 + A·cos(2π(h − PEAK)/24), averaging 1; lowest at 03:00, highest at 15:00. */
const ACTIVITY_AMPLITUDE = 0.75;
const ACTIVITY_PEAK_H = 15;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** Read share of each position relative to the headline (positions 1–8). */
const POSITION_FACTOR = [1, 0.42, 0.28, 0.22, 0.18, 0.15, 0.13, 0.12] as const;

export interface SimAccount {
  mid: number;
  biz: string;
  name: string;
  alias: string;
  ghId: string;
  owner: string;
  city: string;
  area: string;
  industry: Industry;
  tags: string[];
  signature: string;
  regTime: number;
  /** True followers; skewed log-normal, a few large accounts and many small ones. */
  fans: number;
  pushProb: number;
  pushHour: number;
  maxPositions: number;
  openRate: number;
  likeRate: number;
  lookRate: number;
  originalRate: number;
  /** Listed accounts appear in the directory (empty searchbiz); unlisted ones only by name, for 收录. */
  listed: boolean;
  /** Buys fake reads (刷量) for some of its articles. */
  cheater: boolean;
  /** The mini-program this account's articles embed as cards, if any. */
  miniProgram: SimMiniProgram | null;
  /** The account's video account (视频号), if any. */
  finder: SimFinder | null;
  /** Hours the audience's day is shifted from Beijing's (an overseas readership reads at Beijing night); 0 mostly. */
  audienceShiftH: number;
  /** Beijing day number the account started posting on (a brand-new account), or null for an established one. */
  newSinceDay: number | null;
}

/**
 * Honest traffic that is hard to tell from bought reads, each a named sub-type: organic share cascades (a second
 * rise a day or two later), long tails driven by search, advertorials (软文) with fewer likes, night publications,
 * overseas audiences reading at Beijing night, and very small or brand-new accounts.
 */
export const HONEST_KINDS = [
  'plain',
  'cascade',
  'search_tail',
  'advertorial',
  'night_pub',
  'overseas',
  'small',
  'new_account',
] as const;
export type HonestKind = (typeof HONEST_KINDS)[number];

/** The organic curve's own kind (the account- and push-level kinds are read off the account and the time). */
export type OrganicKind = 'plain' | 'cascade' | 'search_tail' | 'advertorial';

export interface OrganicExtras {
  kind: OrganicKind;
  /** A share cascade: a second wave of readers from 在看/shares, with their engagement. */
  wave: { at: number; tau: number; read: number; zan: number; looking: number; share: number } | null;
  /** A search-driven tail: reads per active second, and its readers' engagement per read. */
  tail: { readsPerS: number; zanPerRead: number; lookingPerRead: number } | null;
}

export interface SimMiniProgram {
  appid: string;
  username: string;
  /** 主体: the company behind it, the same as the account's that runs it (so one owner has several). */
  owner: string;
  title: string;
  icon: string;
  desc: string;
}

export interface SimFinder {
  username: string;
  nickname: string;
  postProb: number;
  fans: number;
}

export interface SimVideoPost {
  objectId: string;
  username: string;
  createTime: number;
  description: string;
  /** Video length, seconds. */
  durationS: number;
  final: { read: number; like: number; comment: number; forward: number; fav: number };
}

export interface SimArticle {
  aid: string;
  biz: string;
  mid: number;
  msgid: number;
  idx: number;
  sn: string;
  title: string;
  digest: string;
  author: string;
  createTime: number;
  /** 原创 as a stored code of core/copyright.ts: 1 original, 2 reprint, 3 share, 0 none declared. */
  copyrightStat: number;
  /** The account a reprint or share came from ("以下文章来源于…"); '' otherwise. */
  sourceAccount: string;
  /** WeChat's item_show_type: 0 图文, 8 图片消息, 10 文本消息 (a few of each account's messages). */
  itemShowType: number;
  sourceUrl: string;
  final: Counts;
  /** Time constant of the read curve, seconds. */
  tau: number;
  /** Injected fake reads, or null for an honest article. */
  fake: FakeTraffic | null;
  /** The organic curve's sub-type and its extra waves. */
  organic: OrganicExtras;
  miniPrograms: SimMiniProgram[];
  /** Opaque token of the short link mp.weixin.qq.com/s/<token>. */
  shortToken: string;
}

export interface SimPush {
  msgid: number;
  time: number;
  articles: SimArticle[];
}

export interface Counts {
  read: number;
  zan: number;
  looking: number;
  share: number;
  comment: number;
}

export interface WorldOptions {
  seed: number;
  accounts: number;
  historyDays: number;
  /** Extra accounts kept out of the directory (found by name only); default a tenth of `accounts`. */
  unlisted?: number;
  /** The simulator's clock in ms; real time or a fixed instant. */
  now: () => number;
  /** Share of accounts that buy reads (default 0.12); the evaluation raises it to score more fake articles. */
  cheaters?: number;
  /**
   * Fewest accounts posting on any day in each industry and each area (0: off). The demo sets it so every
   * industry and area ranking, daily ones included, lists at least this many accounts: accounts are added to the
   * thinner industries and areas, and on each day enough idle accounts of a thin group post one article.
   */
  listFloor?: number;
}

/** Accounts kept in each industry and area above the list floor, so a day's posters are not always the same ones. */
const FLOOR_MARGIN = 1.2;
/** Days before the world's first day on which the floor holds: the daily lists one browses (the last week's) are
 * full, while a fresh demo's first crawl of a month's history does not read a floor post for every older day. */
const FLOOR_DAYS_BACK = 7;

/**
 * The demo population, deterministic from the seed. Accounts are made up front; each account's
 * pushes are generated per day on first use, so any slice of history is cheap and reproducible.
 */
export class SimWorld {
  /** The directory: accounts listed by an empty searchbiz. */
  readonly accounts: SimAccount[] = [];
  /** Accounts only found by searching their name (so inclusion has something new to find). */
  readonly unlisted: SimAccount[] = [];
  private byBiz = new Map<string, SimAccount>();
  private byMid = new Map<number, SimAccount>();
  private dayCache = new Map<number, Map<number, SimPush | null>>();
  /** Accounts that post on a day only to keep their industry's or area's list at the floor, by day. */
  private floorPosters = new Map<number, Set<number>>();
  /** The Beijing day the world was made on (days since the epoch). */
  private readonly firstDay: number;
  private miniPrograms: Map<string, SimMiniProgram> | null = null;

  constructor(readonly opts: WorldOptions) {
    const owners = this.makeOwners(Math.max(3, Math.ceil(opts.accounts / 3)));
    const names = new Set<string>();
    const unlisted = opts.unlisted ?? Math.ceil(opts.accounts / 10);
    const today = Math.floor((opts.now() + BEIJING_OFFSET_MS) / DAY_MS);
    this.firstDay = today;
    for (let i = 0; i < opts.accounts + unlisted; i++) {
      const a = this.makeAccount(i, owners, names);
      // Audience and age from their own stream, so every earlier value of the world stays as it was.
      const r = Rng.of(opts.seed, 'audience', i);
      if (r.chance(0.04)) a.audienceShiftH = r.int(7, 13);
      if (a.fans < 30_000 && r.chance(0.05)) {
        a.newSinceDay = today - r.int(2, 9);
        a.fans = Math.min(a.fans, 300 + r.int(0, 4000));
      }
      a.listed = i < opts.accounts;
      (a.listed ? this.accounts : this.unlisted).push(a);
      this.byBiz.set(a.biz, a);
      this.byMid.set(a.mid, a);
    }
    if ((opts.listFloor ?? 0) > 0)
      this.addFloorAccounts(
        Math.ceil((opts.listFloor ?? 0) * FLOOR_MARGIN),
        owners,
        names,
        opts.accounts + unlisted,
      );
  }

  /**
   * Listed accounts added (after every other account, so those stay as they were) until each industry and each
   * area has `min`: each new one goes to the thinnest area and the thinnest industry.
   */
  private addFloorAccounts(min: number, owners: string[], names: Set<string>, firstIndex: number): void {
    const areas = new Map<string, { city: string; n: number }>();
    for (const city of CITIES) {
      const area = CITY_AREA[city] ?? city;
      if (!areas.has(area)) areas.set(area, { city, n: 0 });
    }
    const industries = new Map<Industry, number>(INDUSTRIES.map((ind) => [ind, 0]));
    // New accounts are left out: before their first day they cannot post for the floor.
    for (const a of this.accounts.filter((x) => x.newSinceDay === null)) {
      const ar = areas.get(a.area);
      if (ar) ar.n++;
      industries.set(a.industry, (industries.get(a.industry) ?? 0) + 1);
    }
    const thinnest = <K>(m: Map<K, number>): [K, number] =>
      [...m].reduce((best, e) => (e[1] < best[1] ? e : best));
    for (let i = firstIndex; ; i++) {
      const ar = [...areas.values()].reduce((best, e) => (e.n < best.n ? e : best));
      const [industry, n] = thinnest(industries);
      if (ar.n >= min && n >= min) break;
      const a = this.makeAccount(i, owners, names, { industry, city: ar.city });
      // Small local accounts, one article a push: the lists need them, the crawl need not read long pushes.
      a.maxPositions = 1;
      ar.n++;
      industries.set(industry, n + 1);
      this.accounts.push(a);
      this.byBiz.set(a.biz, a);
      this.byMid.set(a.mid, a);
    }
  }

  /**
   * The listed accounts that post on `day` only because their industry or area would otherwise have fewer than
   * the floor posting that day: idle accounts of thin groups, in an order hashed from the day.
   */
  private floorPostersOn(day: number): Set<number> {
    const cached = this.floorPosters.get(day);
    if (cached) return cached;
    const floor = this.opts.listFloor ?? 0;
    const out = new Set<number>();
    if (floor > 0 && day >= this.firstDay - FLOOR_DAYS_BACK) {
      const byArea = new Map<string, number>();
      const byIndustry = new Map<string, number>();
      const count = (a: SimAccount) => {
        byArea.set(a.area, (byArea.get(a.area) ?? 0) + 1);
        byIndustry.set(a.industry.slug, (byIndustry.get(a.industry.slug) ?? 0) + 1);
      };
      const idle: SimAccount[] = [];
      const dayOf = (t: number) => Math.floor((t * 1000 + BEIJING_OFFSET_MS) / DAY_MS);
      for (const a of this.accounts) {
        if (a.newSinceDay !== null && day < a.newSinceDay) continue;
        // Counted on the day its own push lands (a night push of the day before may land on this one).
        const today = this.pushDraw(a, day);
        const before = this.pushDraw(a, day - 1);
        if ((today.own && dayOf(today.time) === day) || (before.own && dayOf(before.time) === day)) count(a);
        else if (!today.own) idle.push(a);
      }
      idle.sort(
        (x, y) => hash32(this.opts.seed, 'floor', x.mid, day) - hash32(this.opts.seed, 'floor', y.mid, day),
      );
      for (const a of idle)
        if ((byArea.get(a.area) ?? 0) < floor || (byIndustry.get(a.industry.slug) ?? 0) < floor) {
          out.add(a.mid);
          count(a);
        }
    }
    this.floorPosters.set(day, out);
    return out;
  }

  /** Every account, listed or not. */
  allAccounts(): SimAccount[] {
    return [...this.accounts, ...this.unlisted];
  }

  now(): number {
    return this.opts.now();
  }

  account(biz: string): SimAccount | undefined {
    return this.byBiz.get(biz);
  }

  private makeOwners(n: number): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; out.length < n && i < n * 20; i++) {
      const r = Rng.of(this.opts.seed, 'owner', i);
      const name = `${r.pick(CITIES)}${r.pick(OWNER_WORDS)}${r.pick(OWNER_KINDS)}有限公司`;
      if (!seen.has(name)) {
        seen.add(name);
        out.push(name);
      }
    }
    return out;
  }

  private makeAccount(
    i: number,
    owners: string[],
    names: Set<string>,
    place?: { industry: Industry; city: string },
  ): SimAccount {
    const r = Rng.of(this.opts.seed, 'account', i);
    const mid = 3_000_000_000 + i * 7919 + r.int(0, 7000);
    // Drawn even when given, so the account's other values come from the same draws either way.
    const drawn = { industry: r.pick(INDUSTRIES), city: r.pick(CITIES) };
    const { industry, city } = place ?? drawn;
    let name = '';
    for (let k = 0; k < 50 && (name === '' || names.has(name)); k++) {
      const head = r.chance(0.5) ? city : r.pick(NAME_PREFIXES);
      name = `${head}${r.pick(industry.topics)}${r.pick(NAME_SUFFIXES)}`;
    }
    if (names.has(name)) name = `${name}${i}`;
    names.add(name);
    // Zipf-like owner choice: a few owners run many accounts (同主体).
    const owner = owners[Math.min(owners.length - 1, Math.floor(owners.length * r.next() ** 2.2))] as string;
    const fans = Math.round(Math.min(5_000_000, Math.max(300, r.logNormal(9.2, 1.5))));
    const big = fans > 100_000;
    const tags = [...new Set([r.pick(industry.tags), r.pick(industry.tags), r.pick(industry.tags)])];
    return {
      mid,
      biz: bizOf(mid),
      name,
      alias: `${industry.slug}_${r.hex(4)}${r.int(10, 99)}`,
      ghId: `gh_${r.hex(12)}`,
      owner,
      city,
      area: CITY_AREA[city] ?? city,
      industry,
      tags,
      signature: `${name}：专注${industry.name}，每天分享${r.pick(industry.keywords)}等${industry.tags.slice(0, 2).join('、')}内容。`,
      regTime: Math.floor(Date.UTC(2013, 0, 1) / 1000) + r.int(0, 11 * 365) * 86_400,
      fans,
      pushProb: big ? 0.85 + r.next() * 0.15 : 0.35 + r.next() * 0.5,
      pushHour: r.pick([7, 8, 12, 17, 18, 20, 21, 22]),
      maxPositions: big ? r.int(3, 8) : r.int(1, 4),
      openRate: 0.015 + r.next() * 0.06,
      likeRate: 0.006 + r.next() * 0.02,
      lookRate: 0.002 + r.next() * 0.01,
      originalRate: 0.2 + r.next() * 0.6,
      ...this.makeExtras(i, name, fans, industry, owner),
    };
  }

  /** Drawn from their own stream, so adding them left every earlier value of the world unchanged. */
  private makeExtras(i: number, name: string, fans: number, industry: Industry, owner: string) {
    const r = Rng.of(this.opts.seed, 'extras', i);
    const cheater = r.chance(this.opts.cheaters ?? 0.12);
    const miniProgram: SimMiniProgram | null = r.chance(0.3)
      ? {
          appid: `wx${r.hex(16)}`,
          username: `gh_${r.hex(12)}@app`,
          owner,
          title: `${name.slice(0, 4)}${r.pick(['小程序', '商城', '助手', '工具箱', '会员中心'])}`,
          icon: `https://mmbiz.qpic.cn/mmbiz_png/${r.hex(24)}/0?wx_fmt=png`,
          desc: `${industry.name}服务：${r.pick(industry.keywords)}查询与预约`,
        }
      : null;
    const finder: SimFinder | null = r.chance(0.4)
      ? {
          username: `v2_${r.hex(24)}@finder`,
          nickname: name,
          postProb: 0.2 + r.next() * 0.6,
          fans: Math.round(fans * (0.1 + r.next())),
        }
      : null;
    return { listed: true, cheater, miniProgram, finder, audienceShiftH: 0, newSinceDay: null };
  }

  /**
   * The first draws of a day's push: whether the account posts of its own accord, and when (an own push may go out
   * at night, past midnight into the next day). The push's later draws continue from `r`.
   */
  private pushDraw(a: SimAccount, day: number): { r: Rng; own: boolean; time: number } {
    const r = Rng.of(this.opts.seed, 'push', a.mid, day);
    const own = r.chance(a.pushProb) && (a.newSinceDay === null || day >= a.newSinceDay);
    const dayStart = Math.floor((day * DAY_MS - BEIJING_OFFSET_MS) / 1000);
    let time = dayStart + a.pushHour * 3600 + r.int(0, 59) * 60 + r.int(0, 59);
    // A few pushes go out at night (00:00–01:59, or 23:00–00:59), hashed to keep r's draws.
    const night = hash32(this.opts.seed, 'nightpub', a.mid, day);
    if (own && night % 100 < 5) time = dayStart + (night % 2 ? 23 * 3600 : 0) + ((night >>> 8) % 7200);
    return { r, own, time };
  }

  /** The push of one Beijing calendar day, or null when the account did not post that day. */
  private pushOfDay(a: SimAccount, day: number): SimPush | null {
    let m = this.dayCache.get(a.mid);
    if (!m) {
      m = new Map();
      this.dayCache.set(a.mid, m);
    }
    const cached = m.get(day);
    if (cached !== undefined) return cached;
    const { r, own, time } = this.pushDraw(a, day);
    let push: SimPush | null = null;
    const active = a.newSinceDay === null || day >= a.newSinceDay;
    if (own || (active && a.listed && this.floorPostersOn(day).has(a.mid))) {
      const msgid = 2_247_480_000 + (day % 100_000);
      // A push made for the floor carries one article: the lists need the account, not more articles.
      const n = own ? r.int(1, a.maxPositions) : 1;
      const articles: SimArticle[] = [];
      for (let idx = 1; idx <= n; idx++) articles.push(this.makeArticle(a, msgid, idx, time));
      push = { msgid, time, articles };
    }
    m.set(day, push);
    return push;
  }

  private makeArticle(a: SimAccount, msgid: number, idx: number, time: number): SimArticle {
    const r = Rng.of(this.opts.seed, 'article', a.mid, msgid, idx);
    const kw = r.pick(a.industry.keywords);
    const title = r
      .pick(TITLE_TEMPLATES)
      .replace('{kw}', kw)
      .replace('{n}', String(r.int(3, 9)))
      .replace('{city}', a.city);
    // Rare viral hits on small accounts (低粉爆文).
    const viral = a.fans < 30_000 && r.chance(0.004);
    const factor = POSITION_FACTOR[idx - 1] ?? 0.1;
    const read = Math.max(
      3,
      Math.round(a.fans * a.openRate * factor * r.logNormal(0, 0.45) * (viral ? 20 + r.next() * 120 : 1)),
    );
    const original = r.chance(a.originalRate);
    // Drawn from a hash, not from r, so every other value of the article stays what it was for a given seed.
    const extra = hash32(this.opts.seed, 'kind', a.mid, msgid, idx);
    const copyright: Copyright = original
      ? 'original'
      : extra % 10 < 3
        ? 'reprint'
        : extra % 10 < 4
          ? 'share'
          : 'unknown';
    const final: Counts = {
      read,
      zan: Math.round(read * a.likeRate * r.logNormal(0, 0.3)),
      looking: Math.round(read * a.lookRate * r.logNormal(0, 0.3)),
      share: Math.round(read * (0.01 + r.next() * 0.04)),
      comment: Math.round(read * (0.0005 + r.next() * 0.003)),
    };
    return {
      aid: `${msgid}_${idx}`,
      biz: a.biz,
      mid: a.mid,
      msgid,
      idx,
      sn: hash32(this.opts.seed, 'sn', a.mid, msgid, idx).toString(16).padStart(8, '0') + r.hex(24),
      title,
      digest: `${title.slice(0, 12)}……${a.name}为你带来关于${kw}的最新内容。`,
      author: original ? r.pick(['小编', '主编', a.name, '特约作者', '编辑部']) : '',
      createTime: time,
      copyrightStat: copyrightCode(copyright),
      sourceAccount:
        copyright === 'reprint' || copyright === 'share' ? pickFrom(REPRINT_SOURCES, extra >>> 8) : '',
      itemShowType: extra % 50 < 2 ? 8 : extra % 50 < 3 ? 10 : 0,
      sourceUrl: r.chance(0.3) ? `https://www.example.com/${a.industry.slug}/${msgid}${idx}` : '',
      final,
      tau: (idx === 1 ? 5 : 7) * 3600 * (0.7 + r.next() * 0.6),
      organic: this.organicExtras(a, msgid, idx, time, final),
      ...this.articleExtras(a, msgid, idx, time, read),
    };
  }

  private articleExtras(a: SimAccount, msgid: number, idx: number, time: number, read: number) {
    const r = Rng.of(this.opts.seed, 'article-extras', a.mid, msgid, idx);
    const miniPrograms = a.miniProgram && r.chance(0.4) ? [a.miniProgram] : [];
    const shortToken = Buffer.from(
      `${hash32(this.opts.seed, 'short', a.mid, msgid, idx).toString(36)}.${a.mid}.${msgid}.${idx}`,
    ).toString('base64url');
    return {
      fake: makeFakeTraffic(this.opts.seed, a.mid, msgid, idx, {
        publishedAt: time,
        organicReads: read,
        cheater: a.cheater,
        newAccount: a.newSinceDay !== null,
        likeRate: a.likeRate,
        lookRate: a.lookRate,
      }),
      miniPrograms,
      shortToken,
    };
  }

  /** The organic curve's sub-type, from its own stream; an advertorial's lower engagement applies to `final`. */
  private organicExtras(
    a: SimAccount,
    msgid: number,
    idx: number,
    time: number,
    final: Counts,
  ): OrganicExtras {
    const r = Rng.of(this.opts.seed, 'organic', a.mid, msgid, idx);
    const u = r.next();
    if (u < 0.06) {
      // Shared onward a day or two later: a second wave, its readers liking and 在看-ing more than the first's.
      const read = Math.max(20, Math.round(final.read * (0.3 + r.next() * 1.2)));
      const per = (x: number) => (final.read > 0 ? x / final.read : 0);
      return {
        kind: 'cascade',
        wave: {
          at: time + r.int(14, 48) * 3600,
          tau: (2 + r.next() * 5) * 3600,
          read,
          zan: Math.round(read * per(final.zan) * (0.8 + r.next() * 0.6)),
          looking: Math.round(read * per(final.looking) * (1.5 + r.next() * 1.5)),
          share: Math.round(read * per(final.share) * (1.5 + r.next())),
        },
        tail: null,
      };
    }
    if (u < 0.12) {
      // Found by search for weeks: a steady trickle, its readers engaging less than followers do.
      const share = 0.15 + r.next() * 0.45;
      const k = 0.5 + r.next() * 0.4;
      return {
        kind: 'search_tail',
        wave: null,
        tail: {
          readsPerS: (final.read * share) / (3 * 86_400),
          zanPerRead: (final.read > 0 ? final.zan / final.read : 0) * k,
          lookingPerRead: (final.read > 0 ? final.looking / final.read : 0) * k,
        },
      };
    }
    if (u < 0.18) {
      // 软文: readers like and 在看 an advertisement far less than the account's usual articles.
      const k = 0.35 + r.next() * 0.35;
      final.zan = Math.round(final.zan * k);
      final.looking = Math.round(final.looking * k);
      return { kind: 'advertorial', wave: null, tail: null };
    }
    return { kind: 'plain', wave: null, tail: null };
  }

  /** The honest sub-type an article is scored under (account and push kinds first, then the curve's own). */
  honestKind(art: SimArticle): HonestKind {
    const a = this.byMid.get(art.mid);
    if (a?.newSinceDay != null) return 'new_account';
    if (a && a.audienceShiftH !== 0) return 'overseas';
    const h = ((((art.createTime + BEIJING_OFFSET_MS / 1000) % 86_400) + 86_400) % 86_400) / 3600;
    if (h >= 23 || h < 2) return 'night_pub';
    if (art.final.read < 300) return 'small';
    return art.organic.kind;
  }

  /** Resolves a short-link token to its article (the simulator's own encoding; opaque to collectors). */
  byShortToken(token: string): SimArticle | undefined {
    const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
    if (parts.length !== 4) return undefined;
    const a = this.byMid.get(Number(parts[1]));
    if (!a) return undefined;
    const art = this.findArticle(a.biz, Number(parts[2]), Number(parts[3]));
    return art?.shortToken === token ? art : undefined;
  }

  /**
   * The query of a temporary article link as Sogou's WeChat search hands them out
   * (mp.weixin.qq.com/s?src=11&timestamp=…&ver=…&signature=…&new=1): no __biz in it, a signature that only
   * the upstream can resolve, valid for TEMP_LINK_TTL_S from its timestamp.
   */
  temporaryLinkQuery(art: SimArticle, timestampS: number): string {
    const check = hash32(this.opts.seed, 'temp', art.mid, art.msgid, art.idx, timestampS).toString(36);
    const signature = Buffer.from(`${check}.${art.mid}.${art.msgid}.${art.idx}`).toString('base64url');
    return `src=11&timestamp=${timestampS}&ver=4857&signature=${signature}&new=1`;
  }

  /** Resolves a temporary link: its article, or why not (a forged signature, or an expired link). */
  byTemporaryLink(
    timestampS: number,
    signature: string,
  ): { article: SimArticle } | { article: null; expired: boolean } {
    const parts = Buffer.from(signature, 'base64url').toString('utf8').split('.');
    const [check, mid, msgid, idx] = parts.map(String);
    const a = parts.length === 4 ? this.byMid.get(Number(mid)) : undefined;
    const art = a ? this.findArticle(a.biz, Number(msgid), Number(idx)) : undefined;
    const ok =
      art !== undefined &&
      hash32(this.opts.seed, 'temp', art.mid, art.msgid, art.idx, timestampS).toString(36) === check;
    if (!ok) return { article: null, expired: false };
    const age = Math.floor(this.now() / 1000) - timestampS;
    return age >= -300 && age <= TEMP_LINK_TTL_S ? { article: art } : { article: null, expired: true };
  }

  /** A mini-program by appid, as its profile (更多资料) page shows it. */
  miniProgram(appid: string): SimMiniProgram | undefined {
    if (!this.miniPrograms) {
      this.miniPrograms = new Map();
      for (const a of this.allAccounts())
        if (a.miniProgram) this.miniPrograms.set(a.miniProgram.appid, a.miniProgram);
    }
    return this.miniPrograms.get(appid);
  }

  /** Pushes visible at the simulator's now, newest first, within the history window. */
  pushes(a: SimAccount): SimPush[] {
    const nowMs = this.now();
    const nowS = Math.floor(nowMs / 1000);
    const lastDay = Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS);
    const out: SimPush[] = [];
    for (let d = lastDay; d > lastDay - this.opts.historyDays; d--) {
      const p = this.pushOfDay(a, d);
      if (p && p.time <= nowS) out.push(p);
    }
    return out;
  }

  findArticle(biz: string, msgid: number, idx: number): SimArticle | undefined {
    const a = this.byBiz.get(biz);
    if (!a) return undefined;
    const day = msgid - 2_247_480_000;
    const nowDay = Math.floor((this.now() + BEIJING_OFFSET_MS) / DAY_MS);
    // msgid encodes the day modulo 100000; find the matching day near now.
    const fullDay = nowDay - ((((nowDay - day) % 100_000) + 100_000) % 100_000);
    const p = this.pushOfDay(a, fullDay);
    if (!p || p.time > Math.floor(this.now() / 1000)) return undefined;
    return p.articles[idx - 1];
  }

  /** Ground truth of fake traffic for evaluation: every article with injected reads, in the window. */
  fakeLabels(): {
    biz: string;
    mid: number;
    aid: string;
    shape: string;
    fake_reads: number;
    start: number;
    end: number;
  }[] {
    const out = [];
    for (const a of this.allAccounts())
      for (const p of this.pushes(a))
        for (const art of p.articles)
          if (art.fake)
            out.push({
              biz: art.biz,
              mid: art.mid,
              aid: art.aid,
              shape: art.fake.shape,
              fake_reads: art.fake.total,
              start: art.fake.start,
              end: art.fake.end,
            });
    return out;
  }

  /** Video-account (视频号) posts visible now, newest first: about one every few days. */
  videoPosts(a: SimAccount): SimVideoPost[] {
    const f = a.finder;
    if (!f) return [];
    const nowS = Math.floor(this.now() / 1000);
    const lastDay = Math.floor((this.now() + BEIJING_OFFSET_MS) / DAY_MS);
    const out: SimVideoPost[] = [];
    for (let d = lastDay; d > lastDay - this.opts.historyDays; d--) {
      const r = Rng.of(this.opts.seed, 'video', a.mid, d);
      if (!r.chance(f.postProb)) continue;
      const createTime =
        Math.floor((d * DAY_MS - BEIJING_OFFSET_MS) / 1000) + r.int(9, 22) * 3600 + r.int(0, 3599);
      if (createTime > nowS) continue;
      const read = Math.max(10, Math.round(f.fans * 0.3 * r.logNormal(0, 0.8)));
      out.push({
        objectId: `${hash32(this.opts.seed, 'vobj', a.mid, d)}${r.int(100000, 999999)}`,
        username: f.username,
        createTime,
        description: `${a.name}：${r.pick(a.industry.keywords)}${r.pick(['现场', '一分钟看懂', '花絮', 'vlog', '实拍'])}`,
        // Hashed rather than drawn, so every earlier value of the world stays as it was.
        durationS: 8 + (hash32(this.opts.seed, 'vlen', a.mid, d) % 233),
        final: {
          read,
          like: Math.round(read * (0.02 + r.next() * 0.05)),
          comment: Math.round(read * (0.002 + r.next() * 0.01)),
          forward: Math.round(read * (0.005 + r.next() * 0.02)),
          fav: Math.round(read * (0.003 + r.next() * 0.01)),
        },
      });
    }
    return out;
  }

  /** A video post's counters now: the same saturating curve as articles, over about a day. */
  videoCounts(v: SimVideoPost, atMs = this.now()) {
    const k = 1 - Math.exp(-Math.max(0, atMs / 1000 - v.createTime) / 28_800);
    const f = (x: number) => Math.floor(x * k);
    return {
      read: f(v.final.read),
      like: f(v.final.like),
      comment: f(v.final.comment),
      forward: f(v.final.forward),
      fav: f(v.final.fav),
    };
  }

  private arrivalCache = new WeakMap<SimArticle, Map<string, Float64Array>>();

  /**
   * Engagement that arrives as discrete readers' acts, not as a smooth fraction: the count reached at curve
   * progress x (in time constants) follows a cumulative share with multinomial-like noise, fixed per article, so
   * engagement per read wanders as in real series while staying monotone and reaching `final`.
   */
  private arrivals(art: SimArticle, key: string, final: number, x: number): number {
    if (final <= 0 || x <= 0) return 0;
    const K = 48;
    let m = this.arrivalCache.get(art);
    if (!m) {
      m = new Map();
      this.arrivalCache.set(art, m);
    }
    let cdf = m.get(key);
    if (!cdf) {
      const r = Rng.of(this.opts.seed, 'arrivals', art.mid, art.msgid, art.idx, key);
      const w = Array.from({ length: K }, () => Math.max(0, 1 / K + Math.sqrt(1 / (K * final)) * r.normal()));
      const sum = w.reduce((a, b) => a + b, 0) || 1;
      cdf = new Float64Array(K + 1);
      for (let i = 0; i < K; i++) cdf[i + 1] = (cdf[i] as number) + (w[i] as number) / sum;
      m.set(key, cdf);
    }
    const frac = 1 - Math.exp(-x);
    const pos = frac * K;
    const i = Math.min(K - 1, Math.floor(pos));
    const share = (cdf[i] as number) + ((cdf[i + 1] as number) - (cdf[i] as number)) * (pos - i);
    return Math.floor(final * share);
  }

  /**
   * Counters at an instant: each rises as 1 − e^(−age/τ) toward its final value, plus fake reads. The age is
   * counted in reading activity (activeSeconds), so organic readers, like real ones, mostly sleep at night.
   */
  counts(art: SimArticle, atMs = this.now()): Counts {
    const t = atMs / 1000;
    const shift = this.byMid.get(art.mid)?.audienceShiftH ?? 0;
    const age = activeSeconds(art.createTime, t, shift);
    const f = (v: number, lag: number) => Math.floor(v * (1 - Math.exp(-age / (art.tau * lag))));
    const fake = art.fake ? fakeReadsAt(art.fake, t, art.tau) : 0;
    const fakeEng = art.fake ? fakeEngagementAt(art.fake, t, art.tau) : { zan: 0, looking: 0 };
    const out = {
      read: f(art.final.read, 1) + fake,
      zan: this.arrivals(art, 'zan', art.final.zan, age / (art.tau * 1.3)) + fakeEng.zan,
      looking: this.arrivals(art, 'looking', art.final.looking, age / (art.tau * 1.3)) + fakeEng.looking,
      share: f(art.final.share, 1.1),
      comment: f(art.final.comment, 1.6),
    };
    const { wave, tail } = art.organic;
    if (wave && t > wave.at) {
      // Gamma(2) in active time: a cascade builds up over hours rather than switching on.
      const g = (lag: number) => {
        const x = activeSeconds(wave.at, t, shift) / (wave.tau * lag);
        return 1 - (1 + x) * Math.exp(-x);
      };
      out.read += Math.floor(wave.read * g(1));
      out.zan += Math.floor(wave.zan * g(1.2));
      out.looking += Math.floor(wave.looking * g(1.2));
      out.share += Math.floor(wave.share * g(1.1));
    }
    if (tail) {
      const reads = tail.readsPerS * age;
      out.read += Math.floor(reads);
      out.zan += Math.floor(reads * tail.zanPerRead);
      out.looking += Math.floor(reads * tail.lookingPerRead);
    }
    return out;
  }
}

/**
 * Reading activity accumulated between two instants (unix s), in seconds of an average hour: the integral of
 * 1 + A·cos(φ(t)) with φ the Beijing time of day as an angle. Monotone (A < 1), and a full day counts 86,400.
 */
export function activeSeconds(from: number, to: number, shiftH = 0): number {
  if (to <= from) return 0;
  const phase = (t: number) =>
    (2 * Math.PI * ((t + BEIJING_OFFSET_MS / 1000) / 86_400 - (ACTIVITY_PEAK_H + shiftH) / 24)) %
    (2 * Math.PI);
  return (
    to -
    from +
    ((ACTIVITY_AMPLITUDE * 86_400) / (2 * Math.PI)) * (Math.sin(phase(to)) - Math.sin(phase(from)))
  );
}

/** Accounts the simulator's reprints and shares come from ("以下文章来源于…"). */
const REPRINT_SOURCES = ['新周刊', '城市周报', '人民日报', '三联生活周刊', '丁香医生', '十点读书'];
const pickFrom = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;

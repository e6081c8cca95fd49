import PQueue from 'p-queue';
import type { Bus } from '../bus/bus';
import { type Clock, realClock } from '../core/clock';
import type { Logger } from '../core/log';
import { hash32 } from '../core/rng';
import { midOf } from '../core/wechat-ids';
import { articlePages } from './article-pages';
import type { ParsedArticle } from './article-parser';
import type { CrawlPriorities } from './crawl-priorities';
import { mapInOrder } from './in-order';
import {
  accountMessage,
  articleMessage,
  snapshotMessage,
  videoAccountMessage,
  videoMessage,
} from './messages-of';
import type { AccountRegistry } from './registry';
import type { ArticleLookup, Source, SourceArticle } from './source';

/** Which share of the accounts a collector crawls: accounts hash to `count` shards, it takes `index`. */
export interface Shard {
  index: number;
  count: number;
}

/** Stable shard of an account, the same in every collector. */
export const shardOf = (biz: string, count: number): number => hash32(0, biz) % count;

export interface CrawlerOptions {
  /** How far back the first round reads each account's history. */
  crawlDays: number;
  /** Seconds between rounds after the first. */
  intervalS: number;
  /** Upstream requests in flight at once. */
  concurrency: number;
  /** Articles younger than this keep getting counter snapshots each round. */
  trackDays?: number;
  name?: string;
  /** Upstream time: snapshots are stamped with it and history windows measured from it. */
  clock?: Clock;
  /** Accounts included on demand (收录) are crawled with the source's directory, and the directory is recorded in it. */
  registry?: AccountRegistry | null;
  /** This collector's share of the accounts when several run (default: all); a function is asked each round. */
  shard?: Shard | (() => Promise<Shard>);
  /** Accounts without a post in the last `trackDays` are crawled every this many rounds (default 4). */
  inactiveEvery?: number;
  /** Shared queue for upstream work; the crawler makes its own from `concurrency` if not given. */
  queue?: PQueue;
  /**
   * A newly seen article published within this many days is published with its page (body text,
   * mini-programs): one page fetch per article. 0 turns page fetches off; default `crawlDays`.
   */
  pageDays?: number;
  /**
   * With budgeted requests: which accounts each round polls, by tier (crawl-priorities.ts). Without it, active
   * accounts are crawled every round and quiet ones every `inactiveEvery`.
   */
  priorities?: CrawlPriorities | null;
}

interface Known {
  article: SourceArticle;
  mid: number;
}

const PAGE = 5;
/** One account's counts requests in flight at once (the credential pools bound them further). */
const COUNTS_SIDE_BY_SIDE = 4;
/** A mini-program's owner is looked up once and kept this long (owners rarely change hands). */
const MINI_OWNER_TTL_MS = 86_400_000;

/**
 * Crawls every account the source lists: profile, post list, and counters of recent articles,
 * publishing accounts, articles and snapshots to the bus. The first round reads crawlDays of history;
 * later rounds read the newest page and refresh counters of articles still inside trackDays.
 */
export class Crawler {
  private queue: PQueue;
  private known = new Map<string, Known>();
  /** Newest post time (unix s) seen per account: active accounts are crawled every round. */
  private lastPost = new Map<string, number>();
  /** Accounts whose history (crawlDays) has been read; the others get it on their next crawl. */
  private historyRead = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private round = 0;
  readonly name: string;
  private clock: Clock;
  firstRoundDone = false;
  /** Messages the bus accepted from this collector, by topic. */
  readonly published = { accounts: 0, articles: 0, snapshots: 0, videos: 0, videoAccounts: 0 };
  /** Article pages fetched with new articles, and those that failed (the article went out without them). */
  readonly pages = { fetched: 0, failed: 0 };
  /** Owners (主体) of the mini-programs seen on pages, by appid: one profile lookup per appid, shared while in flight. */
  private miniOwners = new Map<string, { owner: Promise<string>; at: number }>();

  constructor(
    private source: Source & Pick<ArticleLookup, 'article'>,
    private bus: Bus,
    private log: Logger,
    private opts: CrawlerOptions,
  ) {
    this.queue = opts.queue ?? new PQueue({ concurrency: opts.concurrency });
    this.name = opts.name ?? `collector-${process.pid}`;
    this.clock = opts.clock ?? realClock;
  }

  start(): void {
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.runRound().catch((err) => this.log.error({ err }, 'crawl round failed'));
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(loop, this.opts.intervalS * 1000);
    };
    void loop();
  }

  /** Stops scheduling, lets requests in flight finish, and waits for the round's publishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // Queued tasks see `stopped` and return at once; clearing the queue would orphan their promises.
    await this.queue.onIdle();
    await this.running;
    this.log.info({ published: this.published }, 'collector stopped');
  }

  async runRound(): Promise<void> {
    const round = ++this.round;
    const first = round === 1;
    const started = Date.now();
    const nowS = Math.floor(this.clock.now() / 1000);
    const historyFrom = nowS - this.opts.crawlDays * 86_400;
    const recentFrom = nowS - 2 * 86_400;
    const trackFrom = nowS - (this.opts.trackDays ?? 3) * 86_400;
    const pageDays = this.opts.pageDays ?? this.opts.crawlDays;
    const pageFrom = pageDays > 0 ? nowS - pageDays * 86_400 : Number.POSITIVE_INFINITY;
    const stats = { accounts: 0, articles: 0, snapshots: 0, errors: 0 };

    const every = this.opts.inactiveEvery ?? 4;
    const share = await this.allAccounts();
    const priorities = this.opts.priorities;
    const accounts = priorities
      ? await priorities.select(share.mine, this.lastPost, trackFrom)
      : share.mine.filter(
          // Quiet accounts are spread over the rounds between their crawls, not all in one.
          (biz) =>
            first || (this.lastPost.get(biz) ?? 0) >= trackFrom || (round + hash32(1, biz)) % every === 0,
        );
    const crawled: { biz: string; name: string; alias: string; avatar: string; desc: string }[] = [];
    await Promise.all(
      accounts.map((biz) =>
        this.queue.add(async () => {
          if (this.stopped) return;
          try {
            // An account's first crawl reads its history, whichever round it falls in.
            const history = !this.historyRead.has(biz);
            const s = await this.crawlAccount(
              biz,
              history,
              history ? historyFrom : recentFrom,
              trackFrom,
              pageFrom,
            );
            this.historyRead.add(biz);
            priorities?.polled(biz, s.discovered);
            crawled.push(s.profile);
            stats.accounts++;
            stats.articles += s.articles;
            stats.snapshots += s.snapshots;
            stats.errors += s.pageErrors;
            this.log.debug({ biz, round, articles: s.articles, snapshots: s.snapshots }, 'account crawled');
          } catch (err) {
            stats.errors++;
            this.log.warn({ err: (err as Error).message, biz }, 'account crawl failed');
          }
        }),
      ),
    );
    if (this.stopped && stats.accounts < accounts.length) return;
    if (this.opts.registry && crawled.length > 0)
      await this.opts.registry
        .include(
          crawled.map((a) => ({ ...a, mid: midOf(a.biz) })),
          'directory',
        )
        .catch((err) => this.log.warn({ err: (err as Error).message }, 'included accounts not recorded'));
    // The marker goes out only after everything of the round was accepted by the bus.
    await this.bus.drain();
    await this.bus.publish('crawl.rounds', [
      {
        key: this.name,
        value: { collector: this.name, round, started_at: started, finished_at: Date.now(), ...stats },
      },
    ]);
    // Forget articles too old to be re-listed or re-counted, so memory stays bounded.
    for (const [k, v] of this.known)
      if (v.article.createTime < Math.min(recentFrom, trackFrom)) this.known.delete(k);
    if (first) this.firstRoundDone = true;
    this.log.info(
      {
        round,
        ms: Date.now() - started,
        shard: `${share.shard.index}/${share.shard.count}`,
        share: share.mine.length,
        of: share.all,
        ...stats,
      },
      'crawl round finished',
    );
  }

  /** The source's directory and the included accounts: how many, and this collector's shard of them. */
  private async allAccounts(): Promise<{ all: number; mine: string[]; shard: Shard }> {
    const out: string[] = [];
    for (let begin = 0; ; begin += 20) {
      const page = await this.queue.add(() => this.source.listAccounts(begin, 20));
      out.push(...page.accounts.map((a) => a.biz));
      if (page.accounts.length === 0 || out.length >= page.total) break;
    }
    if (this.opts.registry) {
      const seen = new Set(out);
      for (const a of await this.opts.registry.list()) if (!seen.has(a.biz)) out.push(a.biz);
    }
    const s = this.opts.shard ?? { index: 0, count: 1 };
    const shard = typeof s === 'function' ? await s() : s;
    const mine = shard.count > 1 ? out.filter((biz) => shardOf(biz, shard.count) === shard.index) : out;
    return { all: out.length, mine, shard };
  }

  /**
   * The newest page of the account's video-account posts, and the video account's profile when the
   * posts carry it; a failure here does not fail the account.
   */
  private async crawlVideos(biz: string, mid: number, finder: string, sinceS: number): Promise<void> {
    try {
      const page = await (this.source.videoPosts as NonNullable<Source['videoPosts']>)(finder, 1, 20);
      const videos = page.videos.filter((v) => v.createTime >= sinceS);
      const now = this.clock.now();
      if (page.finder) {
        await this.bus.publish('video_accounts', [
          { key: String(mid), value: videoAccountMessage(page.finder, biz, now) },
        ]);
        this.published.videoAccounts++;
      }
      await this.bus.publish(
        'videos',
        videos.map((v) => ({ key: String(mid), value: videoMessage(v, finder, biz, now) })),
      );
      this.published.videos += videos.length;
    } catch (err) {
      this.log.warn({ err: (err as Error).message, biz }, 'video posts not crawled');
    }
  }

  /**
   * Pages of the new articles published since `pageFrom`, by article key. A page that cannot be had
   * is left out (its article is published without body text) and counted.
   */
  private async pagesOf(
    biz: string,
    articles: SourceArticle[],
    pageFrom: number,
  ): Promise<{ pages: Map<string, ParsedArticle>; failed: number }> {
    const { pages, failed, firstError } = await articlePages(
      this.source,
      articles.filter((x) => x.createTime >= pageFrom),
      () => this.stopped,
    );
    this.pages.fetched += pages.size;
    this.pages.failed += failed;
    if (failed > 0)
      this.log.warn(
        { biz, failed, err: firstError },
        'article pages not fetched; articles published without body text',
      );
    return { pages, failed };
  }

  /**
   * Owners of the mini-programs the pages embed, by appid: cached, else one profile lookup per appid (the page
   * does not name the owner). A failed lookup leaves the owner out (''), and is tried again next time.
   */
  private async ownersOf(pages: Map<string, ParsedArticle>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const source = this.source;
    if (!source.miniProgram) return out;
    const now = Date.now();
    const appids = new Set([...pages.values()].flatMap((p) => p.mini_programs));
    await Promise.all(
      [...appids].map(async (appid) => {
        let hit = this.miniOwners.get(appid);
        if (!hit || now - hit.at > MINI_OWNER_TTL_MS) {
          // Not on this.queue (the account's own task holds a slot of it): the upstream pool bounds it, as pages.
          hit = { owner: (async () => (await source.miniProgram?.(appid))?.owner ?? '')(), at: now };
          this.miniOwners.set(appid, hit);
        }
        try {
          out.set(appid, await hit.owner);
        } catch (err) {
          if (this.miniOwners.get(appid) === hit) this.miniOwners.delete(appid);
          this.log.warn({ err: (err as Error).message, appid }, 'mini-program profile not read');
        }
      }),
    );
    return out;
  }

  private async crawlAccount(
    biz: string,
    first: boolean,
    horizon: number,
    trackFrom: number,
    pageFrom: number,
  ) {
    const p = await this.source.profile(biz);
    const mid = midOf(biz);
    const account = accountMessage(p, this.clock.now());
    await this.bus.publish('accounts', [{ key: String(mid), value: account }]);
    this.published.accounts++;
    // Video posts like articles: the history window on the first round, then only those still moving.
    if (p.finderUsername && this.source.videoPosts)
      await this.crawlVideos(biz, mid, p.finderUsername, first ? horizon : trackFrom);

    const fresh: SourceArticle[] = [];
    for (let begin = 0; ; begin += PAGE) {
      const page = await this.source.listPushes(biz, begin, PAGE);
      let reachedHorizon = false;
      for (const push of page.pushes) {
        if (push.time < horizon) {
          reachedHorizon = true;
          break;
        }
        this.lastPost.set(biz, Math.max(this.lastPost.get(biz) ?? 0, push.time));
        for (const a of push.articles)
          if (first || !this.known.has(`${biz}/${a.msgid}_${a.idx}`)) fresh.push(a);
      }
      if (reachedHorizon || page.pushes.length < PAGE || begin + PAGE >= page.total) break;
    }
    // New articles go out with their pages (body text, mini-programs): fetched once, when first seen.
    const { pages, failed: pageErrors } = await this.pagesOf(biz, fresh, pageFrom);
    const owners = await this.ownersOf(pages);
    if (fresh.length > 0) {
      const now = this.clock.now();
      await this.bus.publish(
        'articles',
        fresh.map((a) => {
          this.known.set(`${biz}/${a.msgid}_${a.idx}`, { article: a, mid });
          const value = articleMessage(a, now, pages.get(`${a.msgid}_${a.idx}`), owners);
          return { key: String(mid), value };
        }),
      );
      this.published.articles += fresh.length;
    }

    // Counters: every article of the first round, then those still young enough to move.
    const toCount = first
      ? fresh
      : [...this.known.values()]
          .filter((k) => k.mid === mid && k.article.createTime >= trackFrom)
          .map((k) => k.article);
    // A few side by side: one account's counts one after another kept a fresh crawl waiting on round trips.
    const snapshots = await mapInOrder(toCount, COUNTS_SIDE_BY_SIDE, async (a) => {
      const c = await this.source.counts(a);
      return { key: String(mid), value: snapshotMessage(a, c, this.clock.now()) };
    });
    await this.bus.publish('snapshots', snapshots);
    this.published.snapshots += snapshots.length;
    return {
      articles: fresh.length,
      // Posts seen for the first time on a later crawl: what discovery latency is measured on.
      discovered: first ? [] : fresh.map((a) => a.createTime),
      snapshots: snapshots.length,
      pageErrors,
      profile: { biz, name: p.name, alias: p.alias, avatar: p.avatar, desc: p.signature },
    };
  }
}

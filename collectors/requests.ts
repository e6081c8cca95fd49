import type PQueue from 'p-queue';
import type { Bus, BusRecord, Subscription } from '../bus/bus';
import type { CrawlProgressMessage, CrawlRequestMessage } from '../bus/messages';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';
import { BACKFILL_MAX_DAYS } from '../core/periods';
import { midOf } from '../core/wechat-ids';
import { articlePages } from './article-pages';
import type { ParsedArticle } from './article-parser';
import { UpstreamError } from './http';
import {
  accountKey,
  accountMessage,
  articleMessage,
  parsedArticleMessage,
  snapshotMessage,
} from './messages-of';
import type { AccountRegistry, IncludedAccount } from './registry';
import type { ArticleLookup, Source, SourceAccount, SourceArticle } from './source';

export const REQUESTS_GROUP = 'collector.requests';
/** Spec §5: an inclusion input of 1–30 characters is an account name, anything else an article URL. */
export const INCLUSION_NAME_MAX = 30;
/** A page update reads this far back. */
const UPDATE_DAYS = 3;
const PAGE = 5;

type Result = NonNullable<CrawlProgressMessage['result']>;

/**
 * The first crawl of a newly included account, under its own request id: crawl_progress keeps one row per request,
 * so reusing the inclusion's id would replace the inclusion result the member is waiting for.
 */
const followUp = (req: CrawlRequestMessage): CrawlRequestMessage => ({
  ...req,
  kind: 'update',
  request_id: `${req.request_id}.update`,
});

const included = (a: IncludedAccount) => ({
  avatar: a.avatar,
  mid: a.mid,
  wxname: a.name,
  wxid: a.alias,
  desc: a.desc,
});

/**
 * On-demand crawl work from 'crawl.requests' (keyed by account or inclusion input, so consumer-group
 * members split it): page updates (mp_update), back-collection (历史回采) up to 180 days with progress
 * on 'crawl.progress' after every page, and inclusion (收录) by account name or article URL.
 */
export class CrawlRequestHandler {
  private sub: Subscription | null = null;
  private stopped = false;
  readonly handled = { update: 0, backfill: 0, include: 0, failed: 0 };
  /** Article pages fetched for updates and back-collections, and those that failed (published without text). */
  readonly pages = { fetched: 0, failed: 0 };

  constructor(
    private source: Source & ArticleLookup,
    private bus: Bus,
    private registry: AccountRegistry,
    private log: Logger,
    private clock: Clock,
    /** Shared with the crawler so on-demand work counts against the same concurrency. */
    private queue: PQueue,
    /**
     * Whether articles go out with their pages (body text, mini-programs), as the regular crawl's new ones do
     * (CRAWL_PAGES). Without them a re-published article row would replace the text the crawl had stored.
     */
    private opts: { pages?: boolean } = {},
  ) {}

  async start(): Promise<void> {
    this.sub = await this.bus.subscribe(
      'crawl.requests',
      REQUESTS_GROUP,
      async (batch: BusRecord<'crawl.requests'>[]) => {
        // Requests of one batch run side by side; each reports its own outcome.
        await Promise.all(batch.map((r) => this.queue.add(() => this.handle(r.value))));
      },
      { maxWaitMs: 0 },
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.sub?.stop();
  }

  async handle(req: CrawlRequestMessage): Promise<void> {
    const base = { request_id: req.request_id, kind: req.kind, biz: req.biz ?? '' };
    try {
      if (req.kind === 'include') await this.include(req);
      else if (!req.biz) throw new UpstreamError('biz is required', 'rejected');
      else
        await this.crawlHistory(
          req,
          req.biz,
          req.kind === 'backfill' ? Math.min(req.days ?? BACKFILL_MAX_DAYS, BACKFILL_MAX_DAYS) : UPDATE_DAYS,
        );
      this.handled[req.kind]++;
    } catch (err) {
      this.handled.failed++;
      const message = err instanceof UpstreamError ? err.message : 'internal error';
      if (!(err instanceof UpstreamError))
        this.log.error({ err, request: req.request_id }, 'crawl request failed');
      else this.log.warn({ err: message, request: req.request_id }, 'crawl request failed');
      await this.progress({
        ...base,
        state: 'failed',
        pages: 0,
        articles: 0,
        snapshots: 0,
        covered_from: null,
        percent: 0,
        message,
      });
    }
  }

  private async progress(p: Omit<CrawlProgressMessage, 'at'>): Promise<void> {
    await this.bus.publish('crawl.progress', [
      { key: p.biz ? accountKey(p.biz) : p.request_id, value: { ...p, at: this.clock.now() } },
    ]);
  }

  /** The account's profile and its posts back to `days` ago, with counters; progress after each page. */
  private async crawlHistory(
    req: CrawlRequestMessage,
    biz: string,
    days: number,
    result?: Result,
  ): Promise<void> {
    const now = this.clock.now();
    const horizon = Math.floor(now / 1000) - days * 86_400;
    const span = days * 86_400;
    const profile = await this.source.profile(biz);
    await this.bus.publish('accounts', [{ key: accountKey(biz), value: accountMessage(profile, now) }]);
    const stats = { pages: 0, articles: 0, snapshots: 0 };
    let coveredFrom: number | null = null;
    for (let begin = 0; !this.stopped; begin += PAGE) {
      const page = await this.source.listPushes(biz, begin, PAGE);
      const fresh: SourceArticle[] = [];
      let reached = false;
      for (const push of page.pushes) {
        if (push.time < horizon) {
          reached = true;
          break;
        }
        fresh.push(...push.articles);
        coveredFrom = push.time;
      }
      const snaps = [];
      for (const a of fresh) snaps.push(snapshotMessage(a, await this.source.counts(a), this.clock.now()));
      const texts = await this.pagesOf(biz, fresh);
      if (fresh.length > 0) {
        await this.bus.publish(
          'articles',
          fresh.map((a) => ({
            key: accountKey(biz),
            value: articleMessage(a, this.clock.now(), texts.get(`${a.msgid}_${a.idx}`)),
          })),
        );
        await this.bus.publish(
          'snapshots',
          snaps.map((s) => ({ key: accountKey(biz), value: s })),
        );
      }
      stats.pages++;
      stats.articles += fresh.length;
      stats.snapshots += snaps.length;
      const done = reached || page.pushes.length < PAGE || begin + PAGE >= page.total;
      const percent = done
        ? 100
        : Math.min(
            99,
            Math.round(((Math.floor(now / 1000) - (coveredFrom ?? Math.floor(now / 1000))) / span) * 100),
          );
      await this.progress({
        request_id: req.request_id,
        kind: req.kind,
        state: done ? 'done' : 'running',
        biz,
        ...stats,
        covered_from: coveredFrom,
        percent,
        message: done ? `已采集 ${stats.articles} 篇文章` : `采集中：${stats.articles} 篇`,
        ...(done && result ? { result } : {}),
      });
      if (done) return;
    }
  }

  /** The articles' pages when page fetches are on; failures leave those articles without text, and are logged. */
  private async pagesOf(biz: string, articles: SourceArticle[]): Promise<Map<string, ParsedArticle>> {
    if (this.opts.pages === false || articles.length === 0) return new Map();
    const { pages, failed, firstError } = await articlePages(this.source, articles, () => this.stopped);
    this.pages.fetched += pages.size;
    this.pages.failed += failed;
    if (failed > 0)
      this.log.warn(
        { biz, failed, err: firstError },
        'article pages not fetched; articles published without body text',
      );
    return pages;
  }

  private async include(req: CrawlRequestMessage): Promise<void> {
    const input = (req.input ?? '').trim();
    if (input.length === 0) throw new UpstreamError('请输入公众号名称或文章链接', 'rejected');
    if ([...input].length <= INCLUSION_NAME_MAX) return this.includeByName(req, input);
    return this.includeByUrl(req, input);
  }

  private async register(accounts: SourceAccount[], via: 'name' | 'url') {
    const all: IncludedAccount[] = [];
    for (const a of accounts) {
      const p = await this.source.profile(a.biz);
      all.push({
        biz: a.biz,
        mid: midOf(a.biz),
        name: p.name,
        alias: p.alias,
        avatar: p.avatar,
        desc: p.signature,
      });
    }
    const fresh = await this.registry.include(all, via);
    return { fresh: all.filter((a) => fresh.has(a.biz)), existing: all.filter((a) => !fresh.has(a.biz)) };
  }

  private async includeByName(req: CrawlRequestMessage, name: string): Promise<void> {
    const hits = await this.source.searchAccounts(name);
    // An exact name (or WeChat id) match is what the user meant; otherwise every account that contains it.
    const exact = hits.filter((h) => h.name === name || h.alias === name);
    const chosen = exact.length > 0 ? exact : hits;
    const base = {
      request_id: req.request_id,
      kind: req.kind,
      pages: 0,
      articles: 0,
      snapshots: 0,
      covered_from: null,
    };
    if (chosen.length === 0) {
      await this.progress({
        ...base,
        biz: '',
        state: 'done',
        percent: 100,
        message: '未找到该公众号',
        result: {
          code: 0,
          tip: `未找到名为"${name}"的公众号，请检查名称或提交文章链接`,
          is_success: false,
          data: [],
          data2: [],
        },
      });
      return;
    }
    const { fresh, existing } = await this.register(chosen, 'name');
    const result: Result = {
      code: 1,
      tip: fresh.length > 0 ? '收录成功，文章将在10分钟内更新' : '该公众号已收录，请勿重复提交',
      is_success: true,
      data: fresh.map(included),
      data2: existing.map(included),
    };
    await this.progress({
      ...base,
      biz: chosen[0]?.biz ?? '',
      state: 'done',
      percent: 100,
      message: result.tip,
      result,
    });
    // Newly included accounts get their first crawl now rather than at the next round.
    for (const a of fresh) await this.crawlHistory(followUp(req), a.biz, UPDATE_DAYS);
  }

  private async includeByUrl(req: CrawlRequestMessage, url: string): Promise<void> {
    const article = await this.source.article(url);
    const now = this.clock.now();
    await this.bus.publish('articles', [
      { key: accountKey(article.biz), value: parsedArticleMessage(article, now) },
    ]);
    const counts = await this.source.counts(article).catch(() => null);
    if (counts)
      await this.bus.publish('snapshots', [
        { key: accountKey(article.biz), value: snapshotMessage(article, counts, now) },
      ]);
    const { fresh, existing } = await this.register(
      [{ biz: article.biz, name: article.nickname, alias: article.alias, avatar: '' }],
      'url',
    );
    const isNew = fresh.length > 0;
    const result: Result = {
      code: 1,
      tip: isNew ? '收录成功，文章将在10分钟内更新' : '该公众号已收录，请勿重复提交',
      is_success: true,
      data: fresh.map(included),
      data2: existing.map(included),
    };
    await this.progress({
      request_id: req.request_id,
      kind: req.kind,
      biz: article.biz,
      state: 'done',
      pages: 0,
      articles: 1,
      snapshots: counts ? 1 : 0,
      covered_from: article.pubtime || null,
      percent: 100,
      message: result.tip,
      result,
    });
    if (isNew) await this.crawlHistory(followUp(req), article.biz, UPDATE_DAYS);
  }
}

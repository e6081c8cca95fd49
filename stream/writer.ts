import type { Bus, Subscription } from '../bus/bus';
import type {
  AccountMessage,
  ArticleMessage,
  CrawlProgressMessage,
  CrawlRoundMessage,
  MonitorStatusMessage,
  SnapshotMessage,
  VideoAccountMessage,
  VideoMessage,
} from '../bus/messages';
import type { AnalyticsStore } from '../clickhouse/store';
import type { Logger } from '../core/log';

const GROUP = 'stream-writer';

/** Message → row mappings; the only place that knows both the bus schema and the table columns. */
export const rows = {
  account: (m: AccountMessage) => ({
    mid: m.mid,
    biz: m.biz,
    name: m.name,
    wxid: m.wxid,
    gh_id: m.gh_id,
    avatar: m.avatar,
    qrcode: m.qrcode,
    owner: m.owner,
    area: m.area,
    description: m.desc,
    media: m.media,
    tags: m.tags,
    reg_time: m.reg_time,
    service_type: m.service_type,
    verified: m.verified,
    group_age: m.group_age,
    group_sex: m.group_sex,
    updated_at: m.crawled_at,
  }),
  article: (m: ArticleMessage) => ({
    mid: m.mid,
    aid: m.aid,
    biz: m.biz,
    msgid: m.msgid,
    idx: m.idx,
    sn: m.sn,
    title: m.title,
    digest: m.digest,
    cover: m.cover,
    author: m.author,
    href: m.href,
    pubtime: m.pubtime,
    copyright_stat: m.copyright_stat,
    source_url: m.source_url,
    content: m.content,
    miniprogram_appids: m.miniprogram_appids,
    item_show_type: m.item_show_type,
    kind: m.kind,
    source_account: m.source_account,
    source: m.source,
    updated_at: m.crawled_at,
  }),
  /**
   * The mini-programs an article page named: one row per appid of the batch (the newest wins, as in the
   * table). A card without a name (an older page, a bare text link) says nothing about the program, so it
   * writes no row rather than blank out a described one. username, labels and description are not on pages.
   */
  miniprograms: (ms: ArticleMessage[]) => {
    const byAppid = new Map<string, { appid: string; title: string; icon: string; updated_at: number }>();
    for (const m of ms)
      for (const c of m.miniprogram_cards) {
        const seen = byAppid.get(c.appid);
        if (c.nickname === '' || (seen && seen.updated_at > m.crawled_at)) continue;
        byAppid.set(c.appid, { appid: c.appid, title: c.nickname, icon: c.avatar, updated_at: m.crawled_at });
      }
    return [...byAppid.values()].map((r) => ({ ...r, username: '', labels: [], description: '' }));
  },
  /**
   * Mini-program owners (主体) the collector read from their profiles: one row per appid of the batch (the
   * newest wins). A card without an owner (not looked up, or the lookup failed) writes nothing.
   */
  miniprogramOwners: (ms: ArticleMessage[]) => {
    const byAppid = new Map<string, { appid: string; owner: string; updated_at: number }>();
    for (const m of ms)
      for (const c of m.miniprogram_cards) {
        const seen = byAppid.get(c.appid);
        if (c.owner === '' || (seen && seen.updated_at > m.crawled_at)) continue;
        byAppid.set(c.appid, { appid: c.appid, owner: c.owner, updated_at: m.crawled_at });
      }
    return [...byAppid.values()];
  },
  snapshot: (m: SnapshotMessage) => ({
    mid: m.mid,
    aid: m.aid,
    ts: m.ts,
    reads: m.read,
    likes: m.zan,
    looking: m.looking,
    shares: m.share,
    comments: m.comment,
    source: m.source ?? '',
  }),
  videoPost: (m: VideoMessage) => ({
    finder_id: m.finder_username,
    post_id: m.object_id,
    mid: m.mid,
    description: m.description,
    cover: m.cover,
    duration_s: m.duration_s,
    pubtime: m.create_time,
    updated_at: m.crawled_at,
  }),
  videoAccount: (m: VideoAccountMessage) => ({
    finder_id: m.finder_username,
    name: m.nickname,
    avatar: m.avatar,
    owner: '',
    description: m.description,
    mid: m.mid,
    updated_at: m.crawled_at,
  }),
  videoSnapshot: (m: VideoMessage) => ({
    finder_id: m.finder_username,
    post_id: m.object_id,
    ts: Math.floor(m.crawled_at / 1000),
    reads: m.read,
    likes: m.like,
    comments: m.comment,
    forwards: m.forward,
    favs: m.fav,
  }),
  monitorStatus: (m: MonitorStatusMessage) => ({
    task_id: m.task_id,
    state: m.state,
    biz: m.biz,
    aids: m.aids,
    start_ts: m.start_ts,
    end_ts: m.end_ts,
    polls: m.polls,
    at: m.at,
  }),
  crawlProgress: (m: CrawlProgressMessage) => ({
    request_id: m.request_id,
    kind: m.kind,
    state: m.state,
    biz: m.biz,
    pages: m.pages,
    articles: m.articles,
    snapshots: m.snapshots,
    covered_from: m.covered_from,
    percent: m.percent,
    message: m.message,
    result: m.result ? JSON.stringify(m.result) : '',
    at: m.at,
  }),
  round: (m: CrawlRoundMessage) => ({
    collector: m.collector,
    round: m.round,
    started_at: m.started_at,
    finished_at: m.finished_at,
    accounts: m.accounts,
    articles: m.articles,
    snapshots: m.snapshots,
    errors: m.errors,
  }),
};

/**
 * Writes raw facts from the bus into ClickHouse. A batch is acknowledged only after its insert
 * succeeded; redelivered batches are harmless because every table is keyed to replace duplicates.
 */
export class StreamWriter {
  private subs: Subscription[] = [];
  inserted = {
    accounts: 0,
    articles: 0,
    miniprograms: 0,
    snapshots: 0,
    videos: 0,
    videoAccounts: 0,
    rounds: 0,
    statuses: 0,
    progress: 0,
  };

  constructor(
    private bus: Bus,
    private store: AnalyticsStore,
    private log: Logger,
    /** Called once a finished crawl round is stored: all its data is in (the collector drains before it). */
    private onRound: () => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.subs.push(
      await this.bus.subscribe('accounts', GROUP, async (batch) => {
        await this.store.insert(
          'accounts',
          batch.map((r) => rows.account(r.value)),
        );
        this.inserted.accounts += batch.length;
      }),
      await this.bus.subscribe('articles', GROUP, async (batch) => {
        await this.store.insert(
          'articles',
          batch.map((r) => rows.article(r.value)),
        );
        const programs = rows.miniprograms(batch.map((r) => r.value));
        if (programs.length > 0) await this.store.insert('miniprograms', programs);
        const owners = rows.miniprogramOwners(batch.map((r) => r.value));
        if (owners.length > 0) await this.store.insert('miniprogram_owners', owners);
        this.inserted.articles += batch.length;
        this.inserted.miniprograms += programs.length;
      }),
      await this.bus.subscribe(
        'snapshots',
        GROUP,
        async (batch) => {
          await this.store.insert(
            'article_snapshots',
            batch.map((r) => rows.snapshot(r.value)),
          );
          this.inserted.snapshots += batch.length;
        },
        { maxBatch: 20_000, maxWaitMs: 200 },
      ),
      // A video post carries its counters: the post row and one snapshot row.
      await this.bus.subscribe('videos', GROUP, async (batch) => {
        await this.store.insert(
          'video_posts',
          batch.map((r) => rows.videoPost(r.value)),
        );
        await this.store.insert(
          'video_snapshots',
          batch.map((r) => rows.videoSnapshot(r.value)),
        );
        this.inserted.videos += batch.length;
      }),
      await this.bus.subscribe('video_accounts', GROUP, async (batch) => {
        await this.store.insert(
          'video_accounts',
          batch.map((r) => rows.videoAccount(r.value)),
        );
        this.inserted.videoAccounts += batch.length;
      }),
      await this.bus.subscribe(
        'monitor.status',
        GROUP,
        async (batch) => {
          await this.store.insert(
            'monitor_status',
            batch.map((r) => rows.monitorStatus(r.value)),
          );
          this.inserted.statuses += batch.length;
        },
        { maxWaitMs: 50 },
      ),
      await this.bus.subscribe(
        'crawl.progress',
        GROUP,
        async (batch) => {
          await this.store.insert(
            'crawl_progress',
            batch.map((r) => rows.crawlProgress(r.value)),
          );
          this.inserted.progress += batch.length;
        },
        { maxWaitMs: 50 },
      ),
      await this.bus.subscribe(
        'crawl.rounds',
        GROUP,
        async (batch) => {
          await this.store.insert(
            'crawl_rounds',
            batch.map((r) => rows.round(r.value)),
          );
          this.inserted.rounds += batch.length;
          this.log.info({ rounds: batch.map((r) => r.value.round) }, 'crawl round recorded');
          this.onRound();
        },
        { maxWaitMs: 0 },
      ),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.subs.map((s) => s.stop()));
    this.subs = [];
    this.log.info({ inserted: this.inserted }, 'stream writer stopped');
  }
}

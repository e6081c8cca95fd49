import type { AnalyticsStore } from '../clickhouse/store';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';
import { beijingDay, PERIODS, periodStart } from '../core/periods';
import { refreshFakeReports } from './analytics/fake-reports';
import { refreshKeywordCounters, refreshKeywordHits } from './analytics/keywords';
import { computeRankings, type RankingRun } from './analytics/rankings';
import {
  type DirtyWindow,
  refreshAccountDaily,
  refreshAccountStats,
  refreshArticleMetrics,
  textArrived,
  touchedAccounts,
} from './analytics/refresh';
import { refreshArticleSignatures } from './analytics/similar-articles';
import { refreshVideoStats, touchedVideoAccounts } from './analytics/video-stats';

const JOB = 'analytics';
const FAKE_JOB = 'fake_reports';
/** The facts the rankings last covered whole (watermark of the tick they followed). */
const RANK_JOB = 'rankings';
const FAKE_EVERY_MS = 60_000;
/** Windows overlap by this much, so rows of an insert that was in flight at the last window are not missed. */
const OVERLAP_MS = 10_000;

export interface AnalyticsSettings {
  tickMs: number;
  /** Rankings of the running day, week and month. */
  rankEveryMs: number;
  /** Rankings of past periods whose data changed (late counters, back-collection), and account_stats of all. */
  rankPastEveryMs: number;
  /**
   * Fake-traffic verdicts: how often the window since the last verdicts is judged (default a minute). They read
   * whole series, so they run on their own, slower cadence; windows just grow, so a replay gives the same rows.
   */
  fakeEveryMs?: number;
  /**
   * Whether this process leads the analytics work (several stream processes on one ClickHouse elect one through
   * the bus; the others wait). Default: always.
   */
  leading?: () => boolean;
}

export interface TickResult {
  window: DirtyWindow;
  accounts: number;
  /** Nothing landed after the previous window's end (rows seen again in the overlap do not count). */
  quiet: boolean;
  tookMs: number;
  /** Milliseconds per step. */
  steps: Record<string, number>;
}

/**
 * The stream's analytics processor: keeps account_daily, article_metrics and account_stats current from the
 * keys new facts touch (analytics_dirty), and recomputes rankings on a schedule. The watermark lives in
 * ClickHouse and moves only after a window is processed, so a restart resumes where it stopped.
 */
export class AnalyticsProcessor {
  private watermark = 0;
  private fakeWatermark = 0;
  private lastFake = 0;
  /** Earliest publish day touched since past periods were last ranked. */
  private pastFrom: string | null = null;
  private lastRank = 0;
  /** The day the running periods were last ranked for, and whether facts arrived since: rankings are a function of
   * both, so a due ranking with neither changed would only write the same rows again (an idle platform ranked all its
   * accounts every RANK_EVERY_S for nothing). */
  private lastRankDay = '';
  private changedSinceRank = true;
  private lastPast = 0;
  /** Whether the first burst of data has been ranked whole (past periods included) after it ended. */
  private settled = false;
  /** A finished crawl round was stored before this tick began (checked until the first settle): its data is in. */
  private roundLanded = false;
  /** Asked to tick at once (a crawl round landed) while a tick ran or was waiting. */
  private nudged = false;
  private lastStatsDay = '';
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Waited while another process led: the watermarks in memory are stale and must be read again. */
  private followed = false;
  lastTick: TickResult | null = null;
  lastRuns: RankingRun[] = [];

  constructor(
    private store: AnalyticsStore,
    private clock: Clock,
    private log: Logger,
    private settings: AnalyticsSettings,
  ) {}

  async start(): Promise<void> {
    await this.loadWatermarks();
    this.schedule(0);
  }

  /** Resumes from the stored watermarks (start() does this; benchmarks driving tick() on a processed store too). */
  async loadWatermarks(): Promise<void> {
    const rows = await this.store.query<{ job: string; wm: string }>(
      `SELECT job, toUnixTimestamp64Milli(watermark) AS wm FROM analytics_progress FINAL WHERE job IN {jobs:Array(String)}`,
      { jobs: [JOB, FAKE_JOB] },
    );
    const wm = (job: string) => Number(rows.find((r) => r.job === job)?.wm ?? 0);
    this.watermark = wm(JOB);
    this.fakeWatermark = wm(FAKE_JOB);
  }

  /** Ticks as soon as possible: now if it is waiting, right after the running tick otherwise. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running || !this.timer) {
      this.nudged = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.nudged) {
      this.nudged = false;
      ms = 0;
    }
    this.timer = setTimeout(() => {
      if (this.settings.leading && !this.settings.leading()) {
        this.followed = true;
        this.schedule(this.settings.tickMs);
        return;
      }
      // A new leader resumes from the watermarks the previous one stored, and ranks at once.
      const resume = this.followed
        ? this.loadWatermarks().then(() => {
            this.followed = false;
            this.lastRank = 0;
            this.changedSinceRank = true;
          })
        : Promise.resolve();
      this.running = resume
        .then(() => this.runOnce())
        .catch((err) => this.log.error({ err }, 'analytics processing failed; retrying next tick'))
        .finally(() => {
          this.running = null;
          this.schedule(this.settings.tickMs);
        });
    }, ms);
  }

  /** One tick, then rankings when due. Public so tests and benchmarks can drive it directly. */
  async runOnce(force = false): Promise<void> {
    if (!this.settled && !this.roundLanded) {
      const [r] = await this.store.query<{ n: number }>('SELECT count() AS n FROM crawl_rounds');
      this.roundLanded = Number(r?.n ?? 0) > 0;
    }
    await this.tick();
    const now = Date.now();
    // Also as soon as the first data arrives, so a fresh platform does not show empty rankings for a whole interval.
    const firstData = this.lastPast === 0 && this.pastFrom !== null;
    const due =
      now - this.lastRank >= this.settings.rankEveryMs &&
      (this.changedSinceRank || beijingDay(this.clock.now()) !== this.lastRankDay);
    // Once the first burst of data is in (a finished crawl round, or a tick that brings nothing new), everything is
    // ranked at once, past periods included: a fresh start's finished lists (yesterday's, last week's) then hold all
    // it collected, also under steady load where no tick is quiet.
    const settle =
      !this.settled && (this.roundLanded || (this.lastTick?.quiet === true && this.pastFrom !== null));
    const ranked = force || firstData || due || settle;
    if (ranked) {
      // Past periods as soon as data for them first arrives, then at most every rankPastEveryMs.
      const past =
        force || settle || (this.pastFrom !== null && now - this.lastPast >= this.settings.rankPastEveryMs);
      await this.rank(past);
      this.lastRank = now;
      if (past) this.lastPast = now;
      if (settle) this.settled = true;
    }
    // Rankings cover the facts up to the watermark while nothing waits for them; once settled, each ranking is as
    // complete as its schedule means it to be (past periods hourly). Readiness reads it.
    if ((this.pastFrom === null && !this.changedSinceRank) || (this.settled && ranked))
      await this.store.insert('analytics_progress', [
        { job: RANK_JOB, watermark: this.watermark, updated_at: Date.now() },
      ]);
  }

  /** Processes the dirty keys since the watermark. */
  async tick(): Promise<TickResult> {
    const t0 = performance.now();
    const [chNow] = await this.store.query<{ ms: string }>('SELECT toUnixTimestamp64Milli(now64(3)) AS ms');
    const w: DirtyWindow = { fromMs: Math.max(0, this.watermark - OVERLAP_MS), toMs: Number(chNow?.ms) };
    const version = Date.now();
    const today = beijingDay(this.clock.now());
    // Each step's time, so a slow step shows in the debug log and the analytics benchmark.
    const steps: Record<string, number> = {};
    const step = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
      const s0 = performance.now();
      const r = await f();
      steps[name] = (steps[name] ?? 0) + Math.round(performance.now() - s0);
      return r;
    };
    const touched = await step('touched', () => touchedAccounts(this.store, w));
    // What landed after the previous window: the overlap alone holds rows already processed (done again, as rows of
    // an insert in flight then may be among them), but it is no news for the rankings or the quiet test; counting it
    // kept a burst's end from being noticed for two more ticks.
    const fresh =
      touched.mids.length > 0 && this.watermark > 0
        ? await step('touched', () => touchedAccounts(this.store, { fromMs: this.watermark, toMs: w.toMs }))
        : touched;
    const quiet = fresh.mids.length === 0;
    if (!quiet) this.changedSinceRank = true;
    if (touched.mids.length > 0) {
      // Metrics first: the fake detector's baselines read them.
      await step('article_metrics', () => refreshArticleMetrics(this.store, w, version));
      // Most windows carry only counter polls: text steps run when some article's text arrived.
      if (await step('signatures', () => textArrived(this.store, w))) {
        await step('signatures', () => refreshArticleSignatures(this.store, w, version));
        await step('keywords', () => refreshKeywordHits(this.store, w, version));
      } else await step('keywords', () => refreshKeywordCounters(this.store, w, version));
    }
    // Fake verdicts on their own cadence over everything since the last verdicts; the daily sums that count
    // fake articles follow over the same window. The cadence spares the detector during a burst of polls; once
    // a tick brings nothing new, pending verdicts are made at once (a fresh start shows them when it is ready).
    let daily: DirtyWindow | null = touched.mids.length > 0 ? w : null;
    const fakePending = !quiet || this.fakeWatermark < this.watermark;
    if (
      fakePending &&
      (quiet ||
        (this.roundLanded && !this.settled) ||
        Date.now() - this.lastFake >= (this.settings.fakeEveryMs ?? FAKE_EVERY_MS))
    ) {
      const fw = {
        fromMs: Math.max(0, Math.min(this.fakeWatermark, this.watermark) - OVERLAP_MS),
        toMs: w.toMs,
      };
      await step('fake_reports', () =>
        refreshFakeReports(this.store, fw, Math.floor(this.clock.now() / 1000), version),
      );
      this.lastFake = Date.now();
      this.changedSinceRank = true;
      this.fakeWatermark = w.toMs;
      daily = fw;
    } else if (!fakePending) this.fakeWatermark = w.toMs;
    if (daily) await step('account_daily', () => refreshAccountDaily(this.store, daily, version));
    if (touched.mids.length > 0)
      await step('account_stats', () => refreshAccountStats(this.store, touched.mids, today, version));
    if (fresh.fromDay && (this.pastFrom === null || fresh.fromDay < this.pastFrom))
      this.pastFrom = fresh.fromDay;
    if ((await step('video', () => touchedVideoAccounts(this.store, w))).length > 0) {
      // News for the rankings only when some landed after the previous window (as for articles above).
      const freshVideos =
        this.watermark === 0 ||
        (
          await step('video', () =>
            touchedVideoAccounts(this.store, { fromMs: this.watermark, toMs: w.toMs }),
          )
        ).length > 0;
      if (freshVideos) this.changedSinceRank = true;
      await step('video', () => refreshVideoStats(this.store, w, today, version));
    }
    // Windows (7/30 days) move with the calendar even for accounts without new data.
    if (today !== this.lastStatsDay) {
      await step('daily_all', () => refreshAccountStats(this.store, 'all', today, version));
      await step('daily_all', () => refreshVideoStats(this.store, 'all', today, version));
      this.lastStatsDay = today;
    }
    this.watermark = w.toMs;
    await this.store.insert('analytics_progress', [
      { job: JOB, watermark: w.toMs, updated_at: Date.now() },
      { job: FAKE_JOB, watermark: this.fakeWatermark, updated_at: Date.now() },
    ]);
    this.lastTick = {
      window: w,
      accounts: touched.mids.length,
      quiet,
      tookMs: Math.round(performance.now() - t0),
      steps,
    };
    if (touched.mids.length > 0) this.log.debug(this.lastTick, 'analytics tick');
    return this.lastTick;
  }

  /** Rankings of the running periods, and with `past` those of earlier periods whose data changed. */
  async rank(past: boolean): Promise<RankingRun[]> {
    const today = beijingDay(this.clock.now());
    const generation = Date.now();
    const runs: RankingRun[] = [];
    this.changedSinceRank = false;
    this.lastRankDay = today;
    for (const period of PERIODS) {
      const current = periodStart(period, today);
      const from =
        past && this.pastFrom !== null && this.pastFrom < current
          ? periodStart(period, this.pastFrom)
          : current;
      runs.push(await computeRankings(this.store, period, from, today, generation));
    }
    if (past) {
      this.pastFrom = null;
      await refreshAccountStats(this.store, 'all', today, generation);
    }
    this.lastRuns = runs;
    this.log.info(
      { runs: runs.map((r) => `${r.period}:${r.from}..${r.to}`), ms: runs.reduce((a, r) => a + r.tookMs, 0) },
      'rankings computed',
    );
    return runs;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

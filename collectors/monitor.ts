import type { Bus, Subscription } from '../bus/bus';
import type {
  ArticleInput,
  MonitorStatusMessage,
  MonitorTaskMessage,
  SnapshotMessage,
} from '../bus/messages';
import type { Logger } from '../core/log';
import { monitorPolls } from '../core/metrics';
import { hash32 } from '../core/rng';
import { midOf } from '../core/wechat-ids';
import { UpstreamError } from './http';
import { accountKey, articleMessage } from './messages-of';
import type { MonitorState, MonitorTaskStore, StoredTask } from './monitor-store';
import type { Source } from './source';
import type { TimerClock } from './timer-clock';

const DAY_MS = 86_400_000;
/** How long a next-post task waits for the account to post before it gives up. */
export const NEXT_POST_WAIT_DAYS = 7;
export const MONITOR_GROUP = 'collector.monitor';
/** How far in the past a new task's first slot may lie and still be polled. */
const FIRST_POLL_GRACE_MS = 30_000;
/** Default granularity of the poll offsets that spread tasks over their period. */
const PHASE_STEP_MS = 10_000;

export interface MonitorOptions {
  clock: TimerClock;
  /** This collector's stable name: it owns tasks in the store under it across restarts. */
  name: string;
  store?: MonitorTaskStore | null;
  /** A task whose owner has not renewed its lease for this long is adopted by another collector. */
  leaseMs?: number;
  /** Granularity of the offsets that spread tasks over their period (default 10 s). */
  phaseStepMs?: number;
}

interface Live extends StoredTask {
  /** Offset of this task's polls inside its period: spreads load over the minute, stable per task. */
  phaseMs: number;
  nextAt: number;
  busy: boolean;
  /** The order's first poll, made when it arrives rather than at its phase: the next keeps a step's distance. */
  baseline: boolean;
}

/** A min-heap of (time, task id). */
class Agenda {
  private h: { at: number; id: string }[] = [];
  get size(): number {
    return this.h.length;
  }
  peek(): number | undefined {
    return this.h[0]?.at;
  }
  push(at: number, id: string): void {
    const h = this.h;
    h.push({ at, id });
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((h[p] as { at: number }).at <= at) break;
      [h[i], h[p]] = [h[p] as never, h[i] as never];
      i = p;
    }
  }
  pop(): { at: number; id: string } | undefined {
    const h = this.h;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && (h[l] as { at: number }).at < (h[m] as { at: number }).at) m = l;
        if (r < h.length && (h[r] as { at: number }).at < (h[m] as { at: number }).at) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as never, h[i] as never];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Minute-level monitoring. Tasks arrive on 'monitor.tasks' (keyed by account, so consumer-group
 * members split them) and are kept in the store with a lease, so a restarted collector picks its
 * tasks up again and a lost one's tasks are adopted. Each poll of each monitored article is one
 * snapshot on 'snapshots' (with task_id), at the task's frequency, until its period ends.
 */
export class MonitorScheduler {
  private live = new Map<string, Live>();
  private agenda = new Agenda();
  private armed: { at: number; cancel: () => void } | null = null;
  private sub: Subscription | null = null;
  private heartbeat: (() => void) | null = null;
  private stopped = false;
  private inflight = new Set<Promise<void>>();
  readonly stats = { polls: 0, snapshots: 0, errors: 0, late: 0, skipped: 0 };

  constructor(
    private source: Pick<Source, 'counts' | 'listPushes'>,
    private bus: Bus,
    private log: Logger,
    private opts: MonitorOptions,
  ) {}

  private get leaseMs(): number {
    return this.opts.leaseMs ?? 90_000;
  }

  async start(): Promise<void> {
    const store = this.opts.store;
    if (store) {
      const adopted = await store.adopt(this.opts.name, this.opts.clock.now(), this.leaseMs);
      for (const t of adopted) this.add(t, false);
      if (adopted.length > 0)
        this.log.info({ tasks: adopted.length }, 'monitor tasks adopted from the store');
      this.scheduleHeartbeat();
    }
    this.sub = await this.bus.subscribe('monitor.tasks', MONITOR_GROUP, async (batch) => {
      for (const r of batch) await this.receive(r.value);
    });
  }

  /** Stops polling; polls in flight finish. With `release`, other collectors may take the tasks at once. */
  async stop(release = true): Promise<void> {
    this.stopped = true;
    await this.sub?.stop();
    this.armed?.cancel();
    this.heartbeat?.();
    await Promise.all(this.inflight);
    if (release && this.opts.store) await this.opts.store.release(this.opts.name);
  }

  /** Tasks this collector is running now. */
  tasks(): StoredTask[] {
    return [...this.live.values()].map(({ task, state, targets, startMs, endMs, polls }) => ({
      task,
      state,
      targets,
      startMs,
      endMs,
      polls,
    }));
  }

  private scheduleHeartbeat(): void {
    const beat = async () => {
      if (this.stopped || !this.opts.store) return;
      await this.opts.store
        .heartbeat(this.opts.name, this.opts.clock.now())
        .catch((err) => this.log.warn({ err: (err as Error).message }, 'monitor heartbeat failed'));
      // Orphans of a collector that stopped renewing its lease.
      const adopted = await this.opts.store
        .adopt(this.opts.name, this.opts.clock.now(), this.leaseMs)
        .catch(() => [] as StoredTask[]);
      for (const t of adopted) if (!this.live.has(t.task.task_id)) this.add(t, false);
      if (!this.stopped) this.heartbeat = this.opts.clock.at(this.opts.clock.now() + this.leaseMs / 3, beat);
    };
    this.heartbeat = this.opts.clock.at(this.opts.clock.now() + this.leaseMs / 3, beat);
  }

  private async receive(task: MonitorTaskMessage): Promise<void> {
    const now = this.opts.clock.now();
    if (task.cancelled) {
      await this.opts.store?.receive(task, this.opts.name, now, this.leaseMs);
      const l = this.live.get(task.task_id);
      if (l) {
        l.state = 'cancelled';
        this.live.delete(task.task_id);
        await this.status(l);
      }
      return;
    }
    if (this.live.has(task.task_id)) return;
    let stored: StoredTask | null = {
      task,
      state: 'waiting',
      targets: [],
      startMs: null,
      endMs: null,
      polls: 0,
    };
    if (this.opts.store) {
      stored = await this.opts.store.receive(task, this.opts.name, now, this.leaseMs);
      // Another collector holds it (a redelivery after a rebalance): leave it there.
      if (!stored || stored.state === 'done' || stored.state === 'cancelled') return;
    }
    this.add(stored, true);
    // add() declines once the scheduler is stopping: then there is nothing to report.
    const live = this.live.get(task.task_id);
    if (live) await this.status(live);
  }

  /** `fresh`: a newly received order, whose first slot may have just passed in transit. */
  private add(t: StoredTask, fresh: boolean): void {
    if (this.stopped) return;
    const task = t.task;
    const freq = task.freq_min * 60_000;
    const step = this.opts.phaseStepMs ?? PHASE_STEP_MS;
    const live: Live = {
      ...t,
      // In whole steps, so polls of many tasks share ticks and go out together.
      phaseMs: (hash32(7, task.task_id) % Math.max(1, Math.floor(freq / step))) * step,
      nextAt: 0,
      busy: false,
      baseline: false,
    };
    if (task.kind === 'article' && live.state === 'waiting') {
      live.state = 'monitoring';
      live.targets = [{ biz: task.biz, msgid: task.msgid ?? 0, idx: task.idx ?? 1, sn: task.sn ?? '' }];
      live.startMs = task.created_at;
      live.endMs = task.created_at + task.days * DAY_MS;
    }
    this.live.set(task.task_id, live);
    const now = this.opts.clock.now();
    if (fresh && live.state === 'monitoring' && live.polls === 0) {
      // A new article order is polled when it arrives: the member's report has its starting point at once, not up to a
      // whole period later (9 min 50 s at 10 minutes); from then on the task keeps its phase.
      live.baseline = true;
      this.pollAt(live, now);
      return;
    }
    // A new next-post order's slot that passed moments ago (the order was in transit) is still polled, at once,
    // rather than a whole period late. Adopted tasks resume after now: their last owner may have
    // polled the slot just before it stopped.
    this.scheduleNext(live, now - (fresh ? Math.min(freq, FIRST_POLL_GRACE_MS) : 0) - 1);
  }

  /** The task's first poll time after `after`: origin + phase + k·freq. */
  private scheduleNext(l: Live, after: number): void {
    const freq = l.task.freq_min * 60_000;
    const origin =
      (l.state === 'monitoring' ? (l.startMs ?? l.task.created_at) : l.task.created_at) + l.phaseMs;
    const k = Math.max(0, Math.floor((after - origin) / freq) + 1);
    const at = origin + k * freq;
    const end = l.state === 'monitoring' ? (l.endMs ?? 0) : l.task.created_at + NEXT_POST_WAIT_DAYS * DAY_MS;
    if (at >= end) {
      void this.finish(l, l.state === 'monitoring' ? 'done' : 'done');
      return;
    }
    this.pollAt(l, at);
  }

  private pollAt(l: Live, at: number): void {
    l.nextAt = at;
    this.agenda.push(at, l.task.task_id);
    this.arm();
  }

  private arm(): void {
    const next = this.agenda.peek();
    if (next === undefined || this.stopped) return;
    if (this.armed && this.armed.at <= next) return;
    this.armed?.cancel();
    this.armed = { at: next, cancel: this.opts.clock.at(next, () => this.tick(next)) };
  }

  /**
   * Polls every task due now; resolves when their snapshots are on the bus. The timer's own time counts as
   * reached: a fixed clock (tests, demos) keeps real delays but never moves, and would otherwise re-arm forever.
   */
  private tick(firedAt: number): Promise<void> {
    this.armed = null;
    const now = Math.max(this.opts.clock.now(), firedAt);
    const due: Live[] = [];
    for (let at = this.agenda.peek(); at !== undefined && at <= now; at = this.agenda.peek()) {
      const e = this.agenda.pop() as { at: number; id: string };
      const l = this.live.get(e.id);
      // Stale entries (cancelled, rescheduled) are dropped here.
      if (!l || l.nextAt !== e.at || l.busy) continue;
      due.push(l);
    }
    this.arm();
    if (due.length === 0) return Promise.resolve();
    const work = this.pollAll(due, now).finally(() => this.inflight.delete(work));
    this.inflight.add(work);
    return work;
  }

  private async pollAll(due: Live[], now: number): Promise<void> {
    const counts = new Map<string, ReturnType<Source['counts']>>();
    const snapshots: { key: string; value: SnapshotMessage }[] = [];
    const articles: { key: string; value: ArticleInput }[] = [];
    const ts = Math.floor(now / 1000);
    await Promise.all(
      due.map(async (l) => {
        l.busy = true;
        if (now - l.nextAt > l.task.freq_min * 60_000) this.stats.late++;
        try {
          if (l.state === 'waiting') await this.lookForPost(l, now, articles);
          for (const t of l.state === 'monitoring' ? l.targets : []) {
            const key = `${t.biz}/${t.msgid}/${t.idx}`;
            // Two tasks on one article in one tick share one request.
            let c = counts.get(key);
            if (!c) {
              c = this.source.counts(t);
              counts.set(key, c);
            }
            const n = await c;
            snapshots.push({
              key: accountKey(t.biz),
              value: {
                aid: `${t.msgid}_${t.idx}`,
                mid: midOf(t.biz),
                ts,
                read: n.read,
                zan: n.zan,
                looking: n.looking,
                share: n.share,
                comment: n.comment,
                task_id: l.task.task_id,
              },
            });
          }
          if (l.state === 'monitoring') l.polls++;
          this.stats.polls++;
          monitorPolls.inc({ outcome: 'ok' });
        } catch (err) {
          this.stats.errors++;
          monitorPolls.inc({ outcome: 'error' });
          const kind = err instanceof UpstreamError ? err.kind : 'bug';
          if (kind === 'bug') this.log.error({ err, task: l.task.task_id }, 'monitor poll failed');
          else
            this.log.debug(
              { kind, err: (err as Error).message, task: l.task.task_id },
              'monitor poll failed',
            );
        } finally {
          l.busy = false;
        }
      }),
    );
    if (articles.length > 0) await this.bus.publish('articles', articles);
    if (snapshots.length > 0) await this.bus.publish('snapshots', snapshots);
    this.stats.snapshots += snapshots.length;
    for (const l of due) {
      if (this.live.get(l.task.task_id) !== l) continue;
      // After the baseline poll, the next slot of the task's phase at least a step later (not seconds apart).
      const after = l.baseline ? now + (this.opts.phaseStepMs ?? PHASE_STEP_MS) - 1 : now;
      l.baseline = false;
      this.scheduleNext(l, after);
    }
  }

  /** A next-post task: has the account posted since the order? Then monitor that post's position. */
  private async lookForPost(l: Live, now: number, articles: { key: string; value: ArticleInput }[]) {
    const { pushes } = await this.source.listPushes(l.task.biz, 0, 1);
    const push = pushes[0];
    if (!push || push.time * 1000 <= l.task.created_at) return;
    const picked =
      l.task.position === 0 ? push.articles : push.articles.filter((a) => a.idx === l.task.position);
    const mid = midOf(l.task.biz);
    for (const a of picked) articles.push({ key: String(mid), value: articleMessage(a, now) });
    l.targets = picked.map((a) => ({ biz: a.biz, msgid: a.msgid, idx: a.idx, sn: a.sn }));
    l.state = picked.length > 0 ? 'monitoring' : 'done';
    // The period runs from the post's publication; polls keep the task's phase from discovery on.
    l.startMs = now - l.phaseMs;
    l.endMs = push.time * 1000 + l.task.days * DAY_MS;
    await this.status(l);
  }

  private async finish(l: Live, state: MonitorState): Promise<void> {
    l.state = state;
    this.live.delete(l.task.task_id);
    await this.status(l);
  }

  private async status(l: Live): Promise<void> {
    const { task_id, biz } = l.task;
    const value: MonitorStatusMessage = {
      task_id,
      state: l.state,
      biz,
      aids: l.targets.map((t) => `${t.msgid}_${t.idx}`),
      start_ts: l.startMs === null ? null : Math.floor(l.startMs / 1000),
      end_ts: l.endMs === null ? null : Math.floor(l.endMs / 1000),
      polls: l.polls,
      at: this.opts.clock.now(),
    };
    try {
      await this.opts.store?.progress(task_id, l);
      await this.bus.publish('monitor.status', [{ key: accountKey(biz), value }]);
    } catch (err) {
      this.log.warn({ err: (err as Error).message, task: task_id }, 'monitor status not recorded');
    }
  }
}

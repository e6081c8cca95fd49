import { type Client, signUp } from '../members-harness';

/**
 * Members using the platform through its HTTP API during the chaos run. Only what the platform ACCEPTED is
 * recorded (a 2xx answer with a success code); refusals (the api being down, PostgreSQL restarting) are counted
 * by kind and are not owed to anyone.
 */

export interface Accepted {
  members: { phone: string; client: Client }[];
  groups: { client: Client; id: number; name: string }[];
  favourites: { client: Client; group: number; mid: number }[];
  tasks: { client: Client; id: string; post: string }[];
  orders: { client: Client; no: string }[];
}

/** A recent article to monitor: its link and report key. */
export interface Target {
  href: string;
  post: string;
}

export type Random = () => number;

/** Success in either of the contract's envelopes: {error_code: 0} or {status: 200}. */
const accepted = (r: Awaited<ReturnType<Client['post']>>) =>
  r.status >= 200 && r.status < 300 && (r.body.error_code === 0 || r.body.status === 200);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Load {
  readonly accepted: Accepted = { members: [], groups: [], favourites: [], tasks: [], orders: [] };
  /** Requests the platform refused or could not answer, by step and status (0: no answer). */
  readonly refused = new Map<string, number>();
  private running = false;
  private workers: Promise<void>[] = [];
  private seq = 0;
  private signUps = 0;

  constructor(
    private base: string,
    private codeOf: (phone: string) => Promise<string>,
    private mids: number[],
    private targets: Target[],
    private random: Random,
    /** sendCode is limited to 50 a day per IP (all load comes from 127.0.0.1). */
    private maxSignUps = 40,
  ) {}

  start(workers = 2): void {
    this.running = true;
    for (let i = 0; i < workers; i++) this.workers.push(this.worker(i));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private refuse(step: string, status: number) {
    const k = `${step} ${status}`;
    this.refused.set(k, (this.refused.get(k) ?? 0) + 1);
  }

  /** One call; a connection error (the api killed) counts as status 0. */
  private async call(step: string, f: () => Promise<Awaited<ReturnType<Client['post']>>>) {
    try {
      const r = await f();
      if (accepted(r)) return r;
      this.refuse(step, r.status);
    } catch {
      this.refuse(step, 0);
    }
    return null;
  }

  private pick<T>(xs: T[]): T {
    return xs[Math.floor(this.random() * xs.length)] as T;
  }

  private async worker(n: number): Promise<void> {
    let me: Client | null = null;
    let tasks = 0;
    while (this.running) {
      const more = this.signUps < this.maxSignUps;
      if (!me || (tasks >= 3 && more)) {
        if (!more && me) {
          // No more sign-ups today: keep the current member busy with groups and favourites.
        } else {
          const phone = `136${String(((process.pid % 1000) * 100_000 + n * 10_000 + this.seq++) % 1e8).padStart(8, '0')}`;
          try {
            me = await signUp(this.base, phone, 'abc12345', this.codeOf);
            this.accepted.members.push({ phone, client: me });
            this.signUps++;
            tasks = 0;
          } catch {
            this.refuse('sign-up', 0);
            // Mostly the api being down: wait rather than spend the day's codes of 127.0.0.1.
            await sleep(3000);
            continue;
          }
        }
      }
      const client = me as Client;
      const name = `组${this.seq++}`;
      const g = await this.call('group_add', () => client.post('/fbmain/search/v1/group_add', { name }));
      if (g) {
        const id = Number(g.body.data.group_id);
        this.accepted.groups.push({ client, id, name });
        const mids = [this.pick(this.mids), this.pick(this.mids)].filter((m, i, a) => a.indexOf(m) === i);
        const f = await this.call('favorite_add', () =>
          client.post('/fbmain/search/v1/favorite_add', { group_id: id, mids: mids.join(',') }),
        );
        if (f) for (const mid of mids) this.accepted.favourites.push({ client, group: id, mid });
      }
      if (tasks < 3) {
        const t = this.pick(this.targets);
        const r = await this.call('create_future_task', () =>
          client.post('/fbmain/monitor/v1/create_future_task', { url: t.href, freq: 1, days: 3 }),
        );
        if (r) {
          tasks++;
          this.accepted.tasks.push({ client, id: String(r.body.data.task_id), post: t.post });
        }
      }
      const o = await this.call('create_order', () =>
        client.post('/fbmain/account/v1/create_order', { package_id: 'vip2_q' }),
      );
      if (o) this.accepted.orders.push({ client, no: String(o.body.data.out_trade_no) });
      await sleep(200 + this.random() * 400);
    }
  }
}

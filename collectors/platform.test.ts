import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusRecord } from '../bus/bus';
import { hash32 } from '../core/rng';
import { startInProcess, waitReady } from '../e2e/harness';
import type { Platform } from '../platform/platform';

/**
 * The collectors inside the running platform (role all): inclusion by name through crawl.requests
 * reaches the API, and a monitor task on monitor.tasks polls the simulator at once.
 */
let platform: Platform & { dataDir: string };
let bus: Bus;

beforeAll(async () => {
  platform = await startInProcess({ CLOCK: 'real' });
  bus = platform.bus as Bus;
  await waitReady(platform.url as string);
});
afterAll(() => platform?.stop());

async function until<T>(f: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('collectors in the platform', () => {
  it('includes an unlisted account by name, and its articles reach the API', async () => {
    const world = platform.simulator?.world;
    const acc = world?.unlisted.find((a) => world.pushes(a).length > 0);
    if (!acc) throw new Error('no unlisted account with posts');
    const progress: BusRecord<'crawl.progress'>[] = [];
    await bus.subscribe('crawl.progress', 'test', async (b) => {
      progress.push(...b);
    });
    await bus.publish('crawl.requests', [
      {
        key: acc.name,
        value: { request_id: 'p1', kind: 'include', input: acc.name, requested_at: Date.now() },
      },
    ]);
    const result = await until(
      () => progress.find((p) => p.value.request_id === 'p1' && p.value.result)?.value.result,
    );
    expect(result).toMatchObject({ is_success: true, data: [{ mid: acc.mid, wxname: acc.name }], data2: [] });
    await until(() =>
      progress.find(
        (p) => p.value.request_id === 'p1.update' && p.value.kind === 'update' && p.value.state === 'done',
      ),
    );
    await bus.drain();
    const res = await fetch(`${platform.url}/fbmain/search/v1/detail_pubList?mId=${acc.mid}&num=20`);
    const body = (await res.json()) as { error_code: number; data: { total: number } };
    expect(body.error_code).toBe(0);
    const recent = world?.pushes(acc).filter((p) => p.time * 1000 >= Date.now() - 3 * 86_400_000);
    expect(body.data.total).toBe(recent?.reduce((n, p) => n + p.articles.length, 0));
  });

  it('polls a monitor task as soon as its slot comes, with the simulator’s counts', async () => {
    const world = platform.simulator?.world;
    const acc = world?.accounts.find((a) => world.pushes(a).length > 0);
    const art = acc && world?.pushes(acc)[0]?.articles[0];
    if (!art || !world) throw new Error('no article');
    // A task id whose poll offset is 0, so the first poll is due at once.
    let id = 0;
    while (hash32(7, `m${id}`) % 6 !== 0) id++;
    const snaps: BusRecord<'snapshots'>[] = [];
    await bus.subscribe('snapshots', 'test', async (b) => {
      snaps.push(...b.filter((r) => r.value.task_id === `m${id}`));
    });
    await bus.publish('monitor.tasks', [
      {
        key: art.biz,
        value: {
          task_id: `m${id}`,
          kind: 'article',
          biz: art.biz,
          msgid: art.msgid,
          idx: art.idx,
          sn: art.sn,
          position: art.idx,
          freq_min: 1,
          days: 1,
          created_at: Date.now(),
        },
      },
    ]);
    const s = await until(() => snaps[0]?.value);
    expect(s.aid).toBe(art.aid);
    const now = world.counts(art);
    expect(s.read).toBeLessThanOrEqual(now.read);
    expect(s.read).toBeGreaterThanOrEqual(world.counts(art, s.ts * 1000 - 1000).read);
    expect(platform.monitor?.tasks().map((t) => t.task.task_id)).toContain(`m${id}`);
  });
});

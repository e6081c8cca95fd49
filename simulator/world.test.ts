import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MpSource } from '../collectors/mp-source';
import { bizOf, midOf } from '../core/wechat-ids';
import { fakeReadsAt } from './fake-traffic';
import { createSimulatorApp } from './server';
import { SimWorld } from './world';

const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const world = (seed = 7, now = NOW) => new SimWorld({ seed, accounts: 50, historyDays: 30, now: () => now });

describe('SimWorld', () => {
  it('is deterministic from its seed', () => {
    const a = world();
    const b = world();
    expect(b.accounts).toEqual(a.accounts);
    expect(b.pushes(b.accounts[3] as never)).toEqual(a.pushes(a.accounts[3] as never));
    expect(world(8).accounts[0]?.name).not.toBe(a.accounts[0]?.name);
  });

  it('keeps every industry and area at the list floor each day of the last week, adding accounts after the others', () => {
    const floor = 6;
    const plain = world();
    const w = new SimWorld({ seed: 7, accounts: 50, historyDays: 30, now: () => NOW, listFloor: floor });
    // The first accounts are the world's own, unchanged; the added ones follow.
    expect(w.accounts.slice(0, 50)).toEqual(plain.accounts);
    expect(w.accounts.length).toBeGreaterThan(50);
    const dayOf = (t: number) => Math.floor((t * 1000 + 8 * 3_600_000) / 86_400_000);
    const today = dayOf(NOW / 1000);
    const posters = new Map<string, Set<number>>();
    for (const a of w.accounts)
      for (const p of w.pushes(a))
        for (const group of [`area:${a.area}`, `industry:${a.industry.slug}`]) {
          const key = `${dayOf(p.time)}|${group}`;
          posters.set(key, (posters.get(key) ?? new Set()).add(a.mid));
        }
    const groups = new Set(w.accounts.flatMap((a) => [`area:${a.area}`, `industry:${a.industry.slug}`]));
    // The last week before the world's first day (FLOOR_DAYS_BACK), and on: the daily lists one browses.
    for (let d = today - 7; d < today; d++)
      for (const g of groups)
        expect(posters.get(`${d}|${g}`)?.size ?? 0, `${d} ${g}`).toBeGreaterThanOrEqual(floor);
  });

  it('gives unique names and mids, and biz that decodes to mid', () => {
    const w = world();
    expect(new Set(w.accounts.map((a) => a.name)).size).toBe(50);
    expect(new Set(w.accounts.map((a) => a.mid)).size).toBe(50);
    for (const a of w.accounts) {
      expect(midOf(a.biz)).toBe(a.mid);
      expect(bizOf(a.mid)).toBe(a.biz);
    }
  });

  it('lets some owners run several accounts (同主体)', () => {
    const owners = new Map<string, number>();
    for (const a of world().accounts) owners.set(a.owner, (owners.get(a.owner) ?? 0) + 1);
    expect(Math.max(...owners.values())).toBeGreaterThanOrEqual(3);
  });

  it('grows counters monotonically toward their final values, headlines read most', () => {
    const w = world();
    let headline = 0;
    let second = 0;
    for (const acc of w.accounts) {
      for (const p of w.pushes(acc)) {
        for (const art of p.articles) {
          let prev = w.counts(art, art.createTime * 1000);
          expect(prev.read).toBe(0);
          for (const h of [1, 3, 6, 12, 24, 72]) {
            const c = w.counts(art, (art.createTime + h * 3600) * 1000);
            expect(c.read).toBeGreaterThanOrEqual(prev.read);
            expect(c.zan).toBeGreaterThanOrEqual(prev.zan);
            expect(c.looking).toBeGreaterThanOrEqual(prev.looking);
            prev = c;
          }
          // The push's readers, a cascade's second wave, a search tail's 72 hours (with room) and the bought reads.
          const tail = art.organic.tail ? art.organic.tail.readsPerS * 4 * 86_400 : 0;
          expect(prev.read).toBeLessThanOrEqual(
            art.final.read + (art.organic.wave?.read ?? 0) + tail + (art.fake?.total ?? 0),
          );
          if (art.idx === 1) headline += art.final.read;
          if (art.idx === 2) second += art.final.read;
        }
      }
    }
    expect(headline).toBeGreaterThan(second);
  });

  it('shows no push from the future and keeps to the history window', () => {
    const w = world();
    for (const acc of w.accounts) {
      for (const p of w.pushes(acc)) {
        expect(p.time * 1000).toBeLessThanOrEqual(NOW);
        expect(p.time * 1000).toBeGreaterThan(NOW - 31 * 86_400_000);
      }
    }
  });
});

describe('simulator over HTTP, read through the WeChat-shaped source', () => {
  const w = world();
  let server: ReturnType<typeof serve>;
  let source: MpSource;
  beforeAll(async () => {
    const app = createSimulatorApp(w);
    await new Promise<void>((r) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        source = new MpSource(`http://127.0.0.1:${info.port}`);
        r();
      });
    });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('lists every account, page by page', async () => {
    const seen: string[] = [];
    for (let begin = 0; begin < 50; begin += 20)
      seen.push(...(await source.listAccounts(begin, 20)).accounts.map((a) => a.biz));
    expect(seen).toEqual(w.accounts.map((a) => a.biz));
  });

  it('serves profile, pushes and counters that match the model', async () => {
    const acc = w.accounts[5];
    if (!acc) throw new Error('no account');
    const prof = await source.profile(acc.biz);
    expect(prof).toMatchObject({
      name: acc.name,
      alias: acc.alias,
      ghId: acc.ghId,
      owner: acc.owner,
      area: acc.area,
    });
    const { total, pushes } = await source.listPushes(acc.biz, 0, 5);
    const model = w.pushes(acc);
    expect(total).toBe(model.length);
    expect(pushes.map((p) => p.msgid)).toEqual(model.slice(0, 5).map((p) => p.msgid));
    const art = pushes[0]?.articles[0];
    if (!art) throw new Error('no article');
    const m = model[0]?.articles[0];
    expect(art).toMatchObject({ title: m?.title, idx: 1, sn: m?.sn, createTime: m?.createTime });
    expect(await source.counts(art)).toEqual(w.counts(m as never));
  });

  it('keeps unlisted accounts out of the directory but finds them by name', async () => {
    const hidden = w.unlisted[0] as (typeof w.unlisted)[0];
    const all = await source.listAccounts(0, 20);
    expect(all.total).toBe(50);
    expect(await source.searchAccounts(hidden.name)).toContainEqual(
      expect.objectContaining({ biz: hidden.biz }),
    );
  });

  it('serves fake-traffic ground truth only on /__sim/labels, in shapes a detector can see', async () => {
    const base = new URL(String((source as unknown as { baseUrl: string }).baseUrl)).origin;
    const { fake } = (await (await fetch(`${base}/__sim/labels`)).json()) as {
      fake: { aid: string; biz: string; shape: string; fake_reads: number }[];
    };
    expect(fake.length).toBeGreaterThan(5);
    expect(new Set(fake.map((f) => f.shape)).size).toBeGreaterThanOrEqual(3);
    const label = fake.find((f) => f.shape === 'no_likes') ?? (fake[0] as (typeof fake)[0]);
    const [msgid, idx] = label.aid.split('_').map(Number);
    const art = w.findArticle(label.biz, msgid as number, idx as number);
    if (!art?.fake) throw new Error('labelled article without fake traffic');
    // Fake reads come without likes: reads exceed the same article's organic counts, likes do not.
    const later = (art.fake.end + 3600) * 1000;
    const c = w.counts(art, later);
    const organic = w.counts({ ...art, fake: null }, later);
    expect(c.read - organic.read).toBe(fakeReadsAt(art.fake, later / 1000, art.tau));
    expect(c.read - organic.read).toBeGreaterThan(0);
    if (art.fake.likesPerRead === 0) expect(c.zan).toBe(organic.zan);
    // The WeChat-shaped answers never carry labels.
    const page = await (
      await fetch(
        `${base}/cgi-bin/appmsgpublish?sub=list&fakeid=${encodeURIComponent(label.biz)}&begin=0&count=5`,
      )
    ).text();
    expect(page).not.toMatch(/fake|shape/);
  });

  it('serves video-account posts with growing counts', async () => {
    const base = new URL(String((source as unknown as { baseUrl: string }).baseUrl)).origin;
    const acc = w.accounts.find((a) => a.finder && w.videoPosts(a).length > 0) as (typeof w.accounts)[0];
    const res = await fetch(`${base}/cgi-bin/mmfinderassistant-bin/post/post_list`, {
      method: 'POST',
      body: JSON.stringify({ finderUsername: acc.finder?.username, pageSize: 5, currentPage: 1 }),
    });
    const body = (await res.json()) as {
      errCode: number;
      data: { totalCount: number; list: { likeCount: number }[] };
    };
    expect(body.errCode).toBe(0);
    expect(body.data.totalCount).toBe(w.videoPosts(acc).length);
    expect(body.data.list[0]?.likeCount).toBeGreaterThanOrEqual(0);
  });

  it('refuses fault rules it does not understand', async () => {
    const base = new URL(String((source as unknown as { baseUrl: string }).baseUrl)).origin;
    const res = await fetch(`${base}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ rules: [{ mode: 'explode' }] }),
    });
    expect(res.status).toBe(400);
  });

  it('refuses a wrong sn like WeChat does', async () => {
    const acc = w.accounts[0] as (typeof w.accounts)[0];
    const art = w.pushes(acc)[0]?.articles[0];
    if (!art) throw new Error('no article');
    await expect(
      source.counts({ biz: art.biz, msgid: art.msgid, idx: art.idx, sn: 'wrong' }),
    ).rejects.toThrow(/getappmsgext/);
  });
});

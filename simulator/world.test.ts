import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MpSource } from '../collectors/mp-source';
import { bizOf, midOf } from '../platform/wechat-ids';
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
          expect(prev.read).toBeLessThanOrEqual(art.final.read);
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

  it('refuses a wrong sn like WeChat does', async () => {
    const acc = w.accounts[0] as (typeof w.accounts)[0];
    const art = w.pushes(acc)[0]?.articles[0];
    if (!art) throw new Error('no article');
    await expect(
      source.counts({ biz: art.biz, msgid: art.msgid, idx: art.idx, sn: 'wrong' }),
    ).rejects.toThrow(/getappmsgext/);
  });
});

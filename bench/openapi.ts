import { MemoryRateLimiter } from '../core/rate-limiter';
import { bizOf } from '../core/wechat-ids';
import { signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * The paid open API's metering cost: the same account read (ClickHouse) through the unmetered dashboard call
 * (search/v1 mp_detail) and through the metered open-API call (key lookup + one-statement debit in PostgreSQL
 * (PGlite here) + the read), CONCURRENCY requests in flight. Checks afterwards that the ledger holds exactly
 * one debit per successful call.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');

async function drive(n: number, concurrency: number, call: () => Promise<Response>) {
  const lat: number[] = [];
  let ok = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        lat.push(performance.now() - t);
        if (res.status === 200) ok++;
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
  return { rps: n / s, p50: q(0.5), p99: q(0.99), ok };
}

export async function run(): Promise<void> {
  const n = Number(process.env.BENCH_CALLS ?? 3000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
  // The per-key limit stays in the path (its cost is part of the metered figure) but never refuses here.
  const app = await openServedApp(
    'bench-openapi',
    NOW,
    {},
    {
      openApiLimit: { limiter: new MemoryRateLimiter(), perMinute: 1_000_000_000 },
    },
  );
  try {
    await app.store.insert(
      'accounts',
      Array.from({ length: 50 }, (_, i) => ({
        mid: 1000 + i,
        biz: bizOf(1000 + i),
        name: `基准账号${i}`,
        wxid: `bench_${i}`,
        updated_at: NOW,
      })),
    );
    const member = await signUp(app.base);
    const key = (await member.post('/fbmain/api/v1/api_keys', { name: 'bench' })).body.data.key as string;
    await app.db.query('UPDATE users SET api_balance = 100000000');
    const mid = () => 1000 + Math.floor(Math.random() * 50);

    // Warm both paths once.
    await drive(200, concurrency, () => fetch(`${app.base}/fbmain/search/v1/mp_detail?mId=${mid()}`));
    await drive(200, concurrency, () =>
      fetch(`${app.base}/fbmain/openapi/v1/account?mid=${mid()}`, { headers: { 'X-Api-Key': key } }),
    );
    const ledgerCalls = async () =>
      Number(
        (
          await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM api_ledger WHERE kind = 'call'")
        )[0]?.n,
      );
    const before = await ledgerCalls();

    const base = await drive(n, concurrency, () =>
      fetch(`${app.base}/fbmain/search/v1/mp_detail?mId=${mid()}`),
    );
    const metered = await drive(n, concurrency, () =>
      fetch(`${app.base}/fbmain/openapi/v1/account?mid=${mid()}`, { headers: { 'X-Api-Key': key } }),
    );
    const debits = (await ledgerCalls()) - before;
    const fmt = (x: number) => x.toFixed(1);
    console.log(`calls=${n} concurrency=${concurrency} (PGlite for the ledger, chDB for the read)`);
    console.log(
      `unmetered mp_detail: ${fmt(base.rps)} req/s, p50 ${fmt(base.p50)} ms, p99 ${fmt(base.p99)} ms, ok ${base.ok}`,
    );
    console.log(
      `metered account:     ${fmt(metered.rps)} req/s, p50 ${fmt(metered.p50)} ms, p99 ${fmt(metered.p99)} ms, ok ${metered.ok}`,
    );
    console.log(`ledger debits for the metered run: ${debits} (successful calls ${metered.ok})`);
    if (debits !== metered.ok)
      throw new Error(`ledger holds ${debits} debits for ${metered.ok} successful calls`);
    console.log(
      `RESULT openapi calls=${n} metered_rps=${Math.round(metered.rps)} unmetered_rps=${Math.round(base.rps)} ` +
        `metered_p99_ms=${fmt(metered.p99)} ratio_to_unmetered=${(metered.rps / base.rps).toFixed(2)} ledger_exact=1`,
    );
  } finally {
    await app.close();
  }
}

import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import { rsa2Sign } from '../members/payments';
import { findPackage } from '../members/pricing';
import type { MemberDb } from '../postgres/db';
import { ADMIN_PHONE, type Client, hiddenFields, memberEngines, nextPhone, signUp } from './members-harness';
import { openServedAppOn } from './served-app';

/**
 * The API balance ledger after a random concurrent workload, over real HTTP on PGlite and on the PostgreSQL server:
 * members make charged open-API calls (found: charged; not found: charged then refunded; balance short: refused),
 * pay recharges through the sandbox Alipay callback (duplicated, concurrent, replayed, on both callback routes, with
 * forgeries that must be refused), declare bank transfers an admin confirms (twice at once, or racing the online
 * payment of the same order), and one member deletes their account. Then, for every member: the balance was never
 * seen below 0, it equals the sum of their ledger (each row's balance_after is the running sum), every paid order is
 * credited exactly once and no other, every charged call has exactly one debit row (and a refund when it found
 * nothing), and refused calls have none. LEDGER_SEED=<n> replays a run; the seed is printed.
 */

const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const A = '/fbmain/account/v1';
const API = '/fbmain/api/v1';
const CALLBACKS = ['/fbmain/pay/callback/alipay', `${API}/api_pay_callback`];
const MID = 4242;
const MISSING = 4243;
const TRIAL = 10;
const OPS_PER_MEMBER = 40;
const IN_FLIGHT = 6;
const RECHARGE = findPackage('api_1k');
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`[ledger-reconcile] seed ${SEED} (LEDGER_SEED=${SEED} replays the workload)`);

/** mulberry32: a small seeded PRNG, so a failing workload can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

type Role = 'poor' | 'mixed' | 'leaver';
type Op = 'hit' | 'miss' | 'online' | 'transfer' | 'forged' | 'poll';

interface Member {
  role: Role;
  client: Client;
  key: string;
  userId: number;
  password: string;
  /** Every tagged open-API call and the HTTP status it got. */
  calls: Map<string, { kind: 'hit' | 'miss'; status: number }>;
  /** Every order placed, and whether a valid payment path was taken for it. */
  orders: Map<string, { paidExpected: boolean }>;
  /** Every signed notification delivered, for the final replay. */
  notifications: Record<string, string>[];
  observed: number[];
}

const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(fields).toString(),
  });

/** Runs tasks with at most `n` in flight. */
async function pool(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) await (tasks[next++] as () => Promise<void>)();
    }),
  );
}

describe.each(await memberEngines())(
  'the API ledger reconciles after a random workload on $name',
  ({ name, skip }) => {
    let base = '';
    let db: MemberDb;
    let close = async () => {};
    let admin: Client;
    beforeAll(async () => {
      if (skip) return;
      const app = await openServedAppOn(name, 'ledger', NOW, {
        ADMIN_PHONES: ADMIN_PHONE,
        API_TRIAL_QUOTA: String(TRIAL),
        TRANSFER_ACCOUNT_NAME: '某某数据科技有限公司',
        TRANSFER_BANK: '招商银行北京分行',
        TRANSFER_ACCOUNT_NO: '1109 0000 1234 5678',
      });
      ({ base, db, close } = app);
      await app.store.insert('accounts', [
        { mid: MID, biz: 'NDI0Mg==', name: '对账测试号', updated_at: NOW },
      ]);
      admin = await signUp(base, ADMIN_PHONE);
    }, 60_000);
    afterAll(() => close());

    it.skipIf(skip)(
      'balances never go negative and equal the ledger; orders credit once; calls debit once',
      async () => {
        const started = Date.now();
        const rnd = prng(SEED);
        const roles: Role[] = ['poor', 'poor', 'mixed', 'mixed', 'mixed', 'leaver'];
        const members: Member[] = [];
        for (const role of roles) {
          const password = `pw${rnd.int(1e9)}x`;
          const phone = nextPhone();
          const client = await signUp(base, phone, password);
          const key = (await client.post(`${API}/api_keys`, { name: role })).body.data.key as string;
          const [u] = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
          members.push({
            role,
            client,
            key,
            userId: Number(u?.id),
            password,
            calls: new Map(),
            orders: new Map(),
            notifications: [],
            observed: [],
          });
        }

        const forgeriesOf = (n: Record<string, string>): Record<string, string>[] => [
          { ...n, total_amount: '9999.00' }, // tampered after signing
          { ...n, sign: rsa2Sign(n, stranger) }, // signed by someone else
          { ...n, sign: '' }, // unsigned
          (() => {
            const f = { ...n, total_amount: '0.01', receipt_amount: '0.01', buyer_pay_amount: '0.01' };
            return { ...f, sign: rsa2Sign(f, stranger) };
          })(),
        ];
        const refused: string[] = [];
        const forge = async (n: Record<string, string>) => {
          const f = forgeriesOf(n)[rnd.int(4)] as Record<string, string>;
          const r = await postForm(`${base}${CALLBACKS[rnd.int(2)]}`, f);
          const text = await r.text();
          if (r.status !== 400 || text !== 'failure') refused.push(`${r.status} ${text}`);
        };
        /** An API recharge order and the signed notification its sandbox cashier carries. */
        const newOrder = async (m: Member) => {
          const o = await m.client.post(`${API}/api_create_order`, { package_id: 'api_1k' });
          expect(o.body.error_code, o.text).toBe(0);
          const notify = hiddenFields(await (await fetch(o.body.data.pay_url)).text());
          expect(notify.out_trade_no).toBe(o.body.data.out_trade_no);
          return { no: o.body.data.out_trade_no as string, notify };
        };
        const deliver = async (m: Member, notify: Record<string, string>) => {
          m.notifications.push(notify);
          const r = await postForm(`${base}${CALLBACKS[rnd.int(2)]}`, notify);
          expect(await r.text()).toBe('success');
        };
        const observe = (m: Member, v: unknown) => m.observed.push(Number(v));

        const run = async (m: Member, op: Op, tag: string) => {
          if (op === 'hit' || op === 'miss') {
            const mid = op === 'hit' ? MID : MISSING;
            const r = await fetch(`${base}/fbmain/openapi/v1/account?mid=${mid}&t=${tag}`, {
              headers: { 'X-Api-Key': m.key },
            });
            const body = (await r.json()) as { error_code: number; msg: string; remaining?: number };
            m.calls.set(tag, { kind: op, status: r.status });
            if (r.status === 402) expect(body).toEqual({ error_code: 40201, msg: M.API_BALANCE_EMPTY });
            if (r.status === 200) observe(m, body.remaining);
            return;
          }
          if (op === 'poll') {
            observe(m, (await m.client.get(`${A}/user_remaining_amount`)).body.data.remaining);
            return;
          }
          const { no, notify } = await newOrder(m);
          if (op === 'forged') {
            // Only forgeries for this order: it must stay unpaid.
            m.orders.set(no, { paidExpected: false });
            await Promise.all(Array.from({ length: 1 + rnd.int(3) }, () => forge(notify)));
            return;
          }
          m.orders.set(no, { paidExpected: true });
          if (op === 'online') {
            // A forgery first or amid the genuine notification and its concurrent duplicates.
            const copies = 1 + rnd.int(4);
            await Promise.all([
              ...(rnd.chance(0.5) ? [forge(notify)] : []),
              ...Array.from({ length: copies }, () => deliver(m, notify)),
            ]);
            return;
          }
          // A bank transfer: the admin confirms it, twice at once, or while the order is also paid online.
          const sent = await m.client.post(`${A}/transfer_submit`, {
            out_trade_no: no,
            payer_name: '某某广告有限公司',
            reference: `HD-${tag}`,
          });
          expect(sent.body.error_code, sent.text).toBe(0);
          const confirm = () =>
            admin.post('/fbmain/admin/v1/transfer_review', { id: sent.body.data.id, action: 'confirm' });
          if (rnd.chance(0.3)) {
            const [c] = await Promise.all([confirm(), deliver(m, notify)]);
            expect([0, 40000]).toContain(c.body.error_code);
          } else {
            const answers = await Promise.all(Array.from({ length: 1 + rnd.int(3) }, confirm));
            expect(answers.filter((a) => a.body.error_code === 0)).toHaveLength(1);
            for (const a of answers.filter((x) => x.body.error_code !== 0))
              expect(a.body.msg).toBe('该转账已处理');
          }
        };

        const draw = (role: Role): Op => {
          const x = rnd.next();
          if (role === 'poor') return x < 0.7 ? 'hit' : x < 0.9 ? 'miss' : 'poll';
          if (role === 'leaver') return x < 0.6 ? 'hit' : x < 0.75 ? 'miss' : x < 0.9 ? 'online' : 'poll';
          return x < 0.5
            ? 'hit'
            : x < 0.62
              ? 'miss'
              : x < 0.74
                ? 'online'
                : x < 0.84
                  ? 'transfer'
                  : x < 0.92
                    ? 'forged'
                    : 'poll';
        };
        const plans = members.map((m, i) =>
          Array.from({ length: OPS_PER_MEMBER }, (_, j) => ({ op: draw(m.role), tag: `${i}-${j}` })),
        );
        const counts: Record<string, number> = {};
        for (const p of plans.flat()) counts[p.op] = (counts[p.op] ?? 0) + 1;
        console.log(`[ledger-reconcile] ${name}: ${members.length} members, ops ${JSON.stringify(counts)}`);

        // The balance as a member's page sees it, sampled all along the workload.
        let working = true;
        const sampler = (async () => {
          while (working) {
            for (const m of members)
              observe(m, (await m.client.get(`${A}/user_remaining_amount`)).body.data.remaining);
          }
        })();
        await Promise.all(
          members.map((m, i) =>
            pool(
              (plans[i] ?? []).map((p) => () => run(m, p.op, p.tag)),
              IN_FLIGHT,
            ),
          ),
        );

        working = false;
        await sampler;

        // The leaver deletes their account: the forfeited balance is a ledger row too.
        const leaver = members.find((m) => m.role === 'leaver') as Member;
        const gone = await leaver.client.post('/fbmain/user/v1/delete_account', {
          password: leaver.password,
          confirm_text: '确认注销',
        });
        expect(gone.body, gone.text).toEqual({ error_code: 0, msg: '账号已注销' });

        // Every genuine notification replayed once more: acknowledged, changes nothing.
        const before = await db.query('SELECT count(*)::int AS n FROM api_ledger');
        for (const m of members)
          for (const n of m.notifications) {
            const r = await postForm(`${base}${CALLBACKS[rnd.int(2)]}`, n);
            expect(await r.text()).toBe('success');
          }
        expect(await db.query('SELECT count(*)::int AS n FROM api_ledger')).toEqual(before);
        working = false;
        await sampler;

        expect(refused, 'forged notifications answered otherwise than 400 failure').toEqual([]);
        for (const m of members) {
          const who = `${m.role} #${m.userId}`;
          expect(m.observed.length).toBeGreaterThan(0);
          expect(Math.min(...m.observed), `${who}: lowest balance seen`).toBeGreaterThanOrEqual(0);

          const [u] = await db.query<{ api_balance: string }>('SELECT api_balance FROM users WHERE id = $1', [
            m.userId,
          ]);
          const rows = (
            await db.query<{ id: string; kind: string; amount: string; balance_after: string; ref: string }>(
              'SELECT id, kind, amount, balance_after, ref FROM api_ledger WHERE user_id = $1 ORDER BY id',
              [m.userId],
            )
          ).map((r) => ({
            ...r,
            id: Number(r.id),
            amount: Number(r.amount),
            after: Number(r.balance_after),
          }));
          // The balance is the ledger's sum, and each row's balance_after its running sum (rows commit in order).
          let sum = 0;
          for (const r of rows) {
            sum += r.amount;
            expect(r.after, `${who}: row ${r.id} (${r.kind})`).toBe(sum);
            expect(r.after).toBeGreaterThanOrEqual(0);
          }
          expect(Number(u?.api_balance), `${who}: balance vs ledger`).toBe(sum);
          if (m.role === 'leaver') expect(sum).toBe(0);
          expect(rows.filter((r) => r.kind === 'trial').map((r) => r.amount)).toEqual([TRIAL]);

          // Calls: one debit per answered call (its tag in the row's ref), a refund for each 404, none when refused.
          const debits = new Map<string, number[]>();
          for (const r of rows.filter((x) => x.kind === 'call')) {
            const tag = new URL(r.ref, 'http://x').searchParams.get('t') ?? '';
            debits.set(tag, [...(debits.get(tag) ?? []), r.id]);
          }
          const refunds = rows
            .filter((x) => x.kind === 'refund')
            .map((x) => Number(x.ref.replace('退还 #', '')));
          expect(new Set(refunds).size, `${who}: refunds of distinct debits`).toBe(refunds.length);
          let answered = 0;
          for (const [tag, c] of m.calls) {
            const ids = debits.get(tag) ?? [];
            if (c.status === 402) {
              expect(ids, `${who}: refused call ${tag}`).toEqual([]);
              continue;
            }
            expect(c.status, `${who}: call ${tag}`).toBe(c.kind === 'hit' ? 200 : 404);
            expect(ids, `${who}: call ${tag}`).toHaveLength(1);
            expect(refunds.includes(ids[0] as number), `${who}: refund of ${tag}`).toBe(c.kind === 'miss');
            answered++;
          }
          expect(debits.size, `${who}: debit rows without a call`).toBe(answered);
          expect(refunds.length).toBe([...m.calls.values()].filter((c) => c.status === 404).length);

          // Orders: each paid one credited exactly once with its package's calls; unpaid (forged-only) ones never.
          const credits = rows.filter((x) => x.kind === 'recharge');
          for (const [no, o] of m.orders) {
            const [row] = await db.query<{ status: string }>(
              'SELECT status FROM orders WHERE out_trade_no = $1',
              [no],
            );
            expect(row?.status, `${who}: order ${no}`).toBe(o.paidExpected ? 'paid' : 'pending');
            expect(
              credits.filter((c) => c.ref === no).map((c) => c.amount),
              `${who}: credits of ${no}`,
            ).toEqual(o.paidExpected ? [RECHARGE?.calls] : []);
          }
          expect(credits.length).toBe([...m.orders.values()].filter((o) => o.paidExpected).length);
          expect(rows.filter((x) => x.kind === 'forfeit')).toHaveLength(m.role === 'leaver' ? 1 : 0);
        }
        const statuses: Record<number, number> = {};
        for (const m of members)
          for (const c of m.calls.values()) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
        // The workload must have reached every outcome, or it proved little.
        expect(Object.keys(statuses).sort()).toEqual(['200', '402', '404']);
        console.log(
          `[ledger-reconcile] done engine=${name.replace(/\s+/g, '_')} seed=${SEED} members=${members.length} ops=${plans.flat().length} calls=${JSON.stringify(statuses).replace(/[{}"]/g, '').replace(/,/g, '/')} ms=${Date.now() - started}`,
        );
      },
      110_000,
    );
  },
);

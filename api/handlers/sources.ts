import QRCode from 'qrcode';
import { BudgetLedger } from '../../collectors/budget-ledger';
import { PgCredentialStore } from '../../collectors/credentials';
import { UpstreamError } from '../../collectors/http';
import { PgSourceChainStore } from '../../collectors/source-chain';
import { chainsInForce } from '../../collectors/source-wiring';
import { PgTierReports } from '../../collectors/tier-reports';
import { addReadingAccount, pollReadingLogin, startReadingLogin } from '../../collectors/weread-login';
import { contract } from '../../contract';
import type { SourcesAnswer } from '../../contract/shapes/sources';
import { beijingDateTime } from '../../core/periods';
import { CAPABILITIES, type Capability, parseChains, SOURCE_NAMES } from '../../core/source-chains';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted } from '../http/mount';
import { memberUpstreamLimit } from '../throttle';
import { me, memberForm } from './orders';

const UNAVAILABLE = '微信读书登录暂不可用：本进程未配置微信读书上游（WEREAD_URL 或上游地址）';

/**
 * 数据来源与额度 (/admin/sources): what the collectors spend and how fresh it keeps each tier, read from what every
 * collector writes to PostgreSQL (credentials, budgets, spend, tier reports), so any api process can answer; the
 * chain editor writes table source_chains, which collectors re-read every minute; a WeChat Reading account is
 * added by QR as docs/collectors.md describes.
 */
export function sourceHandlers(deps: ApiDeps): Mounted[] {
  const credentials = new PgCredentialStore(deps.db);
  const ledger = new BudgetLedger(deps.db);
  const chains = new PgSourceChainStore(deps.db);
  const tiers = new PgTierReports(deps.db);
  const settings = deps.sources ?? {
    UPSTREAM_CREDENTIALS: 'none',
    UPSTREAM_LIST_API: 'publish',
    SOURCE_CHAINS: undefined,
    wereadUrl: deps.upstream ?? null,
  };
  const time = (ms: number | null) => (ms === null ? null : beijingDateTime(ms));

  return [
    handle(contract.admin.sources, async (): Promise<SourcesAnswer> => {
      const now = deps.clock.now();
      const [inForce, table, creds, today, month, reports] = await Promise.all([
        chainsInForce(settings, chains),
        chains.load(),
        credentials.list(now),
        ledger.today(now),
        ledger.month(now),
        tiers.latest(),
      ]);
      const fromEnv = settings.SOURCE_CHAINS
        ? new Set(
            settings.SOURCE_CHAINS.split(';')
              .map((p) => p.split('=')[0]?.trim())
              .filter(Boolean),
          )
        : new Set<string>();
      const usedBy = new Map(today.filter((b) => b.scope === 'credential').map((b) => [b.key, b.used]));
      const pools = [...SOURCE_NAMES].map((source) => {
        const own = creds.filter((c) => c.source === source);
        const count = (state: string) => own.filter((c) => c.state === state).length;
        const last = Math.max(0, ...own.map((c) => c.lastSuccessAt ?? 0));
        const expiries = own.map((c) => c.expiresAt).filter((x): x is number => x !== null);
        return {
          source,
          credentials: own.length,
          active: count('active'),
          cooling: count('cooling'),
          expired: count('expired'),
          disabled: count('disabled'),
          banned: count('banned'),
          used_today: own.reduce((n, c) => n + (usedBy.get(String(c.id)) ?? 0), 0),
          cap_today: own.some((c) => c.dailyBudget === null)
            ? null
            : own.reduce((n, c) => n + (c.dailyBudget ?? 0), 0),
          requests: own.reduce((n, c) => n + c.requests, 0),
          failures: own.reduce((n, c) => n + c.failures, 0),
          freq_limited: own.reduce((n, c) => n + c.freqLimited, 0),
          last_success_at: last > 0 ? time(last) : null,
          soonest_expiry: expiries.length > 0 ? time(Math.min(...expiries)) : null,
        };
      });
      const spend = new Map(month.map((m) => [m.credentialId, m]));
      return {
        budgets_on: settings.UPSTREAM_CREDENTIALS === 'db',
        known_sources: [...SOURCE_NAMES],
        chains: CAPABILITIES.map((capability) => ({
          capability,
          chain: inForce[capability],
          set_by: table[capability] ? 'admin' : fromEnv.has(capability) ? 'env' : 'default',
        })),
        pools,
        egress: today
          .filter((b) => b.scope === 'egress')
          .map((b) => ({
            key: b.key === '' || b.key === '*' ? '默认出口' : b.key,
            used: b.used,
            cap: b.cap,
          })),
        paid: creds
          .filter((c) => c.source === 'paid')
          .map((c) => ({
            id: c.id,
            label: c.label,
            cost_fen: c.costFen,
            monthly_cap_fen: c.monthlyCapFen,
            spent_fen: spend.get(c.id)?.spentFen ?? 0,
            calls: spend.get(c.id)?.calls ?? 0,
            charged_failures: spend.get(c.id)?.chargedFailures ?? 0,
          })),
        tiers: reports.map((r) => ({
          collector: r.collector,
          tier: r.tier,
          accounts: r.accounts,
          target_s: r.targetS,
          planned_s: r.plannedS,
          stale_by_s: r.staleByS,
          discovered: r.discovered,
          p50_s: r.p50S,
          p95_s: r.p95S,
          reported_at: beijingDateTime(r.reportedAt),
        })),
      };
    }),

    handle(
      contract.admin.sourceChain,
      async (f, c) => {
        const capability = f.capability as Capability;
        if (f.chain === '') {
          await chains.clear(capability);
          const back = await chainsInForce(settings, chains);
          deps.log.info({ capability, admin: me(c).id }, 'source chain back to the default');
          return { capability, chain: back[capability] };
        }
        let chain: string[];
        try {
          chain = parseChains(`${capability}=${f.chain}`, await chainsInForce(settings, chains))[capability];
        } catch (e) {
          return fail(c, 400, Codes.BAD_INPUT, `来源链无效：${(e as Error).message}`);
        }
        await chains.set(capability, chain);
        deps.log.info({ capability, chain, admin: me(c).id }, 'source chain set by an admin');
        return { capability, chain };
      },
      memberForm,
    ),

    handle(contract.admin.wereadLogin, async (_, c) => {
      if (!settings.wereadUrl) return fail(c, 503, Codes.UNAVAILABLE, UNAVAILABLE);
      const limited = await memberUpstreamLimit(c, deps, me(c), 1);
      if (limited) return limited;
      try {
        const { uid, qrUrl } = await startReadingLogin(settings.wereadUrl);
        return { uid, qr_url: qrUrl, qr_image: await QRCode.toDataURL(qrUrl, { margin: 1, width: 240 }) };
      } catch (e) {
        return fail(c, 502, Codes.UNAVAILABLE, `微信读书暂不可用，无法生成二维码：${upstreamReason(e)}`);
      }
    }),

    handle(
      contract.admin.wereadLoginState,
      async (f, c) => {
        const base = settings.wereadUrl;
        if (!base) return fail(c, 503, Codes.UNAVAILABLE, UNAVAILABLE);
        const limited = await memberUpstreamLimit(c, deps, me(c), 1);
        if (limited) return limited;
        try {
          // The demo's simulator stands in for the admin's phone; a real upstream has no such path.
          if (f.demo_scan === '1') {
            if (!deps.demo) return fail(c, 400, Codes.BAD_INPUT, '只有演示模式可以模拟扫码');
            await fetch(new URL(`/__sim/weread/scan?uid=${encodeURIComponent(f.uid)}`, base), {
              method: 'POST',
            });
          }
          const login = await pollReadingLogin(base, f.uid);
          if (!login) return { state: 'waiting' as const, credential_id: null, name: '' };
          const id = await addReadingAccount(credentials, login, { dailyBudget: f.daily_budget });
          deps.log.info({ credential: id, admin: me(c).id }, 'reading account added by QR');
          return { state: 'added' as const, credential_id: id, name: login.name };
        } catch (e) {
          return fail(c, 400, Codes.BAD_INPUT, upstreamReason(e));
        }
      },
      memberForm,
    ),
  ];
}

/** An upstream failure in Chinese for the admin (the login helpers already phrase theirs). */
function upstreamReason(e: unknown): string {
  if (e instanceof UpstreamError && /[\u4e00-\u9fff]/.test(e.message)) return e.message;
  return '上游没有正常应答，请稍后再试';
}

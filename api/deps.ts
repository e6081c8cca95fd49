import type { Bus } from '../bus/bus';
import type { AnalyticsStore } from '../clickhouse/store';
import type { Clock } from '../core/clock';
import type { Config } from '../core/config';
import type { Logger } from '../core/log';
import type { RateLimiter } from '../core/rate-limiter';
import type { Members } from '../members/index';
import type { MemberDb } from '../postgres/db';
import type { HttpPolicy } from './http-guards';
import type { ListSettings } from './queries/lists';

/** What the API needs from the rest of the program; it never knows which engines sit behind. */
export interface ApiDeps {
  store: AnalyticsStore;
  db: MemberDb;
  /** Sessions, accounts, orders, payments and metering (members/). */
  members: Members;
  log: Logger;
  /** Where the API hands work to collectors (monitor.tasks); null when this process has no bus. */
  bus?: Bus | null;
  /** The platform clock (fixed in tests): "now" for history depth and the 7/30/90-day windows. */
  clock: Clock;
  /** This process's roles (ROLE), for the admin health page; absent in tests that build the app alone. */
  roles?: string[];
  /** True when the upstream is the simulator: the UI labels everything as demo data. */
  demo: boolean;
  /** Hosts the image proxy may fetch from (the upstream's and WeChat's image CDNs). */
  imageHosts: string[];
  /** Thresholds of 低粉爆文 and 今日热文 (settings; docs/analytics.md). */
  lists: ListSettings;
  /**
   * Base URL of the upstream the link tools fetch article pages from: the simulator in the demo, else
   * https://mp.weixin.qq.com. Absent: the link tools that need it answer 503.
   */
  upstream?: string | null;
  /** The site's own QR codes (customer service, user group), from SITE_SERVICE_QR / SITE_GROUP_QR. */
  siteQrcodes?: SiteQrcode[];
  /** Built dashboard folder. */
  dashboardDir: string;
  readiness: () => Promise<Readiness>;
  /** CORS origins and HTTPS (security headers); absent: no cross-origin access, no HSTS. */
  http?: HttpPolicy;
  /**
   * The counters of every rate limit (api/throttle.ts, the open API's per-key limit): Redis with REDIS_URL, else this
   * process. Absent (tests that build the app alone): an in-process one per app.
   */
  limiter?: RateLimiter;
  /** New accounts a free member may include per day (INCLUSION_DAILY_CAP; paid levels ten times); absent: 20. */
  inclusionDailyCap?: number;
  /** Bearer token /metrics requires (METRICS_TOKEN); absent: open (demo mode only on the api, core/demo-mode.ts). */
  metricsToken?: string | null;
  /**
   * How the collectors pick their sources (for the admin's sources page): the credentials mode, the chain settings
   * and where WeChat Reading's login lives. Absent (tests that build the app alone): the demo's defaults.
   */
  sources?: Pick<Config, 'UPSTREAM_CREDENTIALS' | 'UPSTREAM_LIST_API' | 'SOURCE_CHAINS'> & {
    wereadUrl: string | null;
  };
  /** Per-key limit of the open API (Redis-backed with REDIS_URL); absent: 600 a minute, counted in this process. */
  openApiLimit?: { limiter: RateLimiter; perMinute: number };
}

export interface SiteQrcode {
  kind: 'service' | 'group';
  title: string;
  /** What the code encodes (a 企业微信 customer-service link, a group invitation…). */
  text: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, boolean>;
}

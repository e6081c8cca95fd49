import { type Config, ConfigError } from './config';

/** WeChat's own host: an upstream there is the real one, anything else the simulator. */
export const WECHAT_UPSTREAM_HOST = 'mp.weixin.qq.com';

/**
 * Which demo stand-ins this process runs. Each one replaces a real service so `npm start` works end to end with
 * nothing configured; none of them may answer in production (issue #29 findings 1 and 12).
 */
export interface DemoMode {
  /** Demo mode: nothing production-like configured (DEMO_MODE=auto), or forced (DEMO_MODE=on). */
  on: boolean;
  /** Our QR confirm page in place of the WeChat / QQ authorization page (the client picks the identity). */
  qrConfirm: { wechat: boolean; qq: boolean };
  /** The sandbox cashier in place of Alipay (anyone can pay any pending order). */
  sandboxPay: boolean;
  /** SMS codes written to the log in place of Aliyun SMS. */
  consoleSms: boolean;
  /** Links built from the request's Host header in place of PUBLIC_URL. */
  hostLinks: boolean;
  /** /metrics on the api's public port without a bearer token (METRICS_TOKEN). */
  openMetrics: boolean;
  /** The WeChat simulator as the upstream: demo data. */
  simulatorUpstream: boolean;
}

const isSimulatorUrl = (url: string | undefined) =>
  url !== undefined && new URL(url).hostname !== WECHAT_UPSTREAM_HOST;

/** What in the configuration looks like production: a real provider, a real upstream, an https address. */
export function productionSignals(c: Config): string[] {
  const signals: string[] = [];
  if (c.WECHAT_APPID) signals.push('WECHAT_APPID');
  if (c.QQ_APPID) signals.push('QQ_APPID');
  if (c.ALIPAY_APP_ID) signals.push('ALIPAY_APP_ID');
  if (c.SMS_PROVIDER === 'aliyun') signals.push('SMS_PROVIDER=aliyun');
  if (c.SIMULATOR_URL && !isSimulatorUrl(c.SIMULATOR_URL)) signals.push(`SIMULATOR_URL=${c.SIMULATOR_URL}`);
  if (c.UPSTREAM_CREDENTIALS === 'db') signals.push('UPSTREAM_CREDENTIALS=db');
  if (c.PUBLIC_URL?.startsWith('https:')) signals.push(`PUBLIC_URL=${c.PUBLIC_URL}`);
  return signals;
}

/**
 * Decides the stand-ins of this process from DEMO_MODE and what is configured. Outside demo mode a stand-in that
 * would still be needed refuses the start with one line naming what to set; WeChat and QQ login are optional and
 * simply off without their Open Platform app.
 */
export function demoMode(c: Config): DemoMode {
  const signals = productionSignals(c);
  const on = c.DEMO_MODE === 'on' || (c.DEMO_MODE === 'auto' && signals.length === 0);
  const api = c.components.has('api');
  const upstreamIsSimulator =
    c.components.has('simulator') ||
    isSimulatorUrl(c.SIMULATOR_URL) ||
    // A collector without SIMULATOR_URL crawls the built-in simulator of its process (config.ts insists on one).
    (c.components.has('collector') && !c.SIMULATOR_URL);
  const needed = {
    sandboxPay: api && !c.ALIPAY_APP_ID,
    consoleSms: api && c.SMS_PROVIDER === 'console',
    hostLinks: api && !c.PUBLIC_URL,
    // The api's port is the public one; the other roles' ports are reachable only inside the deployment.
    openMetrics: api && !c.METRICS_TOKEN,
    simulatorUpstream: upstreamIsSimulator,
  };
  if (!on) {
    const missing = [
      needed.sandboxPay && '沙箱收银台（请设置 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY）',
      needed.consoleSms && '控制台短信（请设置 SMS_PROVIDER=aliyun 与 ALIYUN_SMS_*）',
      needed.hostLinks && '按请求的 Host 生成链接（请设置 PUBLIC_URL=https://…）',
      needed.openMetrics && '公开的 /metrics（请设置 METRICS_TOKEN）',
      needed.simulatorUpstream && '模拟器上游（请设置 SIMULATOR_URL=https://mp.weixin.qq.com）',
    ].filter((x): x is string => Boolean(x));
    if (missing.length > 0) {
      const why = c.DEMO_MODE === 'off' ? 'DEMO_MODE=off' : `检测到生产配置（${signals.join('、')}）`;
      throw new ConfigError(
        `配置错误 (configuration error): ${why}，但以下演示替身仍会运行：${missing.join('；')}。请补全配置，或设置 DEMO_MODE=on 明确以演示模式运行`,
      );
    }
  }
  return {
    on,
    qrConfirm: { wechat: on && api && !c.WECHAT_APPID, qq: on && api && !c.QQ_APPID },
    sandboxPay: on && needed.sandboxPay,
    consoleSms: on && needed.consoleSms,
    hostLinks: on && needed.hostLinks,
    openMetrics: on && needed.openMetrics,
    simulatorUpstream: on && needed.simulatorUpstream,
  };
}

/** The stand-ins that run, named for the start-up log line. */
export const standInNames = (d: DemoMode): string[] =>
  [
    d.qrConfirm.wechat && '微信扫码确认页',
    d.qrConfirm.qq && 'QQ 登录确认页',
    d.sandboxPay && '沙箱收银台',
    d.consoleSms && '控制台短信',
    d.hostLinks && '按 Host 生成链接',
    d.openMetrics && '公开的 /metrics',
    d.simulatorUpstream && '模拟器上游',
  ].filter((x): x is string => Boolean(x));

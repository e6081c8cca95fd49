import type { Config } from '../core/config';
import { type DemoMode, demoMode } from '../core/demo-mode';
import type { Logger } from '../core/log';
import type { MemberDb } from '../postgres/db';
import { Accounts } from './accounts';
import { ApiKeys } from './api-keys';
import { Metering } from './metering';
import { type OAuthAdapter, type OAuthProvider, QqConnectAdapter, WechatOpenAdapter } from './oauth';
import { Orders } from './orders';
import { type AlipayConfig, realAlipay, sandboxAlipay } from './payments';
import { QrLogins } from './qr-login';
import { LoginLimiter } from './rate-limit';
import { Sessions } from './sessions';
import { AliyunSms, ConsoleSms, type SmsProvider, VerificationCodes } from './sms';

/** Everything the member routes use, built once per process from the configuration. */
export interface Members {
  db: MemberDb;
  sessions: Sessions;
  accounts: Accounts;
  codes: VerificationCodes;
  qr: QrLogins;
  /** Real OAuth adapters by provider; a missing one means the demo confirm page stands in (demo mode) or no login. */
  oauth: Partial<Record<OAuthProvider, OAuthAdapter>>;
  /** The stand-ins of this process (core/demo-mode.ts): the QR confirm page, the sandbox, Host-built links. */
  demo: DemoMode;
  alipay: AlipayConfig;
  orders: Orders;
  apiKeys: ApiKeys;
  metering: Metering;
  /** Fixed public base URL (PUBLIC_URL); otherwise, in demo mode only, links are built from the request's origin. */
  publicUrl: string | null;
  /** Reverse proxies in front of the api (TRUST_PROXY); above 0 the client address comes from X-Forwarded-For. */
  trustedProxies: number;
  /** Payee account for bank transfers (TRANSFER_*); null when this deployment does not take them. */
  transfer: TransferAccount | null;
}

export interface TransferAccount {
  accountName: string;
  bank: string;
  accountNo: string;
}

export type MemberConfig = Pick<
  Config,
  | 'DEMO_MODE'
  | 'PUBLIC_URL'
  | 'SMS_PROVIDER'
  | 'SMS_DAILY_CAP'
  | 'ALIYUN_SMS_ACCESS_KEY_ID'
  | 'ALIYUN_SMS_ACCESS_KEY_SECRET'
  | 'ALIYUN_SMS_SIGN_NAME'
  | 'ALIYUN_SMS_TEMPLATE_CODE'
  | 'WECHAT_APPID'
  | 'WECHAT_SECRET'
  | 'QQ_APPID'
  | 'QQ_APPKEY'
  | 'ALIPAY_APP_ID'
  | 'ALIPAY_PRIVATE_KEY'
  | 'ALIPAY_PUBLIC_KEY'
  | 'ALIPAY_GATEWAY'
  | 'ADMIN_PHONES'
  | 'API_TRIAL_QUOTA'
  | 'TRUST_PROXY'
  | 'TRANSFER_ACCOUNT_NAME'
  | 'TRANSFER_BANK'
  | 'TRANSFER_ACCOUNT_NO'
>;

export async function createMembers(
  db: MemberDb,
  c: Config,
  log: Logger,
  demo: DemoMode = demoMode(c),
): Promise<Members> {
  // demoMode() refused the start when a stand-in below would be needed outside demo mode; these throws only guard it.
  const standIn = (on: boolean, what: string) => {
    if (!on) throw new Error(`${what} is a demo stand-in and demo mode is off`);
  };
  if (c.SMS_PROVIDER === 'console') standIn(demo.consoleSms, 'console SMS');
  const sms: SmsProvider =
    c.SMS_PROVIDER === 'aliyun'
      ? new AliyunSms({
          accessKeyId: c.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
          accessKeySecret: c.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
          signName: c.ALIYUN_SMS_SIGN_NAME ?? '',
          templateCode: c.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        })
      : new ConsoleSms(log.child({ component: 'sms' }));
  if (!(c.ALIPAY_APP_ID && c.ALIPAY_PRIVATE_KEY && c.ALIPAY_PUBLIC_KEY))
    standIn(demo.sandboxPay, 'the sandbox cashier');
  if (!c.PUBLIC_URL) standIn(demo.hostLinks, 'Host-built links');
  const sessions = new Sessions(db);
  const codes = new VerificationCodes(db, sms, c.SMS_DAILY_CAP, log);
  const qr = new QrLogins(db);
  const oauth: Members['oauth'] = {};
  if (c.WECHAT_APPID && c.WECHAT_SECRET)
    oauth.wechat = new WechatOpenAdapter(c.WECHAT_APPID, c.WECHAT_SECRET);
  if (c.QQ_APPID && c.QQ_APPKEY) oauth.qq = new QqConnectAdapter(c.QQ_APPID, c.QQ_APPKEY);
  const alipay =
    c.ALIPAY_APP_ID && c.ALIPAY_PRIVATE_KEY && c.ALIPAY_PUBLIC_KEY
      ? realAlipay({
          appId: c.ALIPAY_APP_ID,
          privateKey: c.ALIPAY_PRIVATE_KEY,
          publicKey: c.ALIPAY_PUBLIC_KEY,
          gateway: c.ALIPAY_GATEWAY,
        })
      : await sandboxAlipay(db);
  const adminPhones = c.ADMIN_PHONES.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  // ADMIN_PHONES is the one source of admin rights: existing accounts follow it at every start. Only a phone
  // proven by an SMS code counts: a WeChat user may type any number without one.
  await db.query(
    `UPDATE users SET is_admin = COALESCE(phone = ANY($1::text[]) AND phone_verified, false)
     WHERE is_admin <> COALESCE(phone = ANY($1::text[]) AND phone_verified, false)`,
    [adminPhones],
  );
  const accounts = new Accounts({
    db,
    log,
    sessions,
    codes,
    qr,
    limiter: new LoginLimiter(db),
    trialQuota: c.API_TRIAL_QUOTA,
    adminPhones: new Set(adminPhones),
  });
  return {
    db,
    sessions,
    accounts,
    codes,
    qr,
    oauth,
    demo,
    alipay,
    orders: new Orders(db, alipay),
    apiKeys: new ApiKeys(db),
    metering: new Metering(db),
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    trustedProxies: c.TRUST_PROXY,
    // All three or nothing: a payee without its bank or number would send money nowhere.
    transfer:
      c.TRANSFER_ACCOUNT_NAME && c.TRANSFER_BANK && c.TRANSFER_ACCOUNT_NO
        ? { accountName: c.TRANSFER_ACCOUNT_NAME, bank: c.TRANSFER_BANK, accountNo: c.TRANSFER_ACCOUNT_NO }
        : null,
  };
}

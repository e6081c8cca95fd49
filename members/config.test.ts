import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../core/config';

describe('member settings', () => {
  it('defaults to the demo providers', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      SMS_PROVIDER: 'console',
      SMS_DAILY_CAP: 10,
      API_TRIAL_QUOTA: 100,
      TRUST_PROXY: 0,
      ADMIN_PHONES: '',
    });
    expect(c.WECHAT_APPID).toBeUndefined();
  });

  it('refuses half-configured providers and bad values with one line naming them', () => {
    expect(() => loadConfig({ WECHAT_APPID: 'wx1' })).toThrow(
      /WECHAT_SECRET="" 无效：需要与 WECHAT_APPID、WECHAT_SECRET 一起设置/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021' })).toThrow(/ALIPAY_PRIVATE_KEY/);
    expect(() => loadConfig({ ADMIN_PHONES: '13800000000,123' })).toThrow(
      /ADMIN_PHONES="13800000000,123" 无效：必须是逗号分隔的手机号/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/必须是 console 或 aliyun/);
    expect(loadConfig({ TRUST_PROXY: '1', QQ_APPID: 'q', QQ_APPKEY: 'k' })).toMatchObject({
      TRUST_PROXY: 1,
      QQ_APPID: 'q',
    });
    // A count of proxies, not a switch: the old `true` is refused rather than read as some number.
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['true', '-1', '1.5', '11'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY=.* 无效：必须是 0–10 的整数/);
  });
});

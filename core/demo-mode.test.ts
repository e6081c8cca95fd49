import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { demoMode, productionSignals } from './demo-mode';

const PRODUCTION = {
  ROLE: 'api',
  PUBLIC_URL: 'https://gzh.example.com',
  METRICS_TOKEN: 'x'.repeat(24),
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: 'k',
  ALIPAY_PUBLIC_KEY: 'k',
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'k',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
  ALIYUN_SMS_SIGN_NAME: 'n',
  ALIYUN_SMS_TEMPLATE_CODE: 't',
};

describe('demoMode', () => {
  it('is on with nothing configured, every stand-in running', () => {
    const d = demoMode(loadConfig({}));
    expect(d).toEqual({
      on: true,
      qrConfirm: { wechat: true, qq: true },
      sandboxPay: true,
      consoleSms: true,
      hostLinks: true,
      openMetrics: true,
      simulatorUpstream: true,
    });
  });

  it('is off in a complete production configuration: no stand-in, WeChat/QQ login off without their apps', () => {
    const c = loadConfig(PRODUCTION);
    expect(productionSignals(c)).toEqual([
      'ALIPAY_APP_ID',
      'SMS_PROVIDER=aliyun',
      'PUBLIC_URL=https://gzh.example.com',
    ]);
    expect(demoMode(c)).toEqual({
      on: false,
      qrConfirm: { wechat: false, qq: false },
      sandboxPay: false,
      consoleSms: false,
      hostLinks: false,
      openMetrics: false,
      simulatorUpstream: false,
    });
  });

  it('counts WeChat as the upstream a real one, any other SIMULATOR_URL the simulator', () => {
    const kafka = { KAFKA_BROKERS: 'kafka:9092', ROLE: 'collector' };
    const real = loadConfig({
      ...kafka,
      SIMULATOR_URL: 'https://mp.weixin.qq.com',
      UPSTREAM_CREDENTIALS: 'db',
    });
    expect(demoMode(real)).toMatchObject({ on: false, simulatorUpstream: false });
    expect(() =>
      demoMode(loadConfig({ ...kafka, SIMULATOR_URL: 'http://simulator:8090', DEMO_MODE: 'off' })),
    ).toThrow(/模拟器上游（请设置 SIMULATOR_URL=https:\/\/mp\.weixin\.qq\.com）/);
  });

  it('refuses a production-looking start that keeps a stand-in, in one line, unless forced on', () => {
    const partial = { ROLE: 'api', PUBLIC_URL: 'https://gzh.example.com' };
    expect(() => demoMode(loadConfig(partial))).toThrow(
      /^配置错误 \(configuration error\): 检测到生产配置（PUBLIC_URL=https:\/\/gzh\.example\.com），但以下演示替身仍会运行：沙箱收银台.*控制台短信.*METRICS_TOKEN.*DEMO_MODE=on/,
    );
    const forced = demoMode(loadConfig({ ...partial, DEMO_MODE: 'on' }));
    expect(forced).toMatchObject({ on: true, sandboxPay: true, consoleSms: true, hostLinks: false });
    // A real provider replaces its own stand-in even in demo mode.
    expect(demoMode(loadConfig({ ...PRODUCTION, DEMO_MODE: 'on' }))).toMatchObject({
      on: true,
      sandboxPay: false,
      consoleSms: false,
      qrConfirm: { wechat: true, qq: true },
    });
    expect(
      demoMode(loadConfig({ ...PRODUCTION, WECHAT_APPID: 'wx', WECHAT_SECRET: 's', DEMO_MODE: 'on' }))
        .qrConfirm,
    ).toEqual({
      wechat: false,
      qq: true,
    });
  });
});

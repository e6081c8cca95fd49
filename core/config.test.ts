import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded engines', () => {
    const c = loadConfig({});
    expect(c.ROLE).toEqual(['all']);
    expect([...c.components].sort()).toEqual(['api', 'collector', 'simulator', 'stream']);
    expect(c.KAFKA_BROKERS).toBeUndefined();
    expect(c.CLICKHOUSE_URL).toBeUndefined();
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SIMULATOR_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.clockFixedMs).toBeNull();
    expect(c.INCLUSION_DAILY_CAP).toBe(20);
    expect(loadConfig({ INCLUSION_DAILY_CAP: '3' }).INCLUSION_DAILY_CAP).toBe(3);
    expect(() => loadConfig({ INCLUSION_DAILY_CAP: '0' })).toThrow(
      /INCLUSION_DAILY_CAP="0" 无效：必须是 1–100000 的整数/,
    );
  });

  it('takes the role from the command line over ROLE', () => {
    expect(loadConfig({ ROLE: 'api' }, 'simulator').ROLE).toEqual(['simulator']);
  });

  it('combines roles, and runs collector or stream alone only on Kafka', () => {
    const kafka = { KAFKA_BROKERS: '127.0.0.1:19092, kafka-0.kafka:9092' };
    expect([...loadConfig({ ...kafka, ROLE: 'api,stream' }).components]).toEqual(['api', 'stream']);
    expect(loadConfig(kafka).KAFKA_BROKERS).toEqual(['127.0.0.1:19092', 'kafka-0.kafka:9092']);
    expect(() => loadConfig({ ROLE: 'stream' })).toThrow(/KAFKA_BROKERS/);
    expect(() => loadConfig({ ...kafka, ROLE: 'collector' })).toThrow(/SIMULATOR_URL/);
    expect(
      loadConfig({ ...kafka, ROLE: 'collector', SIMULATOR_URL: 'http://sim:8090' }).components.has(
        'collector',
      ),
    ).toBe(true);
    expect(() => loadConfig({ CLICKHOUSE_CLUSTER: 'gzh' })).toThrow(/CLICKHOUSE_URL/);
    expect([...loadConfig({ SIMULATOR_URL: 'http://sim:8090' }).components]).not.toContain('simulator');
  });

  it('reads DEMO_MODE (auto by default) and METRICS_TOKEN', () => {
    expect(loadConfig({}).DEMO_MODE).toBe('auto');
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DEMO_MODE: 'off', METRICS_TOKEN: 'a'.repeat(32) })).toMatchObject({
      DEMO_MODE: 'off',
      METRICS_TOKEN: 'a'.repeat(32),
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('parses a fixed clock', () => {
    expect(loadConfig({ CLOCK: 'fixed:2026-11-01T12:00:00+08:00' }).clockFixedMs).toBe(
      Date.parse('2026-11-01T04:00:00Z'),
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['ROLE', 'worker'],
    ['SIM_ACCOUNTS', '0'],
    ['CLOCK', 'fixed:yesterday'],
    ['SIMULATOR_URL', 'ftp://x'],
    ['DATABASE_URL', 'not a url'],
    ['KAFKA_BROKERS', 'localhost'],
    ['CLICKHOUSE_URL', 'tcp://ch:9000'],
    ['CLICKHOUSE_CLUSTER', 'a b'],
    ['KAFKA_SESSION_TIMEOUT_S', '5'],
    ['DEMO_MODE', 'yes'],
    ['METRICS_TOKEN', 'short'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    let err: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toContain(`${name}=`);
    expect(msg).not.toContain('\n');
  });
});

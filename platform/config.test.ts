import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded engines', () => {
    const c = loadConfig({});
    expect(c.ROLE).toBe('all');
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SIMULATOR_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.clockFixedMs).toBeNull();
  });

  it('takes the role from the command line over ROLE', () => {
    expect(loadConfig({ ROLE: 'api' }, 'simulator').ROLE).toBe('simulator');
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

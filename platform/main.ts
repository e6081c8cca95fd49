import { ClickHouseUnreachableError } from '../clickhouse/open';
import { type Config, ConfigError, loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { DatabaseUnavailableError } from '../postgres/db';
import { StartupError, startPlatform } from './platform';

/** Entry point: `tsx platform/main.ts [role]`; the role may also come from ROLE. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, process.argv[2]);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL, { role: config.ROLE.join(',') });
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  try {
    // The demo's simulator answers from its own thread, on the other core, as a real upstream would from elsewhere.
    platform = await startPlatform(config, log, { simulatorThread: true });
  } catch (e) {
    // Expected start-up failures get one clear line; anything else is a bug and is logged in full.
    if (
      e instanceof ConfigError ||
      e instanceof DatabaseUnavailableError ||
      e instanceof ClickHouseUnreachableError ||
      e instanceof StartupError
    ) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    log.fatal({ err: e }, 'start-up failed');
    process.exit(1);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining the bus and closing stores');
    const timer = setTimeout(() => {
      log.error({ timeoutS: config.SHUTDOWN_TIMEOUT_S }, 'shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_S * 1000);
    timer.unref();
    platform.stop().then(
      () => {
        log.info('stopped cleanly');
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();

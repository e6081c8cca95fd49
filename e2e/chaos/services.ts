import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../platform/platform';
import { KAFKA_TEST_BROKERS } from '../kafka';
import { throwawayDatabase } from '../postgres';

/**
 * The chaos run's own PostgreSQL cluster and Kafka broker: it restarts both, so it must never touch the shared
 * servers (5432, 19092) other tests use at the same time.
 */

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A port nothing listens on now (and, for Kafka, the next one too: its controller listener), chosen below the
 * kernel's ephemeral range: the role binds it seconds later and binds it again after each kill, and a port from the
 * ephemeral range can meanwhile be handed to any `listen(0)` or outgoing connection of the tests running beside it.
 */
export async function freePort(pair = false): Promise<number> {
  const ephemeralLow = Number(
    readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0] ?? 32768,
  );
  const high = Math.min(ephemeralLow, 32768) - 2;
  const low = 20_000;
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if ((await free(port)) && (!pair || (await free(port + 1)))) return port;
  }
}

export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private asPostgres: string[],
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** initdb refuses root: the cluster then belongs to the postgres user and its tools run as that user. */
  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(path.join(tmpdir(), 'gzh-chaos-pg-'));
    const root = process.getuid?.() === 0;
    let asPostgres: string[] = [];
    if (root) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
      chmodSync(dir, 0o700);
      asPostgres = ['runuser', '-u', 'postgres', '--'];
    }
    const pg = new PrivatePostgres(dir, await freePort(), asPostgres);
    await pg.tool('initdb', [
      '-D',
      pg.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await pg.up();
    return pg;
  }

  private get data() {
    return path.join(this.dir, 'data');
  }

  private async tool(name: string, args: string[]) {
    const [cmd, ...pre] = this.asPostgres.length ? this.asPostgres : [path.join(PG_BIN, name)];
    const full = this.asPostgres.length ? [...pre, path.join(PG_BIN, name), ...args] : args;
    await run(cmd as string, full, { timeout: 120_000 });
  }

  async up(): Promise<void> {
    await this.tool('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** Immediate mode: no checkpoint, clients cut off, crash recovery at the next start (as after a crash). */
  async down(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A single-node KRaft broker run by scripts/kafka-local.sh on a private port (its cached distribution). */
export class PrivateKafka {
  private constructor(readonly port: number) {}

  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }

  private get runDir() {
    return path.join(process.env.KAFKA_HOME ?? path.join(homedir(), '.cache/gzh-kafka'), `run-${this.port}`);
  }

  static async start(): Promise<PrivateKafka> {
    const k = new PrivateKafka(await freePort(true));
    await k.up();
    return k;
  }

  private script(cmd: 'start' | 'stop') {
    return run('bash', [path.join(REPO_ROOT, 'scripts/kafka-local.sh'), cmd], {
      env: { ...process.env, KAFKA_PORT: String(this.port) },
      timeout: 180_000,
    });
  }

  async up(): Promise<void> {
    await this.script('start');
  }

  /** SIGKILL of the broker: no controlled shutdown, the log is recovered at the next start. */
  async kill(): Promise<void> {
    const pid = Number(readFileSync(path.join(this.runDir, 'kafka.pid'), 'utf8').trim());
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await sleep(100);
    }
    rmSync(path.join(this.runDir, 'kafka.pid'), { force: true });
  }

  async destroy(): Promise<void> {
    await this.script('stop').catch(() => {});
    rmSync(this.runDir, { recursive: true, force: true });
  }
}

/** The suite's shared PostgreSQL server, as the chaos run uses a private one: a throwaway database on it. */
export async function sharedPostgres(): Promise<Pick<PrivatePostgres, 'url' | 'up' | 'down' | 'destroy'>> {
  const db = await throwawayDatabase();
  const refuse = async () => {
    throw new Error('the shared PostgreSQL server is not restarted by a chaos run');
  };
  return { url: db.url, up: refuse, down: refuse, destroy: db.drop };
}

/** The suite's shared broker (`npm run kafka:local`), as the chaos run uses a private one. */
export async function sharedKafka(): Promise<Pick<PrivateKafka, 'brokers' | 'up' | 'kill' | 'destroy'>> {
  const refuse = async () => {
    throw new Error('the shared broker is not restarted by a chaos run');
  };
  return { brokers: KAFKA_TEST_BROKERS.join(','), up: refuse, kill: refuse, destroy: async () => {} };
}

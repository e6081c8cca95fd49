import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { KAFKA_TEST_BROKERS, kafkaTestGate, uniquePrefix } from '../e2e/kafka';
import { type Platform, startPlatform } from '../platform/platform';
import { render } from './render';
import { APP_IMAGE, ROOTS } from './validate';

/**
 * The probes of every program container in the manifests, tried against the real program: each role
 * the manifests run is started (on local engines, with the local Kafka where the role needs one) and
 * every probe path is requested on the port the probe names.
 */
type Any = any;
interface Probe {
  where: string;
  role: string;
  kind: string;
  path: string;
}
const probes: Probe[] = [];
for (const root of ROOTS)
  for (const o of render(path.join(import.meta.dirname, root)) as Any[]) {
    for (const c of (o.spec?.template?.spec?.containers ?? []) as Any[]) {
      if (!String(c.image).startsWith(APP_IMAGE)) continue;
      for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe'])
        probes.push({
          where: `${root} ${o.kind}/${o.metadata.name}`,
          role: c.args[0],
          kind,
          path: c[kind].httpGet.path,
        });
    }
  }
const roles = [...new Set(probes.map((p) => p.role))];

const log = createLogger('silent');
const kafka = await kafkaTestGate('k8s probe tests');
const running: Platform[] = [];
afterAll(async () => {
  for (const p of running.reverse()) await p.stop();
});

async function start(role: string, env: Record<string, string>): Promise<Platform> {
  const config = loadConfig(
    {
      HOST: '127.0.0.1',
      PORT: '0',
      SIMULATOR_PORT: '0',
      DATA_DIR: tempDir(`k8s-${role}`),
      SIM_ACCOUNTS: '3',
      CRAWL_DAYS: '1',
      CRAWL_PAGES: '0',
      ...env,
    },
    role,
  );
  const p = await startPlatform(config, log);
  running.push(p);
  return p;
}

describe('the manifests run roles the program has', () => {
  it('lists the roles', () => {
    expect(roles.sort()).toEqual(['all', 'api', 'collector', 'simulator', 'stream']);
  });
});

describe.runIf(kafka)('every probe path answers in the role that serves it', () => {
  const prefix = uniquePrefix('k8s');
  const busEnv = {
    KAFKA_BROKERS: KAFKA_TEST_BROKERS.join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_PARTITIONS: '3',
  };

  it('liveness and startup paths answer 200; readiness answers 200 or 503 with its checks', async () => {
    // chDB opens one data directory per process, so the roles on it run one after another.
    const simulator = await start('simulator', {});
    const envs: Record<string, Record<string, string>> = {
      stream: busEnv,
      collector: { ...busEnv, SIMULATOR_URL: simulator.url as string },
      api: busEnv,
      all: {},
    };
    const check = async (role: string, url: string) => {
      for (const p of probes.filter((x) => x.role === role)) {
        const res = await fetch(`${url}${p.path}`);
        if (p.kind === 'readinessProbe') {
          expect([200, 503], `${p.where} ${p.kind} ${p.path}`).toContain(res.status);
          if (role !== 'simulator') expect(Object.keys((await res.json()).checks).length).toBeGreaterThan(0);
        } else expect(res.status, `${p.where} ${p.kind} ${p.path}`).toBe(200);
      }
      // A path no role serves is a 404, so the assertions above can fail.
      expect((await fetch(`${url}/ready`)).status).toBe(404);
    };
    await check('simulator', simulator.url as string);
    for (const [role, env] of Object.entries(envs)) {
      const p = await start(role, env);
      await check(role, p.url as string);
      await p.stop();
      running.splice(running.indexOf(p), 1);
    }
  }, 180_000);

  it('creates the topics with KAFKA_PARTITIONS partitions (the size the KEDA ceiling is checked against)', async () => {
    const admin = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const meta = await admin.fetchTopicMetadata({ topics: [`${prefix}snapshots`] });
      expect(meta.topics[0]?.partitions.length).toBe(3);
    } finally {
      await admin.disconnect();
    }
  });
});

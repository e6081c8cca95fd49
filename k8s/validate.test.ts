import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type K8sObject, render } from './render';
import { unknownFields } from './strict-fields';
import { busSubscriptions, type Subscription } from './subscriptions';
import { checkDockerfile, checkRendered, ROOTS, schemaErrors, validateAll } from './validate';

const REPO = path.resolve(import.meta.dirname, '..');
const version = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version as string;
let subs: Subscription[];
beforeAll(async () => {
  subs = await busSubscriptions();
});

type Any = any;
const find = (objs: K8sObject[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata.name === name) as Any;
const container = (objs: K8sObject[], kind: string, name: string) =>
  find(objs, kind, name).spec.template.spec.containers[0];
const env = (c: Any, name: string) => c.env.find((e: Any) => e.name === name);

/** Renders production, breaks it with `mutate`, and returns the checks' errors. */
function broken(mutate: (objs: K8sObject[]) => void, root = 'overlays/large'): string[] {
  const objs = render(path.join(import.meta.dirname, root));
  mutate(objs);
  return checkRendered(objs, { version, subs });
}

describe('k8s manifests', () => {
  it('every root renders and passes every check', () => {
    for (const root of ROOTS)
      expect(
        broken(() => {}, root),
        root,
      ).toEqual([]);
  }, 60_000);

  it('knows the consumer groups the code joins', () => {
    expect(subs.filter((s) => s.component === 'stream').map((s) => `${s.group}:${s.topic}`)).toContain(
      'stream-writer:snapshots',
    );
    expect(subs.some((s) => s.component === 'collector' && s.topic === 'monitor.tasks')).toBe(true);
  });
});

describe('the validator rejects broken manifests', () => {
  it('schema: wrong types, missing required fields, unknown kinds', () => {
    const d = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: {
        selector: { matchLabels: { a: 'b' } },
        template: { spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 'abc' }] }] } },
      },
    };
    expect(schemaErrors(d).join()).toMatch(/containerPort must be integer/);
    expect(
      schemaErrors({
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        metadata: { name: 'x' },
        spec: { triggers: [] },
      }).join(),
    ).toMatch(/scaleTargetRef/);
    expect(schemaErrors({ apiVersion: 'v1', kind: 'Bogus', metadata: { name: 'x' } }).join()).toMatch(
      /not a known kind/,
    );
  });

  it('schema: unknown fields, as kubectl apply rejects them', () => {
    const c = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'a', labelz: {} },
      data: { ANY_KEY: 'x' },
    };
    expect(unknownFields(c)).toEqual(['metadata.labelz']);
    const errors = broken((objs) => {
      container(objs, 'Deployment', 'api').readinesProbe = { httpGet: { path: '/health', port: 'http' } };
    });
    expect(errors.join('\n')).toMatch(
      /Deployment\/api: unknown field spec\.template\.spec\.containers\[0\]\.readinesProbe/,
    );
  });

  it('configuration: a ConfigMap key the program does not read, an invalid value, a role that does not exist', () => {
    expect(
      broken((objs) => {
        find(objs, 'ConfigMap', 'gzh-platform').data.KAFKA_BROKER = 'kafka:9092';
      }).join('\n'),
    ).toMatch(/ConfigMap\/gzh-platform: KAFKA_BROKER is not a variable core\/config.ts reads/);
    expect(
      broken((objs) => {
        find(objs, 'ConfigMap', 'gzh-platform').data.PORT = 'eighty';
      }).join('\n'),
    ).toMatch(/PORT="eighty" 无效/);
    expect(
      broken((objs) => {
        container(objs, 'Deployment', 'stream').args = ['streams'];
      }).join('\n'),
    ).toMatch(/Deployment\/stream platform: args must be one role/);
  });

  it('configuration: a collector without its upstream, CLICKHOUSE_CLUSTER where there is no ClickHouse', () => {
    expect(
      broken((objs) => {
        const c = container(objs, 'Deployment', 'collector');
        c.env = c.env.filter((e: Any) => e.name !== 'SIMULATOR_URL');
      }).join('\n'),
    ).toMatch(/需要上游：请设置 SIMULATOR_URL/);
    expect(
      broken((objs) => {
        container(objs, 'Deployment', 'collector').envFrom.push({ configMapRef: { name: 'gzh-analytics' } });
      }).join('\n'),
    ).toMatch(/CLICKHOUSE_CLUSTER 需要同时设置 CLICKHOUSE_URL/);
  });

  it('ports and probes: the listening port, the probe paths', () => {
    expect(
      broken((objs) => {
        container(objs, 'Deployment', 'api').ports[0].containerPort = 8081;
      }).join('\n'),
    ).toMatch(/Deployment\/api platform: container port "http" must be 8080/);
    expect(
      broken((objs) => {
        container(objs, 'Deployment', 'api').readinessProbe.httpGet.path = '/ready';
      }).join('\n'),
    ).toMatch(/readinessProbe must be GET \/health on port http/);
    expect(
      broken((objs) => {
        delete container(objs, 'StatefulSet', 'kafka').resources.limits;
      }).join('\n'),
    ).toMatch(/StatefulSet\/kafka kafka: no resources.limits.cpu/);
  });

  it('sizes that must agree: collector shards, Kafka quorum and replication, ClickHouse layout and Keeper', () => {
    // Autoscaled collectors must split the crawl themselves: a fixed share is refused.
    expect(
      broken((objs) => {
        const env = container(objs, 'Deployment', 'collector').env as Any[];
        (env.find((e) => e.name === 'COLLECTOR_SHARD') as Any).value = '0/3';
      }).join('\n'),
    ).toMatch(/COLLECTOR_SHARD=0\/3 on collectors whose count changes: use auto/);
    // A StatefulSet with fixed shares must have as many pods as shares.
    expect(
      broken((objs) => {
        const w = find(objs, 'Deployment', 'collector');
        w.kind = 'StatefulSet';
        w.spec.serviceName = 'collector';
        w.spec.replicas = 4;
        objs.splice(
          objs.findIndex((o: Any) => o.kind === 'ScaledObject' && o.metadata.name === 'collector'),
          1,
        );
        (w.spec.template.spec.containers[0].env as Any[]).find((e) => e.name === 'COLLECTOR_SHARD').value =
          '0/3';
      }).join('\n'),
    ).toMatch(/COLLECTOR_SHARD=0\/3 but 4 replicas/);
    expect(
      broken((objs) => {
        find(objs, 'StatefulSet', 'kafka').spec.replicas = 5;
      }).join('\n'),
    ).toMatch(/KAFKA_REPLICAS=3 but 5 replicas/);
    expect(
      broken((objs) => {
        find(objs, 'ConfigMap', 'gzh-platform').data.KAFKA_REPLICATION_FACTOR = '1';
      }).join('\n'),
    ).toMatch(/below min.insync.replicas 2/);
    expect(
      broken((objs) => {
        find(objs, 'StatefulSet', 'clickhouse').spec.replicas = 8;
      }).join('\n'),
    ).toMatch(/remote_servers .* must list the pods as 4 shards × 2/);
    expect(
      broken((objs) => {
        find(objs, 'StatefulSet', 'clickhouse-keeper').spec.replicas = 5;
      }).join('\n'),
    ).toMatch(/raft servers .* expected/);
    expect(
      broken((objs) => {
        find(objs, 'ConfigMap', 'gzh-analytics').data.CLICKHOUSE_CLUSTER = 'other';
      }).join('\n'),
    ).toMatch(/CLICKHOUSE_CLUSTER=other is not in remote_servers/);
  });

  it('KEDA: a trigger on a group the code never joins, a missing group, too many replicas', () => {
    const errors = broken((objs) => {
      const so = find(objs, 'ScaledObject', 'stream').spec;
      so.triggers[0].metadata.consumerGroup = 'gzh.stream-writer';
      so.maxReplicaCount = 40;
    }).join('\n');
    expect(errors).toMatch(/trigger gzh.stream-writer on gzh.snapshots is not a consumer group of stream/);
    expect(errors).toMatch(/no trigger for consumer group stream-writer on snapshots/);
    expect(errors).toMatch(/maxReplicaCount 40 exceeds KAFKA_PARTITIONS 16/);
    expect(
      broken((objs) => {
        find(objs, 'ScaledObject', 'stream').spec.triggers[1].metadata.bootstrapServers = 'kafka:9092';
      }).join('\n'),
    ).toMatch(/needs the namespace/);
  });

  it('network: only the api is reachable from outside; every pod is covered', () => {
    expect(
      broken((objs) => {
        find(objs, 'NetworkPolicy', 'kafka').spec.ingress.push({ ports: [{ port: 9092 }] });
      }).join('\n'),
    ).toMatch(/NetworkPolicy\/kafka: lets any source reach StatefulSet\/kafka, which is not the api/);
    expect(
      broken((objs) => {
        find(objs, 'NetworkPolicy', 'postgres').spec.ingress[0].from.push({
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        });
      }).join('\n'),
    ).toMatch(/another namespace reaches StatefulSet\/postgres/);
    expect(
      broken((objs) => {
        // A pod selected by any ingress policy is isolated; without its own and the default deny it is open.
        for (const name of ['default-deny-ingress', 'postgres'])
          objs.splice(objs.indexOf(find(objs, 'NetworkPolicy', name)), 1);
      }).join('\n'),
    ).toMatch(/StatefulSet\/postgres: no NetworkPolicy covers its ingress/);
  });

  it('secrets: no Secret objects, no literal credentials, only documented Secret keys', () => {
    const errors = broken((objs) => {
      objs.push({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'leak', namespace: 'gzh' },
        stringData: { a: 'b' },
      });
      const api = container(objs, 'Deployment', 'api');
      api.env.push({ name: 'ALIPAY_PRIVATE_KEY', value: 'MIIE…' });
      env(api, 'DATABASE_URL').valueFrom.secretKeyRef.key = 'uri';
    }).join('\n');
    expect(errors).toMatch(/Secret\/leak: Secrets are created out of band/);
    expect(errors).toMatch(/ALIPAY_PRIVATE_KEY has a literal value/);
    expect(errors).toMatch(/reads Secret gzh-postgres key uri, which docs\/deploy.md does not describe/);
  });

  it('references: a Service selecting nothing, a missing headless Service, an HPA on a missing target, the image tag', () => {
    const errors = broken((objs) => {
      find(objs, 'Service', 'clickhouse').spec.selector = { 'app.kubernetes.io/name': 'clickhous' };
      find(objs, 'Service', 'kafka-headless').spec.clusterIP = undefined;
      find(objs, 'HorizontalPodAutoscaler', 'api').spec.scaleTargetRef.name = 'apis';
      container(objs, 'Deployment', 'api').image = 'gzh-data-platform:latest';
    }).join('\n');
    expect(errors).toMatch(/Service\/clickhouse: selects no pods/);
    expect(errors).toMatch(/StatefulSet\/kafka: serviceName kafka-headless is not a headless Service/);
    expect(errors).toMatch(/scaleTargetRef Deployment\/apis does not exist/);
    expect(errors).toMatch(/image gzh-data-platform:latest, expected gzh-data-platform:0\.1\.0/);
  });

  it('Dockerfile: the image the manifests run', () => {
    const dockerfile = readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
    expect(checkDockerfile(dockerfile, 8080)).toEqual([]);
    expect(checkDockerfile(dockerfile.replace('COPY stream ./stream\n', ''), 8080)).toEqual([
      'Dockerfile: the runtime stage lacks stream/',
    ]);
    expect(checkDockerfile(dockerfile, 9090).join()).toMatch(/EXPOSE 9090/);
  });
});

describe('npm run k8s:validate', () => {
  it('checks everything and ends with one RESULT line', async () => {
    const report = await validateAll();
    expect(report.errors).toEqual([]);
    expect(report.overlays).toBe(ROOTS.length);
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'k8s/validate-cli.ts'], { cwd: REPO });
    const last = stdout.trim().split('\n').at(-1);
    expect(last).toBe(
      `RESULT k8s-validate manifests=${report.manifests} overlays=${report.overlays} errors=0`,
    );
  }, 120_000);
});

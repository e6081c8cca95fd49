import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { ENV_NAMES, loadConfig, ROLES } from '../core/config';
import { type K8sObject, readYamlDocuments, render } from './render';
import { unknownFields } from './strict-fields';
import { busSubscriptions, type Subscription } from './subscriptions';

export const K8S_DIR = import.meta.dirname;
const REPO = path.resolve(K8S_DIR, '..');
/** What can be applied: the single pod, staging, production. Each renders k8s/base or its own base. */
export const ROOTS = ['single', 'overlays/small', 'overlays/large'] as const;
export const APP_IMAGE = 'gzh-data-platform';

/**
 * The shapes of the Secret values docs/deploy.md tells operators to create. Secret values are never
 * in the repo, so the program's configuration is checked with these in their place.
 */
export const SECRET_SHAPES: Record<string, Record<string, string>> = {
  'gzh-clickhouse': {
    url: 'http://gzh:PASSWORD@clickhouse.gzh.svc.cluster.local:8123/default',
    password: 'PASSWORD',
    'cluster-secret': 'CLUSTER_SECRET',
  },
  'gzh-postgres': {
    url: 'postgres://gzh:PASSWORD@postgres.gzh.svc.cluster.local:5432/gzh',
    password: 'PASSWORD',
  },
  // Optional (secretKeyRef optional: true): a Redis outside this manifest set, managed or already in the cluster.
  'gzh-redis': { url: 'redis://:PASSWORD@redis.example:6379/0' },
  // Optional: the bearer token Prometheus sends for /metrics (METRICS_TOKEN); the api refuses to start without it
  // outside demo mode, since its port is public.
  'gzh-metrics': { token: 'METRICS_TOKEN_0123456789abcdef' },
};
/** Optional Secrets read whole with envFrom (member logins, SMS, Alipay): every key must be a program variable. */
export const OPTIONAL_ENV_SECRETS = ['gzh-members'];

type Json = unknown;
type Obj = Record<string, Json>;
const isMap = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// biome-ignore lint/suspicious/noExplicitAny: the model classes share no exported constructor type.
type ModelClass = new (data: any) => { validate(): void };
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  'keda.sh/v1alpha1': keda,
};

/** Schema errors of one object: its kind must be known, and it must pass the Kubernetes (or KEDA) schema. */
export function schemaErrors(obj: Obj): string[] {
  const group = MODELS[String(obj.apiVersion)];
  const Model = group?.[String(obj.kind)] as ModelClass | undefined;
  if (!Model) return [`${String(obj.apiVersion)} ${String(obj.kind)} is not a known kind`];
  try {
    new Model(obj).validate();
  } catch (e) {
    return [(e as Error).message.replace(/\s+/g, ' ')];
  }
  return unknownFields(obj).map((f) => `unknown field ${f}`);
}

/** Every YAML file under k8s/ (kustomization files included in the parse, not in the count). */
export function manifestFiles(dir = K8S_DIR): string[] {
  return readdirSync(dir)
    .flatMap((f) => {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) return manifestFiles(p);
      return f.endsWith('.yaml') ? [p] : [];
    })
    .sort();
}

const nameOf = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
const specOf = (o: K8sObject) => (o.spec ?? {}) as Obj;
const podTemplate = (o: K8sObject): Obj | null => {
  if (!['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(o.kind)) return null;
  const t = specOf(o).template;
  return isMap(t) ? t : null;
};
const podLabels = (o: K8sObject) =>
  ((podTemplate(o)?.metadata as Obj | undefined)?.labels ?? {}) as Record<string, string>;
const containersOf = (o: K8sObject) =>
  (((podTemplate(o)?.spec as Obj | undefined)?.containers ?? []) as Obj[]).concat(
    ((podTemplate(o)?.spec as Obj | undefined)?.initContainers ?? []) as Obj[],
  );
const replicasOf = (o: K8sObject) => Number(specOf(o).replicas ?? 1);

function selects(selector: Obj | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const ml = (selector.matchLabels ?? {}) as Record<string, string>;
  if (!Object.entries(ml).every(([k, v]) => labels[k] === v)) return false;
  for (const e of (selector.matchExpressions ?? []) as {
    key: string;
    operator: string;
    values?: string[];
  }[]) {
    const v = labels[e.key];
    if (e.operator === 'In' && !(v !== undefined && e.values?.includes(v))) return false;
    if (e.operator === 'NotIn' && v !== undefined && e.values?.includes(v)) return false;
    if (e.operator === 'Exists' && v === undefined) return false;
    if (e.operator === 'DoesNotExist' && v !== undefined) return false;
  }
  return true;
}

/** The Service a `host:port` (or URL host) names: `svc`, `svc.ns`, `svc.ns.svc[.cluster.local]`. */
function serviceFor(objects: K8sObject[], host: string, namespace: string): K8sObject | null | 'external' {
  const parts = host.split('.');
  const inCluster = parts.length === 1 || /\.svc(\.cluster\.local)?$/.test(host) || parts.length === 2;
  if (!inCluster) return 'external';
  if (parts.length > 1 && parts[1] !== namespace) return null;
  return objects.find((o) => o.kind === 'Service' && o.metadata.name === parts[0]) ?? null;
}

function servicePorts(svc: K8sObject): number[] {
  return ((specOf(svc).ports ?? []) as Obj[]).map((p) => Number(p.port));
}

/** Resolves a container's environment as the kubelet would, with the documented Secret shapes. */
function containerEnv(
  c: Obj,
  workload: K8sObject,
  objects: K8sObject[],
  podIndex: number,
  errors: string[],
): { env: Record<string, string>; helpers: Set<string> } {
  const env: Record<string, string> = {};
  const where = `${nameOf(workload)} ${String(c.name)}`;
  for (const src of (c.envFrom ?? []) as Obj[]) {
    if (isMap(src.configMapRef)) {
      const name = String(src.configMapRef.name);
      const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
      if (!cm) {
        if (src.configMapRef.optional !== true)
          errors.push(`${where}: ConfigMap ${name} is not in the manifests`);
        continue;
      }
      for (const [k, v] of Object.entries((cm.data ?? {}) as Record<string, string>)) {
        if (!ENV_NAMES.includes(k))
          errors.push(`ConfigMap/${name}: ${k} is not a variable core/config.ts reads`);
        env[k] = String(v);
      }
    } else if (isMap(src.secretRef)) {
      const name = String(src.secretRef.name);
      if (!OPTIONAL_ENV_SECRETS.includes(name) || src.secretRef.optional !== true)
        errors.push(
          `${where}: envFrom Secret ${name} must be one of ${OPTIONAL_ENV_SECRETS.join(', ')}, optional`,
        );
    }
  }
  const referenced = new Set<string>();
  const expand = (v: string) =>
    v.replace(/\$\((\w+)\)/g, (_, n: string) => {
      referenced.add(n);
      if (env[n] === undefined) errors.push(`${where}: $(${n}) is used before it is defined`);
      return env[n] ?? '';
    });
  const names: string[] = [];
  for (const e of (c.env ?? []) as Obj[]) {
    const n = String(e.name);
    names.push(n);
    if (typeof e.value === 'string') {
      if (/PASSWORD|SECRET|_KEY\b|TOKEN/.test(n) && ENV_NAMES.includes(n))
        errors.push(`${where}: ${n} has a literal value: credentials come from a Secret`);
      env[n] = expand(e.value);
    } else if (isMap(e.valueFrom)) {
      const vf = e.valueFrom;
      if (isMap(vf.secretKeyRef)) {
        const s = SECRET_SHAPES[String(vf.secretKeyRef.name)]?.[String(vf.secretKeyRef.key)];
        if (s === undefined)
          errors.push(
            `${where}: ${n} reads Secret ${String(vf.secretKeyRef.name)} key ${String(vf.secretKeyRef.key)}, which docs/deploy.md does not describe`,
          );
        env[n] = s ?? '';
      } else if (isMap(vf.fieldRef)) {
        const f = String(vf.fieldRef.fieldPath);
        if (f === 'metadata.name') env[n] = `${workload.metadata.name}-${podIndex}`;
        else if (f === 'metadata.namespace') env[n] = String(workload.metadata.namespace);
        else if (f === "metadata.labels['apps.kubernetes.io/pod-index']") {
          if (workload.kind !== 'StatefulSet')
            errors.push(`${where}: ${n}: only StatefulSet pods have a pod index`);
          env[n] = String(podIndex);
        } else env[n] = 'x';
      } else env[n] = 'x';
    }
  }
  const helpers = new Set(names.filter((n) => !ENV_NAMES.includes(n)));
  for (const h of helpers)
    if (!referenced.has(h)) errors.push(`${where}: ${h} is neither a program variable nor used by one`);
  return { env, helpers };
}

function checkProbes(c: Obj, where: string, errors: string[]): void {
  const ports = ((c.ports ?? []) as Obj[]).map((p) => ({ name: p.name, n: Number(p.containerPort) }));
  for (const probe of ['readinessProbe', 'livenessProbe'])
    if (!isMap(c[probe])) errors.push(`${where}: no ${probe}`);
  for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
    const p = c[probe];
    if (!isMap(p)) continue;
    const port = (isMap(p.httpGet) ? p.httpGet.port : isMap(p.tcpSocket) ? p.tcpSocket.port : undefined) as
      | string
      | number
      | undefined;
    if (port !== undefined && !ports.some((x) => x.name === port || x.n === port))
      errors.push(`${where}: ${probe} port ${port} is not a container port`);
  }
  const r = (c.resources ?? {}) as Obj;
  for (const kind of ['requests', 'limits'])
    for (const res of ['cpu', 'memory'])
      if (!isMap(r[kind]) || (r[kind] as Obj)[res] === undefined)
        errors.push(`${where}: no resources.${kind}.${res}`);
}

/** The program's containers: roles, configuration, ports and probes as platform/ defines them. */
function checkProgram(objects: K8sObject[], version: string, subs: Subscription[], errors: string[]): void {
  const configs = new Map<string, ReturnType<typeof loadConfig>>();
  for (const w of objects) {
    for (const c of containersOf(w)) {
      const where = `${nameOf(w)} ${String(c.name)}`;
      checkProbes(c, where, errors);
      const image = String(c.image);
      if (!image.startsWith(APP_IMAGE)) continue;
      if (image !== `${APP_IMAGE}:${version}`)
        errors.push(`${where}: image ${image}, expected ${APP_IMAGE}:${version} (package.json version)`);
      const args = (c.args ?? []) as string[];
      if (args.length !== 1 || !args[0]?.split(',').every((r) => (ROLES as readonly string[]).includes(r))) {
        errors.push(
          `${where}: args must be one role of ${ROLES.join('/')} (or a comma list), got ${JSON.stringify(args)}`,
        );
        continue;
      }
      const indexes = w.kind === 'StatefulSet' ? [...Array(replicasOf(w)).keys()] : [0];
      for (const i of indexes) {
        const { env } = containerEnv(c, w, objects, i, errors);
        let config: ReturnType<typeof loadConfig>;
        try {
          config = loadConfig(env, args[0]);
        } catch (e) {
          errors.push(`${where} (pod ${i}): ${(e as Error).message}`);
          continue;
        }
        configs.set(w.metadata.name, config);
        if (config.components.has('collector')) checkShards(objects, w, config, env, where, errors);
        checkProgramPorts(c, config, where, errors);
        checkAddresses(objects, env, config, String(w.metadata.namespace), where, errors);
      }
    }
  }
  checkScaledObjects(objects, configs, subs, errors);
}

/**
 * A fixed COLLECTOR_SHARD=i/N only works on a StatefulSet whose N equals its replicas (each pod its index);
 * collectors whose count changes (more than one replica of a Deployment, or a ScaledObject) need `auto`.
 */
function checkShards(
  objects: K8sObject[],
  w: K8sObject,
  config: ReturnType<typeof loadConfig>,
  env: Record<string, string>,
  where: string,
  errors: string[],
): void {
  const scaled = objects.some(
    (o) =>
      o.kind === 'ScaledObject' && (specOf(o).scaleTargetRef as Obj | undefined)?.name === w.metadata.name,
  );
  if (config.shard === 'auto') return;
  if (w.kind === 'StatefulSet' && !scaled) {
    if (config.shard.count !== replicasOf(w))
      errors.push(`${where}: COLLECTOR_SHARD=${env.COLLECTOR_SHARD} but ${replicasOf(w)} replicas`);
  } else if (scaled || replicasOf(w) > 1 || config.shard.count > 1)
    errors.push(
      `${where}: COLLECTOR_SHARD=${env.COLLECTOR_SHARD} on collectors whose count changes: use auto (the live collectors split the crawl)`,
    );
}

function checkProgramPorts(
  c: Obj,
  config: ReturnType<typeof loadConfig>,
  where: string,
  errors: string[],
): void {
  const ports = (c.ports ?? []) as Obj[];
  const simulatorOnly = config.components.size === 1 && config.components.has('simulator');
  const [name, port, live, ready] = simulatorOnly
    ? ['sim', config.SIMULATOR_PORT, '/__sim/stats', '/__sim/stats']
    : ['http', config.PORT, '/livez', '/health'];
  const p = ports.find((x) => x.name === name);
  if (!p || Number(p.containerPort) !== port)
    errors.push(`${where}: container port "${name}" must be ${port} (the port the role listens on)`);
  if (!simulatorOnly && config.HOST !== '0.0.0.0') errors.push(`${where}: HOST must be 0.0.0.0 in a pod`);
  if (simulatorOnly && config.SIMULATOR_HOST !== '0.0.0.0')
    errors.push(`${where}: SIMULATOR_HOST must be 0.0.0.0`);
  const paths: [string, string][] = [
    ['startupProbe', live],
    ['livenessProbe', live],
    ['readinessProbe', ready],
  ];
  for (const [probe, want] of paths) {
    const h = (c[probe] as Obj | undefined)?.httpGet as Obj | undefined;
    if (!h || h.path !== want || h.port !== name)
      errors.push(`${where}: ${probe} must be GET ${want} on port ${name}`);
  }
}

function checkAddresses(
  objects: K8sObject[],
  env: Record<string, string>,
  config: ReturnType<typeof loadConfig>,
  namespace: string,
  where: string,
  errors: string[],
): void {
  const target = (label: string, host: string, port: number) => {
    const svc = serviceFor(objects, host, namespace);
    if (svc === 'external') return;
    if (!svc) errors.push(`${where}: ${label} ${host}:${port} is not a Service in namespace ${namespace}`);
    else if (!servicePorts(svc).includes(port))
      errors.push(`${where}: ${label}: Service ${host} has no port ${port}`);
  };
  for (const b of config.KAFKA_BROKERS ?? []) {
    const [h, p] = b.split(':') as [string, string];
    target('KAFKA_BROKERS', h, Number(p));
  }
  for (const name of ['CLICKHOUSE_URL', 'DATABASE_URL', 'SIMULATOR_URL'] as const) {
    const v = env[name];
    if (!v) continue;
    const u = new URL(v);
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    target(name, u.hostname, port);
  }
  if (config.CLICKHOUSE_CLUSTER) {
    const clusters = clickhouseLayout(objects)?.clusters ?? [];
    if (!clusters.includes(config.CLICKHOUSE_CLUSTER))
      errors.push(
        `${where}: CLICKHOUSE_CLUSTER=${config.CLICKHOUSE_CLUSTER} is not in remote_servers (${clusters.join(', ')})`,
      );
  }
  if (config.KAFKA_BROKERS) {
    const kafka = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'kafka');
    const k = kafka ? kafkaEnv(kafka) : null;
    if (k && config.KAFKA_REPLICATION_FACTOR > replicasOf(kafka as K8sObject))
      errors.push(
        `${where}: KAFKA_REPLICATION_FACTOR=${config.KAFKA_REPLICATION_FACTOR} exceeds the ${replicasOf(kafka as K8sObject)} brokers`,
      );
    if (k && config.KAFKA_REPLICATION_FACTOR < Number(k.KAFKA_MIN_ISR))
      errors.push(
        `${where}: KAFKA_REPLICATION_FACTOR below min.insync.replicas ${k.KAFKA_MIN_ISR}: every write would fail`,
      );
  }
}

function checkScaledObjects(
  objects: K8sObject[],
  configs: Map<string, ReturnType<typeof loadConfig>>,
  subs: Subscription[],
  errors: string[],
): void {
  for (const so of objects.filter((o) => o.kind === 'ScaledObject')) {
    const where = nameOf(so);
    const targetName = String((specOf(so).scaleTargetRef as Obj | undefined)?.name);
    const target = objects.find(
      (o) => (o.kind === 'Deployment' || o.kind === 'StatefulSet') && o.metadata.name === targetName,
    );
    const config = configs.get(targetName);
    if (!target || !config) {
      errors.push(`${where}: scaleTargetRef ${targetName} is not a workload running the program`);
      continue;
    }
    const max = Number(specOf(so).maxReplicaCount ?? 100);
    if (max > config.KAFKA_PARTITIONS)
      errors.push(
        `${where}: maxReplicaCount ${max} exceeds KAFKA_PARTITIONS ${config.KAFKA_PARTITIONS}: extra pods would idle`,
      );
    const mine = subs.filter((s) => config.components.has(s.component));
    const seen = new Set<string>();
    for (const t of (specOf(so).triggers ?? []) as Obj[]) {
      if (t.type !== 'kafka') continue;
      const m = (t.metadata ?? {}) as Record<string, string>;
      const sub = mine.find(
        (s) =>
          m.topic === `${config.KAFKA_TOPIC_PREFIX}${s.topic}` &&
          m.consumerGroup === `${config.KAFKA_TOPIC_PREFIX}${s.group}.${s.topic}`,
      );
      if (!sub)
        errors.push(
          `${where}: trigger ${m.consumerGroup} on ${m.topic} is not a consumer group of ${targetName}`,
        );
      else seen.add(`${sub.group}/${sub.topic}`);
      for (const b of String(m.bootstrapServers ?? '').split(',')) {
        const [h, p] = b.split(':') as [string, string];
        const svc = serviceFor(objects, h, String(so.metadata.namespace));
        if (svc === 'external' || !svc || !servicePorts(svc).includes(Number(p)))
          errors.push(
            `${where}: bootstrapServers ${b} is not a Kafka Service of namespace ${String(so.metadata.namespace)}`,
          );
        else if (h.split('.').length < 3)
          errors.push(
            `${where}: bootstrapServers ${b} needs the namespace: KEDA resolves it from its own namespace`,
          );
      }
    }
    for (const s of mine)
      if (!seen.has(`${s.group}/${s.topic}`))
        errors.push(
          `${where}: no trigger for consumer group ${s.group} on ${s.topic}: its lag would not scale ${targetName}`,
        );
  }
}

function kafkaEnv(kafka: K8sObject): Record<string, string> {
  const c = containersOf(kafka)[0] ?? {};
  return Object.fromEntries(((c.env ?? []) as Obj[]).map((e) => [String(e.name), String(e.value ?? '')]));
}

function checkKafka(objects: K8sObject[], errors: string[]): void {
  const kafka = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'kafka');
  if (!kafka) return;
  const env = kafkaEnv(kafka);
  const n = replicasOf(kafka);
  if (Number(env.KAFKA_REPLICAS) !== n)
    errors.push(
      `StatefulSet/kafka: KAFKA_REPLICAS=${env.KAFKA_REPLICAS} but ${n} replicas: the controller quorum would be wrong`,
    );
  const isr = Number(env.KAFKA_MIN_ISR);
  if (!(isr >= 1 && isr <= Math.min(n, 3)))
    errors.push(`StatefulSet/kafka: KAFKA_MIN_ISR=${env.KAFKA_MIN_ISR} must be 1..${Math.min(n, 3)}`);
  if (n > 1 && isr < 2)
    errors.push('StatefulSet/kafka: with several brokers KAFKA_MIN_ISR must be at least 2');
  if (Buffer.from(String(env.CLUSTER_ID), 'base64url').length !== 16 || String(env.CLUSTER_ID).length !== 22)
    errors.push('StatefulSet/kafka: CLUSTER_ID must be a 22-character base64 UUID');
}

/** The ClickHouse layout: remote_servers clusters and shards, Keeper nodes, from the rendered config. */
export function clickhouseLayout(objects: K8sObject[]) {
  const cm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'clickhouse-config');
  const xml = String((cm?.data as Obj | undefined)?.['cluster.xml'] ?? '');
  if (!cm) return null;
  const remote = /<remote_servers[^>]*>([\s\S]*)<\/remote_servers>/.exec(xml)?.[1] ?? '';
  const clusters = [...remote.matchAll(/<(\w+)>\s*(?:<secret[^>]*\/>\s*)?<shard>/g)].map(
    (m) => m[1] as string,
  );
  const shards = [...remote.matchAll(/<shard>([\s\S]*?)<\/shard>/g)].map((m) =>
    [...(m[1] as string).matchAll(/<host>([^<]+)<\/host>/g)].map((h) => h[1] as string),
  );
  const zk = /<zookeeper>([\s\S]*?)<\/zookeeper>/.exec(xml)?.[1] ?? '';
  const keepers = [...zk.matchAll(/<host>([^<]+)<\/host>/g)].map((h) => h[1] as string);
  return { clusters, shards, keepers };
}

function checkClickHouse(objects: K8sObject[], errors: string[]): void {
  const layout = clickhouseLayout(objects);
  const server = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'clickhouse');
  const keeper = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'clickhouse-keeper');
  if (!layout || !server || !keeper) return;
  const env = Object.fromEntries(
    ((containersOf(server)[0]?.env ?? []) as Obj[]).map((e) => [e.name, e.value]),
  );
  const r = Number(env.CH_REPLICAS_PER_SHARD);
  const n = replicasOf(server);
  if (layout.clusters.length !== 1)
    errors.push(`ConfigMap/clickhouse-config: expected one cluster, got ${layout.clusters.join(', ')}`);
  if (!(r >= 1) || n % r !== 0)
    errors.push(
      `StatefulSet/clickhouse: CH_REPLICAS_PER_SHARD=${env.CH_REPLICAS_PER_SHARD} must divide ${n} replicas`,
    );
  const svc = String(specOf(server).serviceName);
  const want = [...Array(n / r).keys()].map((s) =>
    [...Array(r).keys()].map((i) => `clickhouse-${s * r + i}.${svc}`),
  );
  if (JSON.stringify(layout.shards) !== JSON.stringify(want))
    errors.push(
      `ConfigMap/clickhouse-config: remote_servers ${JSON.stringify(layout.shards)} must list the pods as ${n / r} shards × ${r}: ${JSON.stringify(want)}`,
    );
  const k = replicasOf(keeper);
  const ksvc = String(specOf(keeper).serviceName);
  const wantKeepers = [...Array(k).keys()].map((i) => `clickhouse-keeper-${i}.${ksvc}`);
  if (JSON.stringify(layout.keepers) !== JSON.stringify(wantKeepers))
    errors.push(
      `ConfigMap/clickhouse-config: zookeeper nodes ${JSON.stringify(layout.keepers)}, expected ${JSON.stringify(wantKeepers)}`,
    );
  if (k % 2 === 0) errors.push(`StatefulSet/clickhouse-keeper: ${k} members: use an odd count`);
  const kcm = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'clickhouse-keeper-config');
  const kxml = String((kcm?.data as Obj | undefined)?.['keeper.xml'] ?? '');
  const raft = [
    ...kxml.matchAll(/<server><id>(\d+)<\/id><hostname>([^<]+)<\/hostname><port>(\d+)<\/port><\/server>/g),
  ].map((m) => `${m[1]}@${m[2]}:${m[3]}`);
  const wantRaft = wantKeepers.map((h, i) => `${i + 1}@${h}:9234`);
  if (JSON.stringify(raft) !== JSON.stringify(wantRaft))
    errors.push(
      `ConfigMap/clickhouse-keeper-config: raft servers ${JSON.stringify(raft)}, expected ${JSON.stringify(wantRaft)}`,
    );
}

/** References between objects: Services, StatefulSets' serviceName, HPAs, PDBs. */
function checkReferences(objects: K8sObject[], errors: string[]): void {
  const workloads = objects.filter((o) => podTemplate(o));
  for (const w of workloads) {
    const sel = specOf(w).selector as Obj | undefined;
    if (!selects(sel, podLabels(w))) errors.push(`${nameOf(w)}: selector does not match its own pod labels`);
    if (w.kind === 'StatefulSet') {
      const svc = objects.find((o) => o.kind === 'Service' && o.metadata.name === specOf(w).serviceName);
      if (!svc || specOf(svc).clusterIP !== 'None')
        errors.push(`${nameOf(w)}: serviceName ${String(specOf(w).serviceName)} is not a headless Service`);
    }
  }
  for (const svc of objects.filter((o) => o.kind === 'Service')) {
    const backs = workloads.filter((w) => selects({ matchLabels: specOf(svc).selector }, podLabels(w)));
    if (backs.length === 0) errors.push(`${nameOf(svc)}: selects no pods`);
    for (const p of (specOf(svc).ports ?? []) as Obj[]) {
      const tp = p.targetPort ?? p.port;
      for (const w of backs)
        if (
          !containersOf(w).some((c) =>
            ((c.ports ?? []) as Obj[]).some((cp) => cp.name === tp || cp.containerPort === tp),
          )
        )
          errors.push(`${nameOf(svc)}: targetPort ${String(tp)} is not a port of ${nameOf(w)}`);
    }
  }
  for (const o of objects.filter((x) => x.kind === 'HorizontalPodAutoscaler')) {
    const ref = specOf(o).scaleTargetRef as Obj;
    if (!workloads.some((w) => w.kind === ref.kind && w.metadata.name === ref.name))
      errors.push(`${nameOf(o)}: scaleTargetRef ${String(ref.kind)}/${String(ref.name)} does not exist`);
    if (objects.some((s) => s.kind === 'ScaledObject' && (specOf(s).scaleTargetRef as Obj).name === ref.name))
      errors.push(`${nameOf(o)}: ${String(ref.name)} is also scaled by KEDA`);
  }
  for (const o of objects.filter((x) => x.kind === 'PodDisruptionBudget'))
    if (!workloads.some((w) => selects(specOf(o).selector as Obj, podLabels(w))))
      errors.push(`${nameOf(o)}: selects no pods`);
}

/**
 * Network exposure: every pod is covered by a policy, and only the api accepts traffic from outside
 * the namespace, except the named infrastructure sources (KEDA → Kafka, Prometheus → metrics).
 */
export const OUTSIDE_EXCEPTIONS: { pods: string; namespace: string; port: string | number }[] = [
  { pods: 'kafka', namespace: 'keda', port: 9092 },
  { pods: 'collector', namespace: 'monitoring', port: 'http' },
  { pods: 'stream', namespace: 'monitoring', port: 'http' },
];
function checkNetwork(objects: K8sObject[], errors: string[]): void {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  for (const w of objects.filter((o) => podTemplate(o))) {
    const labels = podLabels(w);
    const app = labels['app.kubernetes.io/name'] ?? '';
    const servesApi = containersOf(w).some(
      (c) =>
        String(c.image).startsWith(APP_IMAGE) &&
        ((c.args ?? []) as string[]).some((a) => /\b(api|all)\b/.test(a)),
    );
    const mine = policies.filter(
      (p) =>
        selects(specOf(p).podSelector as Obj, labels) &&
        ((specOf(p).policyTypes ?? []) as string[]).includes('Ingress'),
    );
    if (mine.length === 0) errors.push(`${nameOf(w)}: no NetworkPolicy covers its ingress`);
    for (const p of mine)
      for (const rule of (specOf(p).ingress ?? []) as Obj[]) {
        const from = rule.from as Obj[] | undefined;
        const ports = ((rule.ports ?? []) as Obj[]).map((x) => x.port as string | number);
        if (!from || from.length === 0) {
          if (!servesApi)
            errors.push(`${nameOf(p)}: lets any source reach ${nameOf(w)}, which is not the api`);
          continue;
        }
        for (const peer of from) {
          if (isMap(peer.ipBlock) && !servesApi) errors.push(`${nameOf(p)}: an ipBlock reaches ${nameOf(w)}`);
          if (isMap(peer.namespaceSelector) && !servesApi) {
            const ns = ((peer.namespaceSelector as Obj).matchLabels as Record<string, string> | undefined)?.[
              'kubernetes.io/metadata.name'
            ];
            const ok =
              ns !== undefined &&
              ports.length > 0 &&
              ports.every((port) =>
                OUTSIDE_EXCEPTIONS.some((e) => e.pods === app && e.namespace === ns && e.port === port),
              );
            if (!ok)
              errors.push(
                `${nameOf(p)}: another namespace reaches ${nameOf(w)} (${JSON.stringify(peer)}, ports ${ports.join(',')})`,
              );
          }
        }
      }
  }
}

/** The Dockerfile builds what the manifests run: the entrypoint, the runtime directories, the port. */
export function checkDockerfile(dockerfile: string, port: number): string[] {
  const errors: string[] = [];
  if (!/ENTRYPOINT \["node", "--import", "tsx", "platform\/main\.ts"\]/.test(dockerfile))
    errors.push('Dockerfile: ENTRYPOINT must run platform/main.ts (the role comes as the argument)');
  if (!new RegExp(`EXPOSE ${port}\\b`).test(dockerfile)) errors.push(`Dockerfile: EXPOSE ${port} (PORT)`);
  if (!new RegExp(`PORT=${port}\\b`).test(dockerfile)) errors.push(`Dockerfile: ENV PORT=${port}`);
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
  for (const dir of [
    'platform',
    'api',
    'bus',
    'clickhouse',
    'collectors',
    'members',
    'postgres',
    'simulator',
    'stream',
    'scripts',
  ])
    if (!new RegExp(`COPY ${dir} \\./${dir}`).test(runtime))
      errors.push(`Dockerfile: the runtime stage lacks ${dir}/`);
  if (!/npm ci --omit=dev/.test(runtime))
    errors.push('Dockerfile: the runtime stage must install production dependencies only');
  if (!/USER 1000/.test(runtime))
    errors.push('Dockerfile: the runtime stage must run as uid 1000 (the pods require non-root)');
  return errors;
}

/** All checks of one rendered root. */
export function checkRendered(
  objects: K8sObject[],
  opts: { version: string; subs: Subscription[] },
): string[] {
  const errors: string[] = [];
  for (const o of objects) {
    if (o.kind === 'Secret')
      errors.push(`${nameOf(o)}: Secrets are created out of band, never kept in the repo`);
    for (const e of schemaErrors(o)) errors.push(`${nameOf(o)}: ${e}`);
  }
  checkReferences(objects, errors);
  checkProgram(objects, opts.version, opts.subs, errors);
  checkKafka(objects, errors);
  checkClickHouse(objects, errors);
  checkNetwork(objects, errors);
  return errors;
}

export interface ValidationReport {
  manifests: number;
  overlays: number;
  errors: string[];
}

/** Parses every manifest, renders every root and checks it; the report behind `npm run k8s:validate`. */
export async function validateAll(): Promise<ValidationReport> {
  const errors: string[] = [];
  let manifests = 0;
  for (const f of manifestFiles()) {
    const rel = path.relative(REPO, f);
    try {
      const docs = readYamlDocuments(f);
      if (path.basename(f) !== 'kustomization.yaml') manifests += docs.length;
    } catch (e) {
      errors.push(`${rel}: ${(e as Error).message}`);
    }
  }
  const version = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version as string;
  const subs = await busSubscriptions();
  let overlays = 0;
  for (const root of ROOTS) {
    let objects: K8sObject[];
    try {
      objects = render(path.join(K8S_DIR, root));
    } catch (e) {
      errors.push(`k8s/${root}: ${(e as Error).message}`);
      continue;
    }
    overlays++;
    for (const e of checkRendered(objects, { version, subs })) errors.push(`k8s/${root}: ${e}`);
  }
  const port = Number(
    (
      render(path.join(K8S_DIR, 'base')).find((o) => o.metadata.name === 'gzh-platform')?.data as
        | Obj
        | undefined
    )?.PORT,
  );
  errors.push(...checkDockerfile(readFileSync(path.join(REPO, 'Dockerfile'), 'utf8'), port));
  const deploy = readFileSync(path.join(REPO, 'docs', 'deploy.md'), 'utf8');
  for (const [name, keys] of Object.entries(SECRET_SHAPES))
    for (const key of Object.keys(keys))
      if (!deploy.includes(name) || !deploy.includes(key))
        errors.push(`docs/deploy.md: does not say how to create Secret ${name} key ${key}`);
  return { manifests, overlays, errors };
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type K8sObject, RenderError, render, strategicMerge } from './render';

/** Writes a kustomization tree from { 'relative/path': 'yaml' } and returns its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'k8s-render-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app.kubernetes.io/name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app.kubernetes.io/name: web } }
  template:
    metadata: { labels: { app.kubernetes.io/name: web } }
    spec:
      initContainers:
        - name: init
          image: registry.local:5000/tools/init:1.0
      containers:
        - name: app
          image: app
          args: [api]
          env:
            - { name: A, value: "1" }
            - { name: B, value: "2" }
          ports: [{ name: http, containerPort: 8080 }]
        - name: sidecar
          image: proxy:2.0
`;
const base = {
  'base/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: one
labels:
  - pairs: { team: data }
    includeSelectors: false
resources: [deploy.yaml, extra]
`,
  'base/deploy.yaml': deployment,
  'base/extra/kustomization.yaml': 'resources: [cm.yaml]\n',
  'base/extra/cm.yaml': `apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
data: { A: "1", B: "2" }
---
apiVersion: v1
kind: Namespace
metadata: { name: one }
`,
};

describe('render (kustomize subset)', () => {
  it('reads resources from files and directories, sets the namespace on namespaced objects, adds labels', () => {
    const objs = render(path.join(tree(base), 'base'));
    expect(objs.map((o) => `${o.kind}/${o.metadata.name}/${o.metadata.namespace ?? '-'}`)).toEqual([
      'Deployment/web/one',
      'ConfigMap/settings/one',
      'Namespace/one/-',
    ]);
    for (const o of objs) expect(o.metadata.labels?.team).toBe('data');
    // includeSelectors: false leaves selectors and pod templates alone.
    const spec = objs[0]?.spec as { selector: unknown; template: { metadata: { labels: unknown } } };
    expect(spec.selector).toEqual({ matchLabels: { 'app.kubernetes.io/name': 'web' } });
    expect(spec.template.metadata.labels).toEqual({ 'app.kubernetes.io/name': 'web' });
  });

  it('applies an overlay: strategic-merge patches by key, replicas, images, a new namespace', () => {
    const root = tree({
      ...base,
      'prod/kustomization.yaml': `namespace: two
resources: [../base]
patches:
  - path: web.yaml
  - path: cm.yaml
replicas:
  - { name: web, count: 4 }
images:
  - { name: app, newName: registry.example/gzh/app, newTag: "1.2.3" }
  - { name: registry.local:5000/tools/init, newTag: "2.0" }
  - { name: proxy, digest: "sha256:abc" }
`,
      'prod/web.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  template:
    spec:
      containers:
        - name: app
          env:
            - { name: B, value: "20" }
            - { name: C, value: "3" }
          resources: { limits: { cpu: "1" } }
`,
      'prod/cm.yaml': `apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
data: { A: null, D: "4" }
`,
    });
    const objs = render(path.join(root, 'prod'));
    const web = objs.find((o) => o.kind === 'Deployment') as K8sObject;
    const spec = web.spec as {
      replicas: number;
      template: { spec: Record<string, { [k: string]: unknown }[]> };
    };
    expect(web.metadata.namespace).toBe('two');
    expect(spec.replicas).toBe(4);
    const [app, sidecar] = spec.template.spec.containers as { [k: string]: unknown }[];
    // env merged by name: B replaced, C appended, A kept; the other fields of the container kept.
    expect(app?.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: '20' },
      { name: 'C', value: '3' },
    ]);
    expect(app?.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    expect(app?.resources).toEqual({ limits: { cpu: '1' } });
    expect(app?.image).toBe('registry.example/gzh/app:1.2.3');
    expect(sidecar?.image).toBe('proxy@sha256:abc');
    expect(spec.template.spec.initContainers?.[0]?.image).toBe('registry.local:5000/tools/init:2.0');
    // null deletes a key.
    expect(objs.find((o) => o.kind === 'ConfigMap')?.data).toEqual({ B: '2', D: '4' });
    // The base on disk is untouched by the overlay's render.
    const again = render(path.join(root, 'base'));
    expect((again[0] as K8sObject).spec).toMatchObject({ replicas: 1 });
  });

  it('replaces lists of custom resources (JSON merge semantics) and merges their maps', () => {
    expect(
      strategicMerge(
        { spec: { max: 1, triggers: [{ type: 'a' }, { type: 'b' }] } },
        { spec: { triggers: [{ type: 'c' }] } },
        false,
      ),
    ).toEqual({ spec: { max: 1, triggers: [{ type: 'c' }] } });
    expect(strategicMerge({ spec: { max: 1, min: 0 } }, { spec: { max: 8 } }, false)).toEqual({
      spec: { max: 8, min: 0 },
    });
  });

  it('refuses what it does not reproduce: other fields, directives, missing targets, several objects per patch', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { 'k/kustomization.yaml': 'namePrefix: x-\nresources: []\n' },
        /namePrefix is outside the supported subset/,
      ],
      [{ 'k/kustomization.yaml': 'configMapGenerator: []\n' }, /configMapGenerator is outside/],
      [
        {
          'k/kustomization.yaml': 'resources: [d.yaml]\npatches: [{ path: p.yaml }]\n',
          'k/d.yaml': deployment,
          'k/p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: other }\n',
        },
        /no Deployment other to patch/,
      ],
      [
        {
          'k/kustomization.yaml': 'resources: [d.yaml]\npatches: [{ path: p.yaml }]\n',
          'k/d.yaml': deployment,
          'k/p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\n$patch: delete\n',
        },
        /unsupported patch directive/,
      ],
      [
        {
          'k/kustomization.yaml': 'resources: [d.yaml]\npatches: [{ path: p.yaml }]\n',
          'k/d.yaml': deployment,
          'k/p.yaml': `${deployment}---\n${deployment}`,
        },
        /exactly one object/,
      ],
      [{ 'k/kustomization.yaml': 'resources: [d.yaml, d.yaml]\n', 'k/d.yaml': deployment }, /defined twice/],
      [{ 'k/kustomization.yaml': 'resources: [missing.yaml]\n' }, /resource missing.yaml not found/],
      [
        { 'k/kustomization.yaml': 'resources: [d.yaml]\n', 'k/d.yaml': 'kind: ConfigMap\nmetadata: {}\n' },
        /needs apiVersion, kind/,
      ],
      [{ 'k/kustomization.yaml': 'resources: [d.yaml]\n', 'k/d.yaml': 'a: [\n' }, /YAML error/],
      [
        {
          'k/kustomization.yaml':
            'resources: [d.yaml]\nlabels: [{ pairs: { a: b }, includeSelectors: true }]\n',
          'k/d.yaml': deployment,
        },
        /includeSelectors: false/,
      ],
      [
        {
          'k/kustomization.yaml': 'resources: [d.yaml]\nreplicas: [{ name: nope, count: 2 }]\n',
          'k/d.yaml': deployment,
        },
        /no workload nope/,
      ],
    ];
    for (const [files, message] of cases) {
      const root = tree(files);
      expect(() => render(path.join(root, 'k')), String(message)).toThrow(RenderError);
      expect(() => render(path.join(root, 'k'))).toThrow(message);
    }
  });

  it('renders the repository overlays with the sizes they promise', () => {
    const dir = (p: string) => path.join(import.meta.dirname, p);
    const get = (objs: K8sObject[], kind: string, name: string) =>
      objs.find((o) => o.kind === kind && o.metadata.name === name) as K8sObject;
    const large = render(dir('overlays/large'));
    const replicas = (o: K8sObject) => (o.spec as { replicas: number }).replicas;
    expect(replicas(get(large, 'StatefulSet', 'kafka'))).toBe(3);
    expect(replicas(get(large, 'StatefulSet', 'clickhouse'))).toBe(6);
    expect(replicas(get(large, 'StatefulSet', 'clickhouse-keeper'))).toBe(3);
    // A patched env keeps the base's other variables.
    const ch = (get(large, 'StatefulSet', 'clickhouse').spec as any).template.spec.containers[0];
    expect(ch.env.map((e: { name: string }) => e.name)).toContain('CH_CLUSTER_SECRET');
    expect(ch.env.find((e: { name: string }) => e.name === 'CH_REPLICAS_PER_SHARD').value).toBe('2');
    // The ScaledObject patch raises the ceiling and keeps the base's triggers.
    const so = get(large, 'ScaledObject', 'stream').spec as { maxReplicaCount: number; triggers: unknown[] };
    expect(so.maxReplicaCount).toBe(8);
    expect(so.triggers.length).toBe(8);
    const small = render(dir('overlays/small'));
    expect(get(small, 'Deployment', 'simulator')).toBeTruthy();
    expect(get(large, 'Deployment', 'simulator')).toBeUndefined();
    for (const objs of [small, large, render(dir('single'))])
      for (const o of objs)
        if (o.kind !== 'Namespace')
          expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toMatch(/^gzh/);
  });
});

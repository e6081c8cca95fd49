import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { createApp } from '../api/app';
import { realClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/log';

const dir = path.join(import.meta.dirname, 'base');
const docs = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) =>
    parseAllDocuments(readFileSync(path.join(dir, f), 'utf8')).map((d) => {
      expect(d.errors, f).toEqual([]);
      return { file: f, obj: d.toJS() as any };
    }),
  );
const byKind = (k: string) => docs.filter((d) => d.obj.kind === k).map((d) => d.obj);

describe('k8s base', () => {
  it('lists every manifest in the kustomization, and each has apiVersion, kind and name', () => {
    const kustomization = docs.find((d) => d.file === 'kustomization.yaml')?.obj;
    const listed = new Set(kustomization.resources);
    for (const d of docs.filter((x) => x.file !== 'kustomization.yaml')) {
      expect(listed.has(d.file), d.file).toBe(true);
      expect(d.obj.apiVersion && d.obj.kind && d.obj.metadata?.name, d.file).toBeTruthy();
    }
  });

  it('configures the program with values its own validation accepts', () => {
    const cm = byKind('ConfigMap')[0];
    const config = loadConfig(cm.data);
    const container = byKind('Deployment')[0].spec.template.spec.containers[0];
    expect(container.ports[0].containerPort).toBe(config.PORT);
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('probes paths the API serves, and the service targets the container port', async () => {
    const container = byKind('Deployment')[0].spec.template.spec.containers[0];
    const app = createApp({
      store: { query: async () => [{ n: 0 }] } as never,
      db: {} as never,
      members: {} as never,
      log: createLogger('silent'),
      clock: realClock,
      demo: true,
      imageHosts: [],
      dashboardDir: '/nonexistent',
      readiness: async () => ({ ready: false, checks: {} }),
    });
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      const p = container[probe].httpGet;
      expect(p.port).toBe(container.ports[0].name);
      const res = await app.request(p.path);
      expect([200, 503], `${probe} ${p.path}`).toContain(res.status);
    }
    expect((await app.request('/livez')).status).toBe(200);
    const svc = byKind('Service')[0];
    expect(svc.spec.ports[0].targetPort).toBe(container.ports[0].name);
    expect(svc.spec.selector).toEqual(byKind('Deployment')[0].spec.selector.matchLabels);
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * A small renderer for the subset of kustomize that k8s/ uses, because no kustomize or kubectl binary
 * is available where the tests run. Supported, with kustomize's meaning:
 *   resources      files (one or more YAML documents) and directories holding a kustomization.yaml,
 *                  each rendered on its own first (its transformers apply to its objects only)
 *   patches        `- path: file.yaml`: a strategic-merge patch whose kind and metadata.name pick
 *                  the target; maps merge, `null` deletes a key, lists of built-in kinds merge by
 *                  their patch-merge key (containers/env/volumes by name, volumeMounts by mountPath,
 *                  ports by containerPort or port), other lists (and every list of a custom resource) are replaced
 *   namespace      set on every namespaced object
 *   labels         `pairs` added to metadata.labels (and to pod templates with includeTemplates: true);
 *                  includeSelectors must be false: selectors are written out in full in the manifests
 *   images         name → newName / newTag / digest in containers and initContainers
 *   replicas       name → count for Deployments and StatefulSets
 * Transformers run in kustomize's order: patches, namespace, labels, replicas, images. Anything else
 * in a kustomization.yaml (namePrefix, generators, JSON 6902 patches, $patch directives) is an error,
 * so the manifests cannot drift outside what this renderer reproduces. Objects come out in resource
 * order; `kubectl kustomize` sorts them by kind, the objects themselves are the same.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
}

export class RenderError extends Error {}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'patches',
  'namespace',
  'labels',
  'images',
  'replicas',
]);

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'PersistentVolume',
  'StorageClass',
  'CustomResourceDefinition',
  'PriorityClass',
  'ClusterTriggerAuthentication',
]);

/** Kinds whose lists merge by key in a strategic-merge patch; custom resources use JSON merge semantics. */
const BUILTIN_GROUPS = new Set([
  'v1',
  'apps/v1',
  'batch/v1',
  'policy/v1',
  'autoscaling/v2',
  'networking.k8s.io/v1',
]);

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet']);

type Json = unknown;
const isMap = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses every YAML document of a file; a syntax error names the file. */
export function readYamlDocuments(file: string): Record<string, Json>[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const out: Record<string, Json>[] = [];
  for (const d of docs) {
    if (d.errors.length > 0)
      throw new RenderError(`${file}: YAML error: ${d.errors.map((e) => e.message).join('; ')}`);
    const v = d.toJS() as Json;
    if (v === null || v === undefined) continue;
    if (!isMap(v)) throw new RenderError(`${file}: a document is not a mapping`);
    out.push(v);
  }
  return out;
}

function mergeKey(field: string, items: Json[], builtin: boolean): string | null {
  if (!builtin) return null;
  if (
    ['containers', 'initContainers', 'ephemeralContainers', 'env', 'volumes', 'imagePullSecrets'].includes(
      field,
    )
  )
    return 'name';
  if (field === 'volumeMounts') return 'mountPath';
  if (field === 'ports')
    return items.some((i) => isMap(i) && 'containerPort' in i) ? 'containerPort' : 'port';
  return null;
}

/** Strategic-merge `patch` into `base` (both plain JSON); returns a new value. */
export function strategicMerge(base: Json, patch: Json, builtin: boolean, field = ''): Json {
  if (isMap(patch)) {
    if ('$patch' in patch || Object.keys(patch).some((k) => k.startsWith('$')))
      throw new RenderError(`unsupported patch directive in ${field || 'patch'}`);
    const out: Record<string, Json> = isMap(base) ? { ...base } : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(out[k], v, builtin, k);
    }
    return out;
  }
  if (Array.isArray(patch)) {
    const key = mergeKey(field, patch, builtin);
    if (key === null || !Array.isArray(base)) return structuredClone(patch);
    const out = [...base];
    for (const item of patch) {
      if (!isMap(item) || !(key in item)) throw new RenderError(`${field}: patch item without ${key}`);
      const at = out.findIndex((b) => isMap(b) && b[key] === item[key]);
      if (at >= 0) out[at] = strategicMerge(out[at], item, builtin, field);
      else out.push(structuredClone(item));
    }
    return out;
  }
  return patch;
}

function podSpecs(obj: K8sObject): Record<string, Json>[] {
  const spec = obj.spec as Record<string, Json> | undefined;
  if (!spec) return [];
  if (obj.kind === 'Pod') return [spec];
  if (obj.kind === 'CronJob') {
    const t = ((spec.jobTemplate as Record<string, Json>)?.spec as Record<string, Json>)?.template;
    return isMap(t) && isMap(t.spec) ? [t.spec] : [];
  }
  if (WORKLOADS.has(obj.kind) && isMap(spec.template) && isMap(spec.template.spec))
    return [spec.template.spec];
  return [];
}

/** Splits `repo/name:tag@digest` into name and the rest; a registry port's colon is not a tag. */
function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const [ref, digest] = image.split('@') as [string, string | undefined];
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  if (colon > slash) return { name: ref.slice(0, colon), tag: ref.slice(colon + 1), digest };
  return { name: ref, digest };
}

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

function applyImages(objects: K8sObject[], rules: ImageRule[]): void {
  for (const obj of objects)
    for (const ps of podSpecs(obj))
      for (const field of ['containers', 'initContainers'])
        for (const c of (ps[field] as Record<string, Json>[] | undefined) ?? []) {
          const img = splitImage(String(c.image));
          const rule = rules.find((r) => r.name === img.name);
          if (!rule) continue;
          const name = rule.newName ?? img.name;
          if (rule.digest) c.image = `${name}@${rule.digest}`;
          else if (rule.newTag) c.image = `${name}:${rule.newTag}`;
          else c.image = `${name}${img.tag ? `:${img.tag}` : ''}${img.digest ? `@${img.digest}` : ''}`;
        }
}

function resolveResource(dir: string, entry: string): string {
  const p = path.resolve(dir, entry);
  if (!existsSync(p))
    throw new RenderError(`${path.join(dir, 'kustomization.yaml')}: resource ${entry} not found`);
  return p;
}

/** Renders the kustomization in `dir` to its list of objects. */
export function render(dir: string, seen: string[] = []): K8sObject[] {
  const kfile = path.join(dir, 'kustomization.yaml');
  if (!existsSync(kfile)) throw new RenderError(`${dir}: no kustomization.yaml`);
  if (seen.includes(dir)) throw new RenderError(`${dir}: kustomization includes itself`);
  const [k] = readYamlDocuments(kfile) as [Record<string, Json>];
  for (const field of Object.keys(k))
    if (!SUPPORTED.has(field)) throw new RenderError(`${kfile}: ${field} is outside the supported subset`);

  let objects: K8sObject[] = [];
  for (const entry of (k.resources as string[] | undefined) ?? []) {
    const p = resolveResource(dir, entry);
    if (statSync(p).isDirectory()) objects.push(...render(p, [...seen, dir]));
    else
      for (const d of readYamlDocuments(p)) {
        const meta = d.metadata as Record<string, Json> | undefined;
        if (typeof d.apiVersion !== 'string' || typeof d.kind !== 'string' || typeof meta?.name !== 'string')
          throw new RenderError(`${p}: every object needs apiVersion, kind and metadata.name`);
        objects.push(d as K8sObject);
      }
  }
  const ids = new Set<string>();
  for (const o of objects) {
    const id = `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (ids.has(id)) throw new RenderError(`${kfile}: ${o.kind} ${o.metadata.name} is defined twice`);
    ids.add(id);
  }
  objects = structuredClone(objects);

  for (const entry of (k.patches as Record<string, Json>[] | undefined) ?? []) {
    if (!isMap(entry) || typeof entry.path !== 'string' || Object.keys(entry).length !== 1)
      throw new RenderError(`${kfile}: only "- path: file" strategic-merge patches are supported`);
    // One object per patch file: the form every kustomize version reads the same way.
    const docs = readYamlDocuments(resolveResource(dir, entry.path));
    if (docs.length !== 1) throw new RenderError(`${entry.path}: a patch file holds exactly one object`);
    for (const patch of docs) {
      const meta = patch.metadata as Record<string, Json> | undefined;
      const at = objects.findIndex(
        (o) =>
          o.kind === patch.kind &&
          o.metadata.name === meta?.name &&
          (meta?.namespace === undefined || o.metadata.namespace === meta.namespace),
      );
      if (at < 0)
        throw new RenderError(`${entry.path}: no ${String(patch.kind)} ${String(meta?.name)} to patch`);
      const target = objects[at] as K8sObject;
      objects[at] = strategicMerge(target, patch, BUILTIN_GROUPS.has(target.apiVersion)) as K8sObject;
    }
  }

  if (typeof k.namespace === 'string')
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;

  for (const l of (k.labels as Record<string, Json>[] | undefined) ?? []) {
    if (l.includeSelectors === true)
      throw new RenderError(`${kfile}: labels need includeSelectors: false (selectors are written in full)`);
    const pairs = l.pairs as Record<string, string>;
    for (const o of objects) {
      o.metadata.labels = { ...(o.metadata.labels ?? {}), ...pairs };
      const template = (o.spec as Record<string, Json> | undefined)?.template;
      if (l.includeTemplates === true && WORKLOADS.has(o.kind) && isMap(template)) {
        const tm = (template.metadata ?? {}) as Record<string, Json>;
        tm.labels = { ...((tm.labels as Record<string, string>) ?? {}), ...pairs };
        template.metadata = tm;
      }
    }
  }

  for (const r of (k.replicas as { name: string; count: number }[] | undefined) ?? []) {
    const targets = objects.filter(
      (o) => (o.kind === 'Deployment' || o.kind === 'StatefulSet') && o.metadata.name === r.name,
    );
    if (targets.length === 0) throw new RenderError(`${kfile}: replicas: no workload ${r.name}`);
    for (const t of targets) (t.spec as Record<string, Json>).replicas = r.count;
  }

  applyImages(objects, (k.images as ImageRule[] | undefined) ?? []);
  return objects;
}

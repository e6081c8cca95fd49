import path from 'node:path';
import ts from 'typescript';

/**
 * Unknown-field detection, as `kubectl apply` does by default (field validation "Strict"): the
 * kubernetes-models validators check types and required fields but accept any extra key, so a
 * misspelt `readinesProbe` would pass them and be dropped silently by the API server. The models'
 * TypeScript declarations list every field, so each object is walked against its kind's interface.
 */

/** Kinds the manifests may use: apiVersion → module path and kinds (each module exports I<Kind>). */
const KINDS: Record<string, { module: string; kinds: string[] }> = {
  v1: {
    module: 'kubernetes-models/v1',
    kinds: ['ConfigMap', 'Namespace', 'PersistentVolumeClaim', 'Secret', 'Service', 'ServiceAccount'],
  },
  'apps/v1': { module: 'kubernetes-models/apps/v1', kinds: ['Deployment', 'StatefulSet', 'DaemonSet'] },
  'autoscaling/v2': { module: 'kubernetes-models/autoscaling/v2', kinds: ['HorizontalPodAutoscaler'] },
  'batch/v1': { module: 'kubernetes-models/batch/v1', kinds: ['Job', 'CronJob'] },
  'networking.k8s.io/v1': {
    module: 'kubernetes-models/networking.k8s.io/v1',
    kinds: ['NetworkPolicy', 'Ingress'],
  },
  'policy/v1': { module: 'kubernetes-models/policy/v1', kinds: ['PodDisruptionBudget'] },
  'keda.sh/v1alpha1': {
    module: '@kubernetes-models/keda/keda.sh/v1alpha1',
    kinds: ['ScaledObject', 'TriggerAuthentication'],
  },
};

const key = (apiVersion: string, kind: string) => `${apiVersion} ${kind}`;

let cache: { checker: ts.TypeChecker; types: Map<string, ts.Type> } | null = null;

/** One small program over the models' declarations, built once (about a second). */
function load() {
  if (cache) return cache;
  const file = path.join(import.meta.dirname, '__kinds.ts');
  const entries = Object.entries(KINDS).flatMap(([api, { module, kinds }]) =>
    kinds.map((k) => ({ api, module, kind: k, alias: `${api.replace(/\W/g, '_')}_${k}` })),
  );
  const source = [
    ...entries.map((e) => `import type { I${e.kind} as ${e.alias} } from '${e.module}/${e.kind}';`),
    `export interface Kinds {`,
    ...entries.map((e) => `  '${key(e.api, e.kind)}': ${e.alias};`),
    `}`,
  ].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    name === file ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file) as ts.SourceFile;
  const unresolved = ts.getPreEmitDiagnostics(program, sf);
  if (unresolved.length > 0)
    throw new Error(
      `model declarations: ${ts.flattenDiagnosticMessageText(unresolved[0]?.messageText ?? '', ' ')}`,
    );
  const decl = sf.statements.find(ts.isInterfaceDeclaration) as ts.InterfaceDeclaration;
  const kindsType = checker.getTypeAtLocation(decl.name);
  const types = new Map<string, ts.Type>();
  for (const p of kindsType.getProperties()) types.set(p.name, checker.getTypeOfSymbol(p));
  cache = { checker, types };
  return cache;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(checker: ts.TypeChecker, type: ts.Type, value: unknown, at: string, out: string[]): void {
  const t = checker.getNonNullableType(type);
  if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (Array.isArray(value)) {
    const el = checker.getIndexTypeOfType(t, ts.IndexKind.Number);
    if (el) for (const [i, v] of value.entries()) walk(checker, el, v, `${at}[${i}]`, out);
    return;
  }
  if (!isMap(value)) return;
  const shapes = (t.isUnion() ? t.types : [t]).filter(
    (x) => x.flags & ts.TypeFlags.Object || x.isIntersection(),
  );
  if (shapes.length === 0) return;
  for (const [k, v] of Object.entries(value)) {
    let next: ts.Type | undefined;
    for (const s of shapes) {
      const p = checker.getPropertyOfType(s, k);
      next = p ? checker.getTypeOfSymbol(p) : checker.getIndexTypeOfType(s, ts.IndexKind.String);
      if (next) break;
    }
    if (!next) out.push(`${at}.${k}`);
    else walk(checker, next, v, `${at}.${k}`, out);
  }
}

/** Paths of the fields of `obj` that its kind does not define (empty when all are known). */
export function unknownFields(obj: Record<string, unknown>): string[] {
  const { checker, types } = load();
  const type = types.get(key(String(obj.apiVersion), String(obj.kind)));
  if (!type)
    return [
      `(no declaration for ${String(obj.apiVersion)} ${String(obj.kind)}: add it to k8s/strict-fields.ts)`,
    ];
  const out: string[] = [];
  walk(checker, type, obj, '', out);
  return out.map((p) => p.replace(/^\./, ''));
}

// Reading the open API's OpenAPI 3.1 document (served by /fbmain/openapi/v1/openapi.json) into what the docs page shows.

export const OPENAPI_URL = '/fbmain/openapi/v1/openapi.json';

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  const?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-cost': string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDoc {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { description: string }> };
}

/** One field a caller sends: a query parameter (GET) or a body field (POST). */
export interface Field {
  name: string;
  required: boolean;
  type: string;
  description: string;
  example: string;
}

/** One field of an answer, with its path inside data (accounts[].mid). */
export interface AnswerField {
  path: string;
  type: string;
  description: string;
}

export interface DocOperation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  url: string;
  tag: string;
  summary: string;
  description: string;
  cost: string;
  fields: Field[];
  answer: AnswerField[];
  errors: { status: string; description: string }[];
}

/** A schema's type in words. */
export function typeName(s: JsonSchema): string {
  if (s.anyOf) return s.anyOf.map(typeName).join(' 或 ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? '');
  const words: Record<string, string> = {
    string: '字符串',
    integer: '整数',
    number: '数字',
    boolean: '布尔',
    array: '数组',
    object: '对象',
    null: 'null',
  };
  const base = words[t] ?? t;
  return s.enum ? `${base}（${s.enum.join('、')}）` : base;
}

function exampleOf(s: JsonSchema, fallback?: unknown): string {
  const v = fallback ?? s.examples?.[0] ?? s.default ?? (s.enum ? s.enum[0] : undefined);
  return v === undefined ? '' : String(v);
}

function fieldsOf(op: Operation): Field[] {
  if (op.parameters)
    return op.parameters.map((p) => ({
      name: p.name,
      required: p.required,
      type: typeName(p.schema),
      description: p.description ?? '',
      example: exampleOf(p.schema, p.example),
    }));
  const schema = op.requestBody?.content['application/json']?.schema;
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    required: required.has(name),
    type: typeName(s),
    description: s.description ?? '',
    example: exampleOf(s),
  }));
}

/** Flattens an answer schema into one row per field, nested fields under their parent's path. */
export function flatten(schema: JsonSchema, prefix = ''): AnswerField[] {
  const own = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  const out: AnswerField[] = [];
  for (const [name, s] of Object.entries(own.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push({ path, type: typeName(s), description: s.description ?? '' });
    const inner = s.anyOf?.find((x) => x.type !== 'null') ?? s;
    if (inner.type === 'object') out.push(...flatten(inner, path));
    if (inner.type === 'array' && inner.items?.type === 'object')
      out.push(...flatten(inner.items, `${path}[]`));
  }
  return out;
}

export function operationsOf(doc: OpenApiDoc): DocOperation[] {
  const base = doc.servers[0]?.url ?? '';
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const ok = op.responses['200']?.content?.['application/json']?.schema;
      const data = ok?.properties?.data ?? {};
      return {
        id: op.operationId,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        url: `${base}${path}`,
        tag: op.tags[0] ?? '',
        summary: op.summary,
        description: op.description.split('\n\n计费：')[0] ?? '',
        cost: op['x-cost'],
        fields: fieldsOf(op),
        answer: flatten(data),
        errors: Object.entries(op.responses)
          .filter(([status]) => status !== '200')
          .map(([status, r]) => ({
            status,
            description: r.$ref
              ? (doc.components.responses[r.$ref.split('/').pop() ?? '']?.description ?? '')
              : '',
          })),
      };
    }),
  );
}

import { z } from 'zod';
import type { OpenEndpoint } from './define';
import { OpenCodes } from './define';

/** Where the open API is served, relative to the platform's origin. */
export const OPEN_API_BASE = '/fbmain/openapi/v1';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** A zod schema as the JSON Schema (2020-12, which OpenAPI 3.1 uses) of what a client sends or receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorSchema = {
  type: 'object',
  required: ['error_code', 'msg'],
  properties: {
    error_code: { type: 'integer', description: '错误码，见下表' },
    msg: { type: 'string', description: '错误说明（中文）' },
  },
};

const ERRORS: Record<string, { description: string; code: number }> = {
  '400': { description: '参数错误（不计费）', code: OpenCodes.BAD_INPUT },
  '401': { description: '密钥无效或已停用', code: OpenCodes.KEY_INVALID },
  '402': { description: '调用次数不足，请充值', code: OpenCodes.BALANCE_EMPTY },
  '404': { description: '没有找到数据（不计费）', code: OpenCodes.NOT_FOUND },
  '409': { description: '与进行中的任务冲突（不计费）', code: OpenCodes.CONFLICT },
  '429': {
    description:
      '调用过于频繁：超过每个密钥每分钟的调用上限，或需要实时访问微信的接口（link_short2long）超过账户每分钟、每天的访问预算（不计费）；响应头 Retry-After 为需等待的秒数（仅每分钟上限）',
    code: OpenCodes.RATE_LIMITED,
  },
  '503': { description: '服务暂不可用（不计费）', code: OpenCodes.UNAVAILABLE },
};

/** The OpenAPI 3.1 document of the open API, generated from the endpoints' own schemas. */
export function openApiDocument(endpoints: OpenEndpoint[], opts: { demo: boolean; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const input = jsonSchema(e.input, 'input');
    const required = new Set(input.required ?? []);
    const free = e.costNote === '免费';
    const op: Record<string, unknown> = {
      operationId: e.name,
      tags: [e.tag],
      summary: e.summary,
      description: `${e.description}\n\n计费：${e.costNote}。`,
      'x-cost': e.costNote,
      security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
      responses: {
        '200': {
          description: '成功',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['error_code', 'msg', 'data', 'remaining'],
                properties: {
                  error_code: { type: 'integer', const: 0 },
                  msg: { type: 'string', const: 'success' },
                  data: jsonSchema(e.output, 'output'),
                  remaining: { type: 'integer', description: '本次调用后剩余的调用次数' },
                },
              },
            },
          },
        },
        ...Object.fromEntries(
          Object.entries(ERRORS)
            .filter(([status]) => !(free && status === '402'))
            .map(([status]) => [status, { $ref: `#/components/responses/E${status}` }]),
        ),
      },
    };
    if (e.method === 'get') {
      op.parameters = Object.entries(input.properties ?? {}).map(([name, schema]) => {
        const { description, examples, ...rest } = schema as JsonSchema & { examples?: unknown[] };
        return {
          name,
          in: 'query',
          required: required.has(name),
          description,
          schema: rest,
          ...(examples?.length ? { example: examples[0] } : {}),
        };
      });
    } else {
      op.requestBody = {
        required: true,
        content: {
          'application/json': { schema: input },
          'application/x-www-form-urlencoded': { schema: input },
        },
      };
    }
    paths[e.path] = { ...(paths[e.path] ?? {}), [e.method]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '公众号数据平台开放接口',
      version: opts.version,
      description:
        '按次计费的公众号数据接口：公众号搜索与详情、历史文章、文章阅读点赞在看数、分钟级监测任务与刷量检测报告、' +
        '短链接转长链接、视频号搜索、详情与作品列表。' +
        '用密钥调用：请求头 X-Api-Key，或查询参数 key。每次调用先扣除次数，没有结果或失败时自动退还；' +
        '在「API 接口」页面申请密钥、充值和查看消费记录。' +
        (opts.demo ? '\n\n本实例连接的是内置模拟器，返回的是演示数据。' : ''),
    },
    servers: [{ url: OPEN_API_BASE }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'key' },
      },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, { description, code }]) => [
          `E${status}`,
          {
            description: `${description}（error_code ${code}）`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}

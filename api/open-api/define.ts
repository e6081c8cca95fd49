import type { z } from 'zod';
import type { ApiDeps } from '../deps';

/**
 * One endpoint of the paid open API, declared once: its input and output schemas serve the validation, the
 * OpenAPI document and the pricing page, so the three cannot drift apart.
 */
export interface OpenEndpoint<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** Metering name: the ledger's endpoint and the key of API_COSTS. */
  name: string;
  method: 'get' | 'post';
  /** Path under /fbmain/openapi/v1. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  input: I;
  output: O;
  /** Calls debited for one request (0 = free); may depend on the input. */
  cost: (input: z.output<I>) => number;
  /** The price in words for the docs and the pricing page, e.g. '每次 1 次调用'. */
  costNote: string;
  run: (input: z.output<I>, ctx: OpenContext) => Promise<OpenResult<z.input<O>>>;
}

export interface OpenContext {
  deps: ApiDeps;
  userId: number;
  /** The ledger row of this call's debit (null for free calls): a reference for what the call creates. */
  debitId: number | null;
  /** The site's public origin (PUBLIC_URL or the request's): the host of our own short links. */
  origin: string;
}

/**
 * A result, or a failure that refunds the call: callers pay for answers only. `charged` (below the debit) says an
 * answer is worth less than its price (a report with no verdict yet): the difference goes back.
 */
export type OpenResult<T> =
  | { data: T; charged?: number }
  | { fail: { http: 400 | 404 | 409 | 429 | 503; code: number; msg: string } };

/** Type-checks one endpoint against its own schemas. */
export const endpoint = <I extends z.ZodObject, O extends z.ZodType>(e: OpenEndpoint<I, O>) =>
  e as unknown as OpenEndpoint;

/** Open-API answer codes (in the /fbmain envelope). */
export const OpenCodes = {
  BAD_INPUT: 40000,
  KEY_INVALID: 40101,
  BALANCE_EMPTY: 40201,
  RATE_LIMITED: 42900,
  NOT_FOUND: 40004,
  CONFLICT: 40009,
  UNAVAILABLE: 50300,
} as const;

import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Access, Call, HandlerInput, HandlerOutput } from '../../contract/define';
import { LEVEL, levelOf } from '../../members/membership';
import type { Member } from '../../members/sessions';
import { Codes, describeIssues, fail, httpStatusOf, readInput } from '../envelope';
import { requireAdmin, requireLevel, requireMember } from '../member-session';

/**
 * Mounts handlers by contract entry: the entry's methods and path, its access gate, its input schema and its
 * envelope, so a handler receives parsed input and returns the answer. Adding a call is one contract entry and one
 * handler; no other table is kept.
 *
 * Envelopes (contract/define.ts): an `error_code` handler returns the answer's `data`, sent as
 * {error_code: 0, msg: 'success', data}; a `status` handler returns the fields that go beside status 200 and
 * msg 'success'. Either may return a Response of its own for an answer of another shape (a refusal that depends
 * on the input, a file).
 */

/** A success answer with a message of its own (spec §5 texts such as 退出成功) instead of 'success'. */
export class Said<T> {
  constructor(
    readonly msg: string,
    readonly data: T,
  ) {}
}
/** The answer `data` with the message `msg`; without data the envelope carries none ({error_code: 0, msg}). */
export function said(msg: string): Said<undefined>;
export function said<T>(msg: string, data: T): Said<T>;
export function said<T>(msg: string, data?: T): Said<T | undefined> {
  return new Said(msg, data);
}

type Answer<C extends Call> = HandlerOutput<C> | Said<HandlerOutput<C>> | Response;
export type Handler<C extends Call> = (input: HandlerInput<C>, c: Context) => Promise<Answer<C>> | Answer<C>;

export interface Mounted {
  call: Call;
  run: (c: Context) => Promise<Response>;
}

/** How an area answers before its handler runs, where it differs from the envelope's usual way. */
export interface Refusals {
  /** Bad input (default: code 400 / 40000 with the first issue in Chinese, in the entry's envelope). */
  invalid?: (c: Context, error: z.ZodError) => Response;
  /** The access gate (default: 用户未登录 / 40002 / admins only, per the entry's access). */
  gate?: (c: Context) => Member | Response | null;
}

const LEVEL_OF: Partial<Record<Access, number>> = {
  senior: LEVEL.SENIOR,
  deluxe: LEVEL.DELUXE,
  super: LEVEL.SUPER,
};

/** The usual access gate of an entry: the member (or null for a public call), or the refusal. */
function gate(c: Context, call: Call): Member | Response | null {
  const access = call.access;
  if (access === 'public' || access === 'apikey') return null;
  if (access === 'member') return requireMember(c);
  if (access === 'admin') return requireAdmin(c);
  const need = LEVEL_OF[access] ?? Number.POSITIVE_INFINITY;
  return requireLevel(c, (m) => levelOf(m) >= need, call.envelope === 'status' ? 'status' : 'error_code');
}

const invalidInput = (c: Context, call: Call, error: z.ZodError): Response =>
  call.envelope === 'status'
    ? c.json({ status: 400, msg: describeIssues(error) }, httpStatusOf(400))
    : fail(c, 400, Codes.BAD_INPUT, describeIssues(error));

/** Whether answers are checked against the entry's output schema (in tests: an answer that drifts fails loudly). */
const CHECK_ANSWERS = process.env.VITEST === 'true' || process.env.CONTRACT_CHECK === '1';

/** Binds a handler to its entry. */
export function handle<C extends Call & { envelope: 'error_code' | 'status' }>(
  call: C,
  handler: Handler<C>,
  refusals: Refusals = {},
): Mounted {
  return {
    call,
    run: async (c) => {
      const admitted = (refusals.gate ?? ((x: Context) => gate(x, call)))(c);
      if (admitted instanceof Response) return admitted;
      const parsed = call.input.safeParse(await readInput(c));
      if (!parsed.success) return (refusals.invalid ?? ((x, e) => invalidInput(x, call, e)))(c, parsed.error);
      const answer = await handler(parsed.data as HandlerInput<C>, c);
      if (answer instanceof Response) return answer;
      const msg = answer instanceof Said ? answer.msg : 'success';
      const out = answer instanceof Said ? answer.data : answer;
      if (CHECK_ANSWERS) {
        const checked = call.output.safeParse(out);
        if (!checked.success)
          throw new Error(`${call.path}: answer does not match the contract: ${checked.error.message}`);
      }
      if (call.envelope === 'status') return c.json({ status: 200, msg, ...(out as object) });
      return out === undefined
        ? c.json({ error_code: Codes.OK, msg })
        : c.json({ error_code: Codes.OK, msg, data: out });
    },
  };
}

/** Mounts bound handlers on /fbmain by their entries' methods and paths. */
export function mountCalls(fbmain: Hono, mounted: Mounted[]): void {
  for (const m of mounted) fbmain.on([...m.call.methods], m.call.path, m.run);
}

/**
 * Binds the handler of an entry that answers in a shape of its own (`own`: a file, a page, a redirect, a
 * provider's callback) or in mp_update's `code` envelope, which the handler builds: the same gate and input as
 * `handle`, and the handler's Response as it is.
 */
export function handleOwn<C extends Call & { envelope: 'own' | 'code' }>(
  call: C,
  handler: (input: HandlerInput<C>, c: Context) => Promise<Response> | Response,
  refusals: Refusals = {},
): Mounted {
  return {
    call,
    run: async (c) => {
      const admitted = (refusals.gate ?? ((x: Context) => gate(x, call)))(c);
      if (admitted instanceof Response) return admitted;
      const parsed = call.input.safeParse(await readInput(c));
      if (!parsed.success) return (refusals.invalid ?? ((x, e) => invalidInput(x, call, e)))(c, parsed.error);
      return handler(parsed.data as HandlerInput<C>, c);
    },
  };
}

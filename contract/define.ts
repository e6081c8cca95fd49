import { z } from 'zod';

/**
 * One /fbmain call, declared once. The server mounts its handler by this entry (api/http/mount.ts), the contract
 * table and `npm run contract` list it, and the dashboard calls it through `call(contract.<area>.<name>, input)`
 * (dashboard/src/api/call.ts) with the types its schemas give. This folder depends on nothing of the server's, so
 * the browser bundle can import it.
 */

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * Who the gate lets in (spec §6): anyone; any logged-in member; members of that level or above (senior 2,
 * deluxe 3, super 4); admins; holders of an open-API key. api/access-matrix.ts states the same independently, and
 * api/access-matrix.test.ts calls every route as every role against it.
 */
export type Access = 'public' | 'member' | 'senior' | 'deluxe' | 'super' | 'admin' | 'apikey';

/**
 * How the call answers (spec §8): `error_code` is {error_code, msg, data} (0 = success); `status` is the monitor,
 * link and applet calls' {status, msg, …} (200 = success); `code` is mp_update's {code, msg} (0, 1 notice, others a
 * warning); `own` is a page, a file, an image, a redirect or a provider's callback answer.
 */
export type Envelope = 'error_code' | 'status' | 'code' | 'own';

/** A call of spec §7 at the spec's path; a spec call whose path the spec leaves open (we placed it); our own. */
export type Origin = 'spec' | 'placed' | 'platform';

/** What every entry declares. */
export interface Declared {
  /** The spec's group heading (§7), or the platform's area for our own calls. */
  group: string;
  /** The spec's name of the call: its path below the group's prefix. */
  name: string;
  methods: readonly Method[];
  /** Path under /fbmain. */
  path: string;
  access: Access;
  envelope: Envelope;
  origin: Origin;
  /** What the call does, in Chinese (the contract table and the docs show it). */
  summary: string;
}

/** An entry whose input and answer are declared too: the handler and the dashboard are typed by them. */
export interface Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends Declared {
  /** The fields the call reads from the query string or the form/JSON body, with their rules and defaults. */
  input: I;
  /** The success answer's `data` (error_code envelope) or its top-level fields beside `status` (status envelope). */
  output: O;
}

/** An entry: metadata, and the schemas once its area has moved onto them. */
export const declare = <const D extends Declared>(d: D): D => d;
/** An entry with its schemas, typed by them. */
export const defineCall = <I extends z.ZodType, O extends z.ZodType, const D extends Declared>(
  d: D & { input: I; output: O },
): D & Call<I, O> => d;

/** The input a client sends (before defaults and coercion). */
export type CallInput<C extends Call> = z.input<C['input']>;
/** The input a handler receives (after defaults and coercion). */
export type HandlerInput<C extends Call> = z.output<C['input']>;
/** The answer's data as the client reads it. */
export type CallOutput<C extends Call> = z.output<C['output']>;
/** What a handler may return for it. */
export type HandlerOutput<C extends Call> = z.input<C['output']>;

/**
 * The output of an `own` entry: no envelope and no JSON data, but the handler's own answer (a file, a page, a
 * redirect, a provider's plain-text reply), as its summary describes.
 */
export const ownAnswer = z.custom<Response>((v) => v instanceof Response, {
  message: '应为处理函数自己的应答',
});

export const hasSchemas = (d: Declared): d is Call => 'input' in d && 'output' in d;

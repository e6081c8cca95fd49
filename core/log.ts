import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON-lines logger; every component gets a child with its name. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({ level, base: { pid: process.pid, ...base }, timestamp: pino.stdTimeFunctions.isoTime });
}

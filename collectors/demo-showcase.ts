import { z } from 'zod';
import type { Bus } from '../bus/bus';
import type { SnapshotMessage } from '../bus/messages';
import type { Logger } from '../core/log';
import { midOf } from '../core/wechat-ids';
import { fetchJson } from './http';
import { accountKey } from './messages-of';

/**
 * The demo's showcase (issue #30): on a fresh demo the collector publishes the counter series that monitoring
 * would have recorded over the last three days, read from the simulator's /__sim/showcase, so fake-traffic
 * verdicts, the 刷量榜 and report charts exist within the first minute rather than after hours of polling.
 * Only against the built-in simulator (demo data, labelled so in the UI); the rows record `demo` as their source.
 */

const answer = z.object({
  now: z.number().int(),
  articles: z.array(
    z.object({
      biz: z.string().min(1),
      msgid: z.number().int().nonnegative(),
      idx: z.number().int().min(1).max(8),
      points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()])),
    }),
  ),
});

/** The source recorded on the showcase's rows (the snapshots' `source`), for admins to tell them apart. */
export const SHOWCASE_SOURCE = 'demo';
const BATCH = 5000;

export async function publishShowcase(opts: {
  upstream: string;
  bus: Bus;
  log: Logger;
  /** Articles in the showcase. */
  limit: number;
}): Promise<{ articles: number; snapshots: number }> {
  const url = `${opts.upstream}/__sim/showcase?days=3&step=300&limit=${opts.limit}`;
  const parsed = answer.safeParse(await fetchJson<unknown>(url, { timeoutMs: 60_000, retries: 2 }));
  if (!parsed.success) throw new Error(`showcase answer malformed: ${parsed.error.issues[0]?.message ?? ''}`);
  const messages: { key: string; value: SnapshotMessage }[] = [];
  for (const a of parsed.data.articles)
    for (const [ts, read, zan, looking, share, comment] of a.points)
      messages.push({
        key: accountKey(a.biz),
        value: {
          aid: `${a.msgid}_${a.idx}`,
          mid: midOf(a.biz),
          ts,
          read,
          zan,
          looking,
          share,
          comment,
          source: SHOWCASE_SOURCE,
        },
      });
  for (let i = 0; i < messages.length; i += BATCH)
    await opts.bus.publish('snapshots', messages.slice(i, i + BATCH));
  // Handled (written) before the platform counts the showcase as landed, as a crawl round's marker waits.
  await opts.bus.drain();
  return { articles: parsed.data.articles.length, snapshots: messages.length };
}

import path from 'node:path';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishRecord } from '../bus/bus';
import { KafkaBus } from '../bus/kafka-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { COPYRIGHT_CODE } from '../core/copyright';
import { createLogger } from '../core/log';
import { spawnPlatform, tempDir } from './harness';
import { KAFKA_TEST_BROKERS, kafkaTestGate, uniquePrefix } from './kafka';

/**
 * At-least-once delivery, exactly-once results: the stream role runs as its own OS process on Kafka;
 * it is killed with SIGKILL while consuming, restarted, and the results must equal both the expected
 * values and a clean replay of the topics from offset 0 into a fresh store.
 */
const run = await kafkaTestGate('exactly-once tests');
const log = createLogger('silent');
const TOPICS = ['accounts', 'articles', 'snapshots'] as const;
const ACCOUNTS = 120;
const ARTICLES = 8;
const POLLS = 40;

function dataset() {
  const accounts: PublishRecord<'accounts'>[] = [];
  const articles: PublishRecord<'articles'>[] = [];
  const snapshots: PublishRecord<'snapshots'>[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const mid = 3_000_000_000 + a;
    const key = String(mid);
    accounts.push({
      key,
      value: {
        mid,
        biz: Buffer.from(key).toString('base64'),
        name: `测试公众号${a}`,
        wxid: `test${a}`,
        gh_id: `gh_${a}`,
        avatar: '',
        qrcode: '',
        owner: `主体${a % 9}`,
        area: '浙江',
        desc: '',
        media: '科技',
        tags: ['数码'],
        reg_time: 1_500_000_000,
        crawled_at: 1_700_000_000_000,
      },
    });
    for (let i = 1; i <= ARTICLES; i++) {
      const aid = `${2_247_480_000 + a}_${i}`;
      articles.push({
        key,
        value: {
          aid,
          mid,
          biz: Buffer.from(key).toString('base64'),
          msgid: 2_247_480_000 + a,
          idx: i,
          sn: 'x',
          title: `文章${a}-${i}`,
          digest: '',
          cover: '',
          author: '',
          href: '',
          pubtime: 1_700_000_000,
          copyright_stat: COPYRIGHT_CODE.original,
          source_url: '',
          crawled_at: 1_700_000_000_000,
        },
      });
      for (let p = 0; p < POLLS; p++) {
        const read = (a + 1) * i * (p + 1);
        snapshots.push({
          key,
          value: {
            aid,
            mid,
            ts: 1_700_000_000 + p * 60,
            read,
            zan: Math.floor(read / 50),
            looking: Math.floor(read / 90),
            share: 0,
            comment: 0,
          },
        });
      }
    }
  }
  return { accounts, articles, snapshots };
}

async function results(dataDir: string) {
  const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
  try {
    const [r] = await store.query<Record<string, string>>(
      `SELECT (SELECT count() FROM accounts FINAL) AS accounts,
              (SELECT count() FROM articles FINAL) AS articles,
              (SELECT count() FROM article_snapshots FINAL) AS snapshots,
              (SELECT sum(reads) FROM article_snapshots FINAL) AS reads,
              (SELECT groupBitXor(cityHash64(mid, aid, ts, reads, likes, looking)) FROM article_snapshots FINAL) AS digest,
              (SELECT sum(r) FROM (SELECT argMaxMerge(reads) AS r FROM article_latest GROUP BY mid, aid)) AS latest_reads,
              (SELECT sum(p) FROM (SELECT uniqExactMerge(polls) AS p FROM article_latest GROUP BY mid, aid)) AS polls`,
    );
    return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, String(v)]));
  } finally {
    await store.close();
  }
}

describe.runIf(run)('exactly-once results on Kafka', () => {
  const prefix = uniquePrefix('eo');
  const group = (t: string) => `${prefix}stream-writer.${t}`;
  let admin: Admin;
  /** The second half of the snapshots, published while the first process runs, just before it is killed. */
  let rest: PublishRecord<'snapshots'>[][] = [];
  const env = {
    ROLE: 'stream',
    KAFKA_BROKERS: KAFKA_TEST_BROKERS.join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    PORT: '0',
    LOG_LEVEL: 'info',
    // The restarted process joins the group once the killed one's session has expired (30 s by default).
    KAFKA_SESSION_TIMEOUT_S: '10',
  };

  const progress = async () => {
    let committed = 0;
    let total = 0;
    for (const t of TOPICS) {
      const ends = await admin.fetchTopicOffsets(`${prefix}${t}`);
      const [g] = await admin.fetchOffsets({ groupId: group(t), topics: [`${prefix}${t}`] });
      for (const p of ends) total += Number(p.high);
      for (const p of g?.partitions ?? []) committed += Math.max(0, Number(p.offset));
    }
    return { committed, total };
  };
  const until = async (cond: (p: { committed: number; total: number }) => boolean, ms = 120_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const p = await progress();
      if (cond(p)) return p;
      if (Date.now() > end) throw new Error(`timed out at ${JSON.stringify(p)}`);
      await new Promise((r) => setTimeout(r, 15));
    }
  };

  beforeAll(async () => {
    admin = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const bus = await KafkaBus.connect(
      { brokers: KAFKA_TEST_BROKERS, prefix, clientId: 'eo-producer', partitions: 4 },
      log,
    );
    const d = dataset();
    await bus.publish('accounts', d.accounts);
    await bus.publish('articles', d.articles);
    const chunks: PublishRecord<'snapshots'>[][] = [];
    for (let i = 0; i < d.snapshots.length; i += 2000) {
      const chunk = d.snapshots.slice(i, i + 2000);
      chunks.push(chunk);
      // At-least-once upstream too: every fifth chunk is delivered twice.
      if ((i / 2000) % 5 === 0) chunks.push(chunk);
    }
    const half = chunks.length >> 1;
    for (const chunk of chunks.slice(0, half)) await bus.publish('snapshots', chunk);
    rest = chunks.slice(half);
    await bus.close();
  });
  afterAll(async () => {
    await admin?.disconnect();
  });

  it('survives SIGKILL mid-stream, duplicates and a replay from offset 0 with identical results', async () => {
    const expectedReads = (() => {
      let s = 0;
      for (let a = 0; a < ACCOUNTS; a++)
        for (let i = 1; i <= ARTICLES; i++) for (let p = 0; p < POLLS; p++) s += (a + 1) * i * (p + 1);
      return s;
    })();
    const expectedLatest = (() => {
      let s = 0;
      for (let a = 0; a < ACCOUNTS; a++) for (let i = 1; i <= ARTICLES; i++) s += (a + 1) * i * POLLS;
      return s;
    })();

    const dirA = tempDir('eo-a');
    const first = spawnPlatform({ ...env, DATA_DIR: dirA });
    await first.url;
    // Once a quarter of the first half is committed, the second half arrives and the process is killed at once:
    // it dies while consuming, with the last chunks surely not yet committed, however fast it runs (polling for a
    // fraction of one stream let a fast process commit everything between two polls).
    await until((p) => p.committed >= p.total / 4);
    const bus = await KafkaBus.connect(
      { brokers: KAFKA_TEST_BROKERS, prefix, clientId: 'eo-producer', partitions: 4 },
      log,
    );
    for (const chunk of rest) await bus.publish('snapshots', chunk);
    first.child.kill('SIGKILL');
    await first.exit;
    await bus.close();
    const killedAt = await progress();
    expect(killedAt.committed).toBeLessThan(killedAt.total);

    const second = spawnPlatform({ ...env, DATA_DIR: dirA });
    await second.url;
    await until((p) => p.committed === p.total);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
    const afterKill = await results(dirA);

    // Replay everything from offset 0 into a fresh store.
    for (const t of TOPICS)
      await admin.resetOffsets({ groupId: group(t), topic: `${prefix}${t}`, earliest: true });
    const dirB = tempDir('eo-b');
    const replay = spawnPlatform({ ...env, DATA_DIR: dirB });
    await replay.url;
    await until((p) => p.committed === p.total);
    replay.child.kill('SIGTERM');
    expect(await replay.exit).toBe(0);
    const clean = await results(dirB);

    console.log(
      `killed at ${killedAt.committed}/${killedAt.total} committed; results ${JSON.stringify(afterKill)}`,
    );
    expect(afterKill).toEqual(clean);
    expect(afterKill).toMatchObject({
      accounts: String(ACCOUNTS),
      articles: String(ACCOUNTS * ARTICLES),
      snapshots: String(ACCOUNTS * ARTICLES * POLLS),
      reads: String(expectedReads),
      latest_reads: String(expectedLatest),
      polls: String(ACCOUNTS * ARTICLES * POLLS),
    });
  });
});

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { ORIGINAL_CODE } from '../core/copyright';
import { tempDir } from '../e2e/harness';
import { buy, type Client, responseRefusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { csvLine } from './queries/history-export';

/**
 * export_history streams an account's history from ClickHouse: 100,000 articles leave as CSV and XLSX while the
 * process's memory stays flat, the files hold every row, and only paying members within their depth get them.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const MID = 42;
const N = 100_000;
let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let paid: Client;

beforeAll(async () => {
  const opened = await openServedApp('export', NOW);
  ({ store, close } = opened);
  base = opened.base;
  await store.insert('accounts', [{ mid: MID, biz: 'NDI=', name: '导出测试号', updated_at: NOW }]);
  // 100,000 articles over the last 150 days (inside a senior member's 6 months), eight a push, 5 reads apart.
  await store.exec(
    `INSERT INTO articles (mid, aid, msgid, idx, title, author, href, pubtime, copyright_stat, updated_at)
     SELECT ${MID}, concat(toString(intDiv(number, 8)), '_', toString(number % 8 + 1)), intDiv(number, 8),
       number % 8 + 1, concat('第', toString(number), '篇，"引号",逗号'), '作者', concat('https://mp.weixin.qq.com/s/', toString(number)),
       toDateTime('2026-11-01 12:00:00', 'Asia/Shanghai') - intDiv(number, 8) * 1000, if(number % 3 = 0, ${ORIGINAL_CODE}, 0),
       now64(3)
     FROM numbers(${N})`,
  );
  await store.exec(
    `INSERT INTO article_snapshots (mid, aid, ts, reads, likes, looking, shares, comments)
     SELECT ${MID}, concat(toString(intDiv(number, 8)), '_', toString(number % 8 + 1)),
       toDateTime('2026-11-01 20:00:00', 'Asia/Shanghai'), number * 5, number % 100, number % 10, 0, 0
     FROM numbers(${N})`,
  );
  paid = await signUp(base);
  await buy(paid, 'vip2_q');
}, 180_000);

afterAll(async () => {
  await close?.();
});

/** Downloads an export, sampling this process's memory while it streams. */
async function download(
  c: Client,
  query: string,
): Promise<{ status: number; bytes: Buffer; peakMb: number }> {
  const res = await fetch(`${base}/fbmain/search/v1/export_history?${query}`, {
    headers: { accessToken: c.token ?? '' },
  });
  const chunks: Buffer[] = [];
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    chunks.push(Buffer.from(chunk));
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  // What the download holds is the file itself; the rest is what producing it cost.
  return {
    status: res.status,
    bytes: Buffer.concat(chunks, size),
    peakMb: (peak - startRss - size) / 2 ** 20,
  };
}

describe('export_history', () => {
  it('streams 100,000 rows as CSV with memory that stays flat', async () => {
    const { status, bytes, peakMb } = await download(paid, `mid=${MID}&format=csv`);
    expect(status).toBe(200);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF发布时间,位置,标题')).toBe(true);
    const lines = text.split('\r\n').filter((l) => l.length > 0);
    expect(lines).toHaveLength(N + 1);
    // Newest push first, positions in order; quotes and commas survive the round trip.
    expect(lines[1]).toBe(
      csvLine([
        '2026-11-01 12:00:00',
        1,
        '第0篇，"引号",逗号',
        '作者',
        '是',
        0,
        0,
        0,
        0,
        0,
        'https://mp.weixin.qq.com/s/0',
        '',
      ]).trim(),
    );
    expect(lines[2]?.startsWith('2026-11-01 12:00:00,2,')).toBe(true);
    console.log(
      `[export] CSV ${N} rows, ${(bytes.length / 2 ** 20).toFixed(1)} MB, extra memory ${peakMb.toFixed(0)} MB`,
    );
    expect(peakMb).toBeLessThan(150);
  });

  it('streams the same rows as a valid XLSX workbook', async () => {
    const { status, bytes, peakMb } = await download(paid, `mid=${MID}&format=xlsx`);
    expect(status).toBe(200);
    const file = path.join(tempDir('export-xlsx'), 'history.xlsx');
    writeFileSync(file, bytes);
    // Python's zipfile checks every CRC and size; the sheet must hold the header and every row.
    const out = execFileSync('python3', [
      '-c',
      `import zipfile,sys,re
z=zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
s=z.read('xl/worksheets/sheet1.xml').decode()
print(len(re.findall('<row ', s)))`,
      file,
    ]).toString();
    expect(Number(out.trim())).toBe(N + 1);
    console.log(
      `[export] XLSX ${N} rows, ${(bytes.length / 2 ** 20).toFixed(1)} MB, extra memory ${peakMb.toFixed(0)} MB`,
    );
    expect(peakMb).toBeLessThan(150);
  });

  it('is for paying members within their history depth; bad input answers in Chinese', async () => {
    const free = await signUp(base);
    const denied = await fetch(`${base}/fbmain/search/v1/export_history?mid=${MID}`, {
      headers: { accessToken: free.token ?? '' },
    });
    expect(((await denied.json()) as { error_code: number }).error_code).toBe(40002);
    const visitor = await fetch(`${base}/fbmain/search/v1/export_history?mid=${MID}`);
    expect(await responseRefusal(visitor)).toBe(40001);
    const bad = await fetch(`${base}/fbmain/search/v1/export_history?mid=${MID}&format=pdf`, {
      headers: { accessToken: paid.token ?? '' },
    });
    expect(await bad.json()).toEqual({
      error_code: 40000,
      msg: '参数错误：格式 (format) 只能是 csv 或 xlsx',
    });
    // A date range limits the rows to it.
    const ranged = await download(paid, `mid=${MID}&format=csv&start_time=2026-10-31&end_time=2026-10-31`);
    const rows = ranged.bytes
      .toString('utf8')
      .split('\r\n')
      .filter((l) => l.length > 0)
      .slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.startsWith('2026-10-31')).toBe(true);
  });
});

import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { ServerStore } from '../clickhouse/server-store';
import type { AnalyticsStore } from '../clickhouse/store';
import { type ConfigError, loadConfig } from '../core/config';

/**
 * `npm run ch -- "SELECT …"`: one read-only query against the analytics store (the embedded chDB
 * under DATA_DIR, or CLICKHOUSE_URL), printed as a table. Writes and setting changes are refused.
 */
const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)));

function printTable(rows: Record<string, unknown>[]): void {
  if (rows.length === 0) {
    console.log('(0 rows)');
    return;
  }
  const cols = Object.keys(rows[0] as object);
  const cell = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const w = cols.map((c) => Math.max(width(c), ...rows.map((r) => width(cell(r[c])))));
  const line = (cells: string[]) => `│ ${cells.map((c, i) => pad(c, w[i] as number)).join(' │ ')} │`;
  console.log(`┌─${w.map((x) => '─'.repeat(x)).join('─┬─')}─┐`);
  console.log(line(cols));
  console.log(`├─${w.map((x) => '─'.repeat(x)).join('─┼─')}─┤`);
  for (const r of rows) console.log(line(cols.map((c) => cell(r[c]))));
  console.log(`└─${w.map((x) => '─'.repeat(x)).join('─┴─')}─┘`);
  console.log(`(${rows.length} rows)`);
}

async function main(): Promise<number> {
  const sql = process.argv.slice(2).join(' ').trim();
  if (!sql) {
    console.error('用法: npm run ch -- "SELECT count() FROM articles FINAL"');
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, ROLE: 'api' });
  } catch (e) {
    console.error((e as ConfigError).message);
    return 2;
  }
  let store: AnalyticsStore;
  try {
    store = config.CLICKHOUSE_URL
      ? new ServerStore(config.CLICKHOUSE_URL, { readonly: true })
      : new ChdbStore(path.join(config.dataDir, 'clickhouse'), { readonly: true });
  } catch {
    console.error(
      `内置 ClickHouse (DATA_DIR=${config.dataDir}) 正被运行中的平台占用：请先停止平台再查询，或在规模化部署中设置 CLICKHOUSE_URL 直接查询 ClickHouse 服务器`,
    );
    return 1;
  }
  try {
    printTable(await store.query(sql));
    return 0;
  } catch (e) {
    console.error(`查询失败：${(e as Error).message.split('\n')[0]}`);
    return 1;
  } finally {
    await store.close();
  }
}

process.exit(await main());

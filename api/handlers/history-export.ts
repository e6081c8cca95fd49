import { Readable } from 'node:stream';
import { contract } from '../../contract';
import { can } from '../../members/membership';
import { xlsxStream } from '../../members/xlsx';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { handleOwn, type Mounted } from '../http/mount';
import { requireLevel } from '../member-session';
import { getAccount } from '../queries/accounts';
import { csvLine, EXPORT_HEADER, historyExportRows } from '../queries/history-export';

/**
 * search/v1/export_history: an account's collected history (back-collected or crawled) as XLSX or CSV, streamed
 * page by page from ClickHouse. Paid members, within their history depth (6/12/18 months). The input is read
 * before the member, so a bad input is refused as such even to a visitor.
 */
export function historyExportHandlers(deps: ApiDeps): Mounted[] {
  return [
    handleOwn(
      contract.search.exportHistory,
      async (q, c) => {
        const member = requireLevel(c, can.paidFeature);
        if (member instanceof Response) return member;
        const account = await getAccount(deps.store, q.mid);
        if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
        const { start } = depthWindow(member, deps.clock.now(), q.start_time);
        const rows = historyExportRows(deps.store, { mid: q.mid, start, end: q.end_time ?? '2149-06-06' });
        const name = `${account.name}_历史文章.${q.format}`;
        const bytes =
          q.format === 'xlsx'
            ? xlsxStream(
                '历史文章',
                (async function* () {
                  yield EXPORT_HEADER;
                  yield* rows;
                })(),
              )
            : (async function* () {
                // A byte-order mark so spreadsheet programs read the Chinese text as UTF-8.
                yield Buffer.from(`\uFEFF${csvLine(EXPORT_HEADER)}`);
                let batch = '';
                for await (const row of rows) {
                  batch += csvLine(row);
                  if (batch.length > 64_000) {
                    yield Buffer.from(batch);
                    batch = '';
                  }
                }
                yield Buffer.from(batch);
              })();
        return c.body(Readable.toWeb(Readable.from(bytes)) as ReadableStream, 200, {
          'content-type':
            q.format === 'xlsx'
              ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              : 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="history.${q.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        });
      },
      { gate: () => null },
    ),
  ];
}

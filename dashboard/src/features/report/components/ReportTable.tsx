// Hourly counters: each hour's last poll and what the hour added. The first hour has no earlier poll to count
// from: its 新增 is shown as unknown (the server answers null), never as the total since publication.
import { Table, type TableProps, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import type { FakeReportRow } from '../../../api/types';
import { formatTotal } from '../../../lib/format';

const count = (v: number) => formatTotal(v);
const added = (v: number | null) =>
  v === null ? (
    <Tooltip title="首次采集：此前没有采集数据，无法计算新增">
      <span className="has-tooltip" data-testid="report-first-add">
        首次采集
      </span>
    </Tooltip>
  ) : (
    formatTotal(v)
  );

const columns: TableProps<FakeReportRow>['columns'] = [
  { title: '日期', dataIndex: 'date' },
  { title: '阅读', dataIndex: 'read', align: 'right', render: count },
  { title: '新增阅读', dataIndex: 'read_add', align: 'right', render: added },
  { title: '点赞', dataIndex: 'praise', align: 'right', render: count },
  { title: '新增点赞', dataIndex: 'praise_add', align: 'right', render: added },
  { title: '在看', dataIndex: 'looking', align: 'right', render: count },
];

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'report-row' }) as HTMLAttributes<HTMLElement>;

export function ReportTable({ rows }: { rows: FakeReportRow[] }) {
  return (
    <Table<FakeReportRow>
      rowKey="date"
      size="small"
      columns={columns}
      dataSource={rows}
      onRow={rowProps}
      locale={{ emptyText: '暂无数据' }}
      pagination={{ pageSize: 24, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}

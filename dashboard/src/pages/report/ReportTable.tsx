// Hourly counters: each hour's last poll and what the hour added.
import { Table, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import type { FakeReportRow } from '../../api/types';
import { formatTotal } from '../../lib/format';

const count = (v: number) => formatTotal(v);

const columns: TableProps<FakeReportRow>['columns'] = [
  { title: '日期', dataIndex: 'date' },
  { title: '阅读', dataIndex: 'read', align: 'right', render: count },
  { title: '新增阅读', dataIndex: 'read_add', align: 'right', render: count },
  { title: '点赞', dataIndex: 'praise', align: 'right', render: count },
  { title: '新增点赞', dataIndex: 'praise_add', align: 'right', render: count },
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

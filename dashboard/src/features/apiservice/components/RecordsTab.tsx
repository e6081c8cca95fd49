// API page tab 3 (消费记录): charged and refunded calls from api_records, filtered by date, exported as CSV or
// Excel through export_api_records.
import { App, Button, DatePicker, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { LedgerRow } from '../../../../../contract/shapes/orders';
import { messageOf } from '../../../api/errors';
import { RetryAlert } from '../../../components/RetryAlert';
import { downloadRecords, useApiRecords } from '../../center';
import { useEndpointName } from '../hooks/endpoint-names';

const KIND: Record<LedgerRow['kind'], { label: string; color: string }> = {
  call: { label: '调用', color: 'blue' },
  refund: { label: '退还', color: 'green' },
  recharge: { label: '充值', color: 'gold' },
  trial: { label: '试用赠送', color: 'purple' },
  forfeit: { label: '注销作废', color: 'default' },
};

export function RecordsTab() {
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState('');
  const dates = {
    start_time: range?.[0]?.format('YYYY-MM-DD') ?? '',
    end_time: range?.[1]?.format('YYYY-MM-DD') ?? '',
  };
  const records = useApiRecords({ page, ...dates });
  const endpointName = useEndpointName();

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadRecords(dates, format);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setExporting('');
    }
  };

  return (
    <div data-testid="records-tab">
      <Space wrap className="block-gap">
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
          placeholder={['开始日期', '结束日期']}
        />
        <Button onClick={() => exportAs('csv')} loading={exporting === 'csv'} data-testid="export-csv">
          导出 CSV
        </Button>
        <Button onClick={() => exportAs('xlsx')} loading={exporting === 'xlsx'} data-testid="export-xlsx">
          导出 Excel
        </Button>
      </Space>
      {records.isError && <RetryAlert message={records.error.message} onRetry={() => records.refetch()} />}
      <Table<LedgerRow>
        rowKey="id"
        size="middle"
        loading={records.isFetching}
        data-testid="records-table"
        dataSource={records.data?.rows ?? []}
        locale={{ emptyText: '暂无消费记录' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: records.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: LedgerRow['kind']) => <Tag color={KIND[k].color}>{KIND[k].label}</Tag>,
          },
          { title: '接口', dataIndex: 'endpoint', render: (id: string) => endpointName(id) },
          {
            title: '次数变化',
            dataIndex: 'amount',
            align: 'right',
            render: (v: number) => (v > 0 ? `+${v}` : String(v)),
          },
          { title: '剩余次数', dataIndex: 'balance_after', align: 'right' },
          { title: '备注', dataIndex: 'ref', ellipsis: true },
        ]}
      />
    </div>
  );
}

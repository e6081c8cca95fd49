// Export an account's collected history for a date range as XLSX or CSV (search/v1 export_history).
import { DatePicker, Radio, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { exportHref } from '../../monitor';
import { ExportButton } from './ExportButton';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

export const dayOf = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export function ExportForm({
  account,
  onAccount,
  range,
  onRange,
}: {
  account: PickedAccount | null;
  onAccount: (a: PickedAccount) => void;
  range: DateRange;
  onRange: (r: DateRange) => void;
}) {
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  return (
    <Space wrap data-testid="export-form">
      <AccountPicker value={account} onChange={onAccount} testId="export-account" />
      <DatePicker.RangePicker
        value={range}
        format="YYYY-MM-DD"
        allowEmpty={[true, true]}
        onChange={(r) => onRange(r)}
        placeholder={['开始日期', '结束日期']}
      />
      <Radio.Group
        data-testid="export-format"
        optionType="button"
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        options={[
          { value: 'xlsx', label: 'Excel' },
          { value: 'csv', label: 'CSV' },
        ]}
      />
      <ExportButton
        type="primary"
        label="下载数据"
        testId="export-submit"
        disabled={!account}
        href={
          account
            ? exportHref({ mid: account.mid, format, start: dayOf(range?.[0]), end: dayOf(range?.[1]) })
            : ''
        }
      />
    </Space>
  );
}

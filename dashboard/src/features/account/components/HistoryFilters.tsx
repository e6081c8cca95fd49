// Filters of the history tab: headline/viral switches, date range, keyword by title or body.
import { DatePicker, Flex, Input, Select, Space, Switch, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';

export type KwType = 'title' | 'body';
export type DateRange = [Dayjs | null, Dayjs | null] | null;

export interface HistoryFilterValues {
  top: boolean;
  hot: boolean;
  range: DateRange;
  kw: string;
  kwType: KwType;
}

interface HistoryFiltersProps {
  value: HistoryFilterValues;
  onChange: (next: HistoryFilterValues) => void;
}

const kwTypeOptions = [
  { value: 'title', label: '标题' },
  {
    value: 'body',
    label: (
      <Tooltip title="默认只搜索三分之一的数据，如需更全的数据请联系客服" placement="right">
        正文
      </Tooltip>
    ),
  },
];

export function HistoryFilters({ value, onChange }: HistoryFiltersProps) {
  const [draftKw, setDraftKw] = useState(value.kw);
  const update = (patch: Partial<HistoryFilterValues>) => onChange({ ...value, ...patch });

  return (
    <Flex wrap gap={16} align="center" className="history-filters">
      <Space size={6}>
        <Switch size="small" checked={value.top} onChange={(top) => update({ top })} aria-label="只看头条" />
        <span>只看头条</span>
      </Space>
      <Space size={6}>
        <Switch size="small" checked={value.hot} onChange={(hot) => update({ hot })} aria-label="只看爆文" />
        <span>只看爆文</span>
      </Space>
      <DatePicker.RangePicker
        value={value.range}
        format="YYYY-MM-DD"
        allowEmpty={[true, true]}
        onChange={(range) => update({ range })}
      />
      <Space.Compact>
        <Select<KwType>
          value={value.kwType}
          options={kwTypeOptions}
          onChange={(kwType) => update({ kwType })}
          style={{ width: 88 }}
          aria-label="搜索范围"
        />
        <Input.Search
          data-testid="history-keyword"
          placeholder="输入关键词，回车搜索"
          allowClear
          value={draftKw}
          onChange={(e) => setDraftKw(e.target.value)}
          onSearch={(kw) => update({ kw: kw.trim() })}
          style={{ width: 260 }}
        />
      </Space.Compact>
    </Flex>
  );
}

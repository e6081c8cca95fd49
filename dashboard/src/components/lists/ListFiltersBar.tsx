// Filters shared by 今日热文 and 低粉爆文: industry, read range, original only and sort order.
import { Button, Flex, InputNumber, Select, Space, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { LIST_PAGE_SIZE } from '../../api/endpoints';
import { useListFilterOptions } from '../../api/queries';
import type { ListFilters, ListSort } from '../../api/types';

export interface ListFilterValues {
  media: string;
  minRead: number | null;
  maxRead: number | null;
  original: boolean;
  sort: ListSort;
}

export const initialListFilters: ListFilterValues = {
  media: '',
  minRead: null,
  maxRead: null,
  original: false,
  sort: 'read',
};

/** The request fields of a list page: empty filters are left out. */
export function toListQuery(filters: ListFilterValues, page: number): ListFilters {
  return {
    media: filters.media || undefined,
    min_read: filters.minRead ?? undefined,
    max_read: filters.maxRead ?? undefined,
    original: filters.original ? 1 : 0,
    sort: filters.sort,
    page,
    num: LIST_PAGE_SIZE,
  };
}

const SORT_LABELS: Record<ListSort, string> = {
  read: '按阅读数',
  zan: '按点赞数',
  looking: '按在看数',
  pubtime: '按发布时间',
  ratio: '按爆文倍数',
};

interface ListFiltersBarProps {
  value: ListFilterValues;
  onChange: (next: ListFilterValues) => void;
  sorts: ListSort[];
  /** Page-specific controls shown first (the burst time window). */
  leading?: ReactNode;
}

export function ListFiltersBar({ value, onChange, sorts, leading }: ListFiltersBarProps) {
  const options = useListFilterOptions();
  const update = (patch: Partial<ListFilterValues>) => onChange({ ...value, ...patch });

  // The read range applies on Enter or when the field loses focus, not on every keystroke.
  const [minDraft, setMinDraft] = useState<number | null>(value.minRead);
  const [maxDraft, setMaxDraft] = useState<number | null>(value.maxRead);
  useEffect(() => setMinDraft(value.minRead), [value.minRead]);
  useEffect(() => setMaxDraft(value.maxRead), [value.maxRead]);
  const commitRange = () => {
    if (minDraft !== value.minRead || maxDraft !== value.maxRead)
      update({ minRead: minDraft, maxRead: maxDraft });
  };

  return (
    <Flex wrap gap={16} align="center" className="list-filters" data-testid="list-filters">
      {leading}
      <Select<string>
        aria-label="行业"
        style={{ width: 160 }}
        value={value.media}
        loading={options.isPending}
        onChange={(media) => update({ media })}
        options={[
          { value: '', label: '全部行业' },
          ...(options.data?.media ?? []).map((media) => ({ value: media, label: media })),
        ]}
      />
      <Space size={6}>
        <span>阅读数</span>
        <InputNumber<number>
          aria-label="最低阅读数"
          placeholder="最低"
          min={0}
          precision={0}
          style={{ width: 110 }}
          value={minDraft}
          onChange={(v) => setMinDraft(v ?? null)}
          onBlur={commitRange}
          onPressEnter={commitRange}
        />
        <span>至</span>
        <InputNumber<number>
          aria-label="最高阅读数"
          placeholder="最高"
          min={0}
          precision={0}
          style={{ width: 110 }}
          value={maxDraft}
          onChange={(v) => setMaxDraft(v ?? null)}
          onBlur={commitRange}
          onPressEnter={commitRange}
        />
      </Space>
      <Space size={6}>
        <Switch
          size="small"
          checked={value.original}
          onChange={(original) => update({ original })}
          aria-label="只看原创"
        />
        <span>只看原创</span>
      </Space>
      <Select<ListSort>
        aria-label="排序"
        style={{ width: 130 }}
        value={value.sort}
        onChange={(sort) => update({ sort })}
        options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      />
      <Button onClick={() => onChange({ ...initialListFilters })}>重置</Button>
    </Flex>
  );
}

// Picks one collected account by name or WeChat id (search/v1 key_search), for the monitors and downloads.
import { Select, Space } from 'antd';
import { useState } from 'react';
import { useAccountSearch } from '../api/queries';
import type { AccountSummary } from '../api/types';
import { AccountAvatar } from './AccountAvatar';

export interface PickedAccount {
  mid: number;
  name: string;
  avatar: string;
}

export function AccountPicker({
  value,
  onChange,
  placeholder = '输入公众号名称或微信号搜索',
  testId = 'account-picker',
}: {
  value: PickedAccount | null;
  onChange: (a: PickedAccount) => void;
  placeholder?: string;
  testId?: string;
}) {
  const [kw, setKw] = useState('');
  const search = useAccountSearch(kw, 1);
  const accounts: AccountSummary[] = search.data?.accounts ?? [];
  return (
    <Select<number>
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setKw }}
      style={{ minWidth: 320 }}
      placeholder={placeholder}
      loading={search.isFetching}
      value={value?.mid}
      notFoundContent={search.isFetching ? '搜索中…' : '没有找到公众号'}
      onChange={(mid) => {
        const a = accounts.find((x) => x.mid === mid);
        if (a) onChange({ mid: a.mid, name: a.name || a.mp_name, avatar: a.avatar });
      }}
      options={(value && !accounts.some((a) => a.mid === value.mid)
        ? [{ mid: value.mid, name: value.name, avatar: value.avatar, wxid: '' }]
        : accounts.map((a) => ({ mid: a.mid, name: a.name || a.mp_name, avatar: a.avatar, wxid: a.wxid }))
      ).map((a) => ({
        value: a.mid,
        label: (
          <Space size={6}>
            <AccountAvatar avatar={a.avatar} name={a.name} size={20} />
            <span>{a.name}</span>
            {a.wxid && <span className="muted">{a.wxid}</span>}
          </Space>
        ),
      }))}
    />
  );
}

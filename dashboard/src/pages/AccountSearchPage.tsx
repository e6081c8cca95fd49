// Account search: keyword lives in the URL (?kw=), list shared with the home page.
import { Card, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountList } from '../components/AccountList';

export function AccountSearchPage() {
  const [params, setParams] = useSearchParams();
  const kw = (params.get('kw') ?? '').trim();
  const [value, setValue] = useState(kw);

  useEffect(() => setValue(kw), [kw]);

  return (
    <>
      <Input.Search
        data-testid="account-search-input"
        className="block-gap"
        size="large"
        placeholder="输入公众号名称、微信号或主体，回车搜索"
        allowClear
        enterButton="搜索"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(next) => setParams(next.trim() ? { kw: next.trim() } : {})}
      />
      <Card title={kw ? `“${kw}”的搜索结果` : '全部公众号'}>
        <AccountList kw={kw} />
      </Card>
    </>
  );
}

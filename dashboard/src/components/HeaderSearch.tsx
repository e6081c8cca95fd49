// Header search box: submits to the account search page.
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { createSearchParams, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlKw = params.get('kw') ?? '';
  const [value, setValue] = useState(urlKw);

  useEffect(() => setValue(urlKw), [urlKw]);
  const { pathname } = useLocation();
  // The article search page has its own large search box, like the account search page.
  if (pathname === '/appsearch/articleSearch') return null;

  const submit = (kw: string) => {
    navigate({ pathname: '/appsearch/index', search: createSearchParams({ kw: kw.trim() }).toString() });
  };

  return (
    <Input.Search
      data-testid="header-search"
      className="header-search"
      placeholder="搜索公众号名称、微信号或主体"
      allowClear
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onSearch={submit}
      enterButton="搜索"
    />
  );
}

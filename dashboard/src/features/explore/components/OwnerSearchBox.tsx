// The owner search box with its results, keyed by ?kw= and ?page= of the page it sits on.
import { Flex, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageParam, textParam } from '../params';
import { OWNER_KW_MAX, OwnerResults, subjectPath } from './OwnerResults';

export function OwnerSearchBox({
  linkTo = subjectPath,
  hint,
}: {
  linkTo?: (owner: string) => string;
  hint: string;
}) {
  const [params, setParams] = useSearchParams();
  const kw = textParam(params, 'kw');
  const page = pageParam(params);
  const [text, setText] = useState(kw);
  return (
    <Flex vertical gap={12}>
      <Input.Search
        data-testid="owner-search-input"
        aria-label="主体名称"
        placeholder="输入主体（公司、机构或个人）名称"
        enterButton="搜索主体"
        size="large"
        maxLength={OWNER_KW_MAX}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => setParams(v.trim() ? { kw: v.trim() } : {})}
      />
      {kw === '' ? (
        <p className="explore-hint" data-testid="owner-search-hint">
          {hint}
        </p>
      ) : (
        <OwnerResults
          kw={kw}
          page={page}
          linkTo={linkTo}
          onPage={(p) => setParams({ kw, page: String(p) })}
        />
      )}
    </Flex>
  );
}

// The link box of the article tools: the link lives in ?url= so a result can be shared and reloaded.
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page's article link from ?url= ('' when none), and a setter that writes it back. */
export function useUrlParam(): [string, (url: string) => void] {
  const [params, setParams] = useSearchParams();
  const url = (params.get('url') ?? '').trim();
  return [url, (next: string) => setParams(next.trim() ? { url: next.trim() } : {})];
}

export function ArticleUrlForm({
  value,
  onSubmit,
  button = '查询',
  placeholder = '粘贴公众号文章链接，如 https://mp.weixin.qq.com/s?__biz=…',
  loading = false,
}: {
  value: string;
  onSubmit: (url: string) => void;
  button?: string;
  placeholder?: string;
  loading?: boolean;
}) {
  const [text, setText] = useState(value);
  // Back and forward change ?url= without this form: follow it.
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      data-testid="article-url-input"
      aria-label="文章链接"
      placeholder={placeholder}
      enterButton={button}
      size="large"
      maxLength={2000}
      allowClear
      loading={loading}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSubmit(v)}
    />
  );
}

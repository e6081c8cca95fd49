// The home page's search: accounts (name, WeChat id, owner) or article titles.
import { Input, Radio } from 'antd';
import { useState } from 'react';
import { createSearchParams, useNavigate } from 'react-router-dom';
import '../../../components/shell/shell.css';

const TARGETS = {
  account: { path: '/appsearch/index', placeholder: '输入公众号名称、微信号或主体', button: '搜公众号' },
  article: { path: '/appsearch/articleSearch', placeholder: '输入文章标题关键词', button: '搜文章' },
} as const;

type Target = keyof typeof TARGETS;

export function HomeSearch() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target>('account');
  const [value, setValue] = useState('');
  const t = TARGETS[target];

  const submit = (text: string) => {
    const kw = text.trim();
    navigate({ pathname: t.path, search: kw ? createSearchParams({ kw }).toString() : '' });
  };

  return (
    <section className="home-hero" data-testid="home-hero">
      <h1>公众号数据平台</h1>
      <p>公众号与文章搜索、排行榜、低粉爆文、今日热文、分钟级监测与开放 API</p>
      <div className="home-hero-search">
        <Radio.Group
          className="home-hero-tabs"
          data-testid="home-search-target"
          optionType="button"
          buttonStyle="solid"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          options={[
            { value: 'account', label: '公众号' },
            { value: 'article', label: '文章' },
          ]}
        />
        <Input.Search
          data-testid="home-search"
          size="large"
          allowClear
          placeholder={t.placeholder}
          enterButton={t.button}
          maxLength={50}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onSearch={submit}
        />
      </div>
    </section>
  );
}

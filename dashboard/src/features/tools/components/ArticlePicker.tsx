// Finds a collected article by title (search/v1 article_search_/title, last 30 days) for pages opened without one.
import { Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ArticleSearchQuery, useArticleSearch } from '../../../api/shell-queries';
import type { ListArticle } from '../../../api/types';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountName } from '../../../lib/account';
import { formatCount, positionLabel } from '../../../lib/format';

export function ArticlePicker({ onPick, hint }: { onPick: (a: ListArticle) => void; hint: string }) {
  const [kw, setKw] = useState('');
  const q: ArticleSearchQuery | null =
    kw === '' ? null : { kw, days: 30, original: 0, sort: 'read', page: 1, num: 20 };
  const search = useArticleSearch(q);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Input.Search
        data-testid="article-title-search"
        aria-label="文章标题关键词"
        placeholder="输入文章标题关键词，查找近 30 天已收录的文章"
        enterButton="搜索文章"
        size="large"
        maxLength={50}
        allowClear
        onSearch={(v) => setKw(v.trim())}
      />
      {kw === '' ? (
        <Typography.Paragraph type="secondary" data-testid="article-picker-hint">
          {hint}
        </Typography.Paragraph>
      ) : search.isError ? (
        <RetryAlert message={search.error.message} onRetry={() => search.refetch()} />
      ) : (
        <List
          data-testid="article-picker-list"
          loading={search.isFetching}
          dataSource={search.data?.article_list ?? []}
          locale={{ emptyText: <Empty description={`没有找到标题包含“${kw}”的文章`} /> }}
          renderItem={(a) => (
            <List.Item
              data-testid="article-picker-item"
              className="tool-pick-item"
              onClick={() => onPick(a)}
              extra={<span className="muted">阅读 {formatCount(a.read)}</span>}
            >
              <Space size={6} wrap>
                <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
                <Typography.Link>{a.title || '（无标题）'}</Typography.Link>
                <span className="muted">
                  {accountName(a)} · {a.pubtime}
                </span>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}

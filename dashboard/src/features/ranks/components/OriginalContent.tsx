// 原创内容 (original/v1 onelevel → secondlevel → hotarticle): industries with original articles, the tags within the
// chosen one, and the hot original articles of that industry and tag.
import { Card, Flex, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { BarChart } from '../../../components/charts/BarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { ListArticleTable } from '../../../components/lists/ListArticleTable';
import { formatTotal } from '../../../lib/format';
import {
  type HotOriginalSort,
  type OriginalDays,
  useHotOriginals,
  useOriginalCategories,
  useOriginalTags,
} from '../hooks/rank-queries';

const DAYS: { value: OriginalDays; label: string }[] = [
  { value: 1, label: '今天' },
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
];

const SORTS: { value: HotOriginalSort; label: string }[] = [
  { value: 'read', label: '按阅读' },
  { value: 'zan', label: '按点赞' },
  { value: 'pubtime', label: '按发布时间' },
];

export function OriginalContent() {
  const [days, setDays] = useState<OriginalDays>(7);
  const [media, setMedia] = useState('');
  const [tag, setTag] = useState('');
  const [orderby, setOrderby] = useState<HotOriginalSort>('read');
  const [page, setPage] = useState(1);
  const categories = useOriginalCategories(days);
  const tags = useOriginalTags(media, days);
  const hot = useHotOriginals({ media, tag, days, orderby, page });

  const chooseMedia = (m: string) => {
    setMedia(m === media ? '' : m);
    setTag('');
    setPage(1);
  };

  return (
    <Card
      className="block-gap original-content"
      data-testid="original-content"
      title="原创内容分类"
      extra={
        <Radio.Group
          data-testid="original-days"
          size="small"
          optionType="button"
          value={days}
          options={DAYS}
          onChange={(e) => {
            setDays(e.target.value as OriginalDays);
            setTag('');
            setPage(1);
          }}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        一级分类为公众号所属行业，二级分类为该行业公众号的标签；统计所选时间内发布的原创文章。
        {categories.data ? `共 ${formatTotal(categories.data.article_total)} 篇原创文章。` : ''}
      </Typography.Paragraph>
      {categories.isError ? (
        <TabError error={categories.error} onRetry={() => categories.refetch()} />
      ) : (
        <>
          <BarChart
            testId="original-chart"
            ariaLabel="各行业原创文章数"
            data={(categories.data?.list ?? []).map((c) => ({
              key: c.media,
              label: c.media,
              value: c.article_num,
            }))}
          />
          <Flex wrap gap={8} className="block-gap" data-testid="original-media">
            <Tag.CheckableTag checked={media === ''} onChange={() => chooseMedia('')}>
              全部行业
            </Tag.CheckableTag>
            {(categories.data?.list ?? []).map((c) => (
              <Tag.CheckableTag
                key={c.media}
                checked={media === c.media}
                onChange={() => chooseMedia(c.media)}
              >
                {c.media}（{formatTotal(c.article_num)}）
              </Tag.CheckableTag>
            ))}
          </Flex>
        </>
      )}
      {media !== '' && (
        <Flex wrap gap={8} className="block-gap" data-testid="original-tags">
          <Typography.Text type="secondary">{media}标签：</Typography.Text>
          <Tag.CheckableTag checked={tag === ''} onChange={() => setTag('')}>
            全部
          </Tag.CheckableTag>
          {(tags.data?.list ?? []).map((t) => (
            <Tag.CheckableTag
              key={t.tag}
              checked={tag === t.tag}
              onChange={() => {
                setTag(tag === t.tag ? '' : t.tag);
                setPage(1);
              }}
            >
              {t.tag}（{formatTotal(t.article_num)}篇 · {formatTotal(t.account_num)}个号）
            </Tag.CheckableTag>
          ))}
        </Flex>
      )}
      <Flex align="center" gap={12} className="block-gap">
        <Typography.Title level={5} style={{ margin: 0 }}>
          热门原创文章{media ? ` · ${media}` : ''}
          {tag ? ` · ${tag}` : ''}
        </Typography.Title>
        <Radio.Group
          data-testid="original-sort"
          size="small"
          value={orderby}
          options={SORTS}
          onChange={(e) => {
            setOrderby(e.target.value as HotOriginalSort);
            setPage(1);
          }}
        />
      </Flex>
      {hot.isError ? (
        <TabError error={hot.error} onRetry={() => hot.refetch()} />
      ) : (
        <div data-testid="original-hot">
          <ListArticleTable
            variant="hot"
            articles={hot.data?.article_list ?? []}
            total={hot.data?.total_number ?? 0}
            page={page}
            loading={hot.isPending || hot.isFetching}
            onPageChange={setPage}
          />
        </div>
      )}
    </Card>
  );
}

// 小程序搜索 (/appsearch/searchild): search/v1 minipro_search by name, appid, original id or description; the
// keyword lives in ?kw= so a search can be shared and the back button works.
import { Card, Flex, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { type MiniproSort, useMiniproSearch } from '../../ranks';
import { MiniproTable } from '../components/MiniproTable';
import '../../../components/styles/ranks.css';

const SORTS: { value: MiniproSort; label: string }[] = [
  { value: 'exposure', label: '按曝光' },
  { value: 'article', label: '按涉及文章' },
  { value: 'account', label: '按涉及公众号' },
];

export function MiniproSearchPage() {
  const [params, setParams] = useSearchParams();
  const kw = (params.get('kw') ?? '').trim();
  const [text, setText] = useState(kw);
  const [sort, setSort] = useState<MiniproSort>('exposure');
  const [page, setPage] = useState(1);
  const q = useMiniproSearch(kw, sort, page);
  return (
    <Card title="小程序搜索" data-testid="minipro-search-page">
      <Flex vertical gap={12}>
        <Input.Search
          data-testid="minipro-search-input"
          aria-label="小程序名称或 appid"
          placeholder="输入小程序名称、appid 或描述关键词"
          enterButton="搜索"
          size="large"
          maxLength={30}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => {
            setPage(1);
            setParams(v.trim() ? { kw: v.trim() } : {});
          }}
        />
        <Flex align="center" gap={12}>
          <Radio.Group
            data-testid="minipro-sort"
            value={sort}
            options={SORTS}
            onChange={(e) => {
              setSort(e.target.value as MiniproSort);
              setPage(1);
            }}
          />
          <Typography.Text type="secondary">曝光为嵌入该小程序的公众号文章的阅读合计</Typography.Text>
        </Flex>
        {kw === '' ? (
          <Typography.Paragraph type="secondary" data-testid="minipro-search-hint">
            输入关键词后搜索被公众号文章嵌入过的小程序，查看曝光、涉及文章与公众号。
          </Typography.Paragraph>
        ) : q.isError ? (
          <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />
        ) : (
          <MiniproTable
            recent
            rows={q.data?.applet_data ?? []}
            total={q.data?.total ?? 0}
            page={page}
            loading={q.isPending || q.isFetching}
            onPageChange={setPage}
            empty={`没有找到与“${kw}”相关的小程序`}
          />
        )}
      </Flex>
    </Card>
  );
}

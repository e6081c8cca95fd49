// 主体详情 (/appsearch/subject?owner=): one owner's accounts, industries, areas and combined figures over 7 or 30 days
// (monitor/v1 brand_detail; owner information is for deluxe members and above, the server answers the limit).
// Without an owner the page is the owner search.
import { Button, Card, Descriptions, Flex, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { TabError } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { WindowDaysSwitch } from '../../../components/WindowDaysSwitch';
import { formatTotal } from '../../../lib/format';
import { type BrandDays, useBrandDetail } from '../../ranks';
import { OwnerAccountsTable } from '../components/OwnerAccountsTable';
import { OwnerSearchBox } from '../components/OwnerSearchBox';
import { textParam } from '../params';
import '../explore.css';

function SubjectBody({ owner }: { owner: string }) {
  const [days, setDays] = useState<BrandDays>(30);
  const [page, setPage] = useState(1);
  const detail = useBrandDetail({ owner, days, page }, true);
  if (detail.isError)
    return (
      <TabError error={detail.error} onRetry={() => detail.refetch()} limitTitle={detail.error.message} />
    );
  const d = detail.data;
  return (
    <Flex vertical gap={16} data-testid="subject-body">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'owner', label: '主体名称', children: <b data-testid="subject-owner">{owner}</b> },
          {
            key: 'accounts',
            label: '旗下公众号',
            children: <span data-testid="subject-accounts">{d ? `${d.accounts} 个` : '-'}</span>,
          },
          {
            key: 'range',
            label: '统计区间',
            children: d ? `${d.start_day} 至 ${d.end_day}` : '-',
          },
          {
            key: 'media',
            label: '行业',
            children: d?.media.length ? d.media.map((m) => <Tag key={m}>{m}</Tag>) : '-',
          },
          { key: 'areas', label: '地区', children: d?.areas.join('、') || '-' },
        ]}
      />
      <Flex wrap gap={12} align="center">
        <WindowDaysSwitch
          testId="subject-days"
          value={days}
          onChange={(d) => {
            setDays(d);
            setPage(1);
          }}
        />
        <Link to={`/appsearch/brandvolumelist?owner=${encodeURIComponent(owner)}`}>
          <Button type="link">查看品牌声量趋势</Button>
        </Link>
      </Flex>
      <Flex wrap gap={32} data-testid="subject-summary">
        <Statistic
          title="活跃公众号"
          value={d ? `${d.active_accounts} / ${d.accounts}` : '-'}
          loading={detail.isPending}
        />
        <Statistic title="发文篇数" value={formatTotal(d?.articles)} loading={detail.isPending} />
        <Statistic title="总阅读" value={formatTotal(d?.reads)} loading={detail.isPending} />
        <Statistic title="篇均阅读" value={formatTotal(d?.avg_reads)} loading={detail.isPending} />
        <Statistic title="点赞" value={formatTotal(d?.likes)} loading={detail.isPending} />
        <Statistic title="估算活跃粉丝" value={formatTotal(d?.fans)} loading={detail.isPending} />
      </Flex>
      <OwnerAccountsTable
        list={d?.list ?? []}
        total={d?.total ?? 0}
        page={page}
        loading={detail.isFetching}
        onPage={setPage}
      />
    </Flex>
  );
}

export function SubjectPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const owner = textParam(params, 'owner');
  if (owner === '')
    return (
      <Card title="主体详情" data-testid="subject-page">
        <OwnerSearchBox hint="输入主体名称搜索，选择一个主体查看它旗下的全部公众号、行业、地区与发文阅读数据。" />
      </Card>
    );
  return (
    <Card title={`主体详情 · ${owner}`} data-testid="subject-page">
      {session ? <SubjectBody key={owner} owner={owner} /> : <LoginPrompt what="使用主体详情" />}
    </Card>
  );
}

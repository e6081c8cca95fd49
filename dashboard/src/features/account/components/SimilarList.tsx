// The similar-accounts list (spec §2 "Similar accounts popup"): sort 0–5, 'N results found', 20 per page; each item
// opens its detail, its own similar accounts, or goes to favourites. Used by the popup and the /appsearch/similar page.
import { Button, Checkbox, Empty, Flex, Pagination, Popover, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { accountQrcodeUrl } from '../../../api/endpoints';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TabError } from '../../../components/gates/LevelLimit';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatRatio, formatTotal } from '../../../lib/format';
import { SIMILAR_PAGE_SIZE, type SimilarAccount, useSimilar } from '../hooks/detail-queries';

const SORTS = ['匹配度', '估算活跃粉丝', '头条平均点赞', '头条平均阅读', '周发文数', '指数'].map(
  (label, value) => ({
    value,
    label,
  }),
);

export interface SimilarBase {
  mid: number;
  name: string;
  same_owner: number;
}

function openDetail(mid: number) {
  markDetailNavigation();
  window.open(`/main${accountDetailPath(mid)}`, '_blank', 'noopener');
}

function SimilarItem({
  account,
  checked,
  onCheck,
  onSimilar,
}: {
  account: SimilarAccount;
  checked: boolean;
  onCheck: (v: boolean) => void;
  onSimilar: () => void;
}) {
  const name = account.name || account.mp_name;
  return (
    <Flex gap={12} className="similar-item" data-testid="similar-item" align="flex-start">
      <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={`选择${name}`} />
      <Popover
        content={
          <div className="account-qrcode">
            <img src={accountQrcodeUrl(account.mid)} alt="二维码" width={120} height={120} />
            <div>微信扫码关注</div>
          </div>
        }
      >
        <span className="account-avatar-trigger">
          <AccountAvatar avatar={account.avatar} name={name} size={48} />
        </span>
      </Popover>
      <div className="similar-item-main">
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong data-testid="similar-name">
            {name}
          </Typography.Text>
          <Typography.Text type="secondary">{account.wxid}</Typography.Text>
          {account.media && <Tag>{account.media}</Tag>}
        </Flex>
        <div className="similar-stats">
          主体：<b>{account.owner || account.zhuti || '-'}</b>同主体：<b>{account.same_owner} 个</b>指数：
          <b>{formatRatio(account.index)}</b>匹配度：<b>{formatRatio(account.match)}</b>
        </div>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: '4px 0' }}>
          {account.desc || '暂无简介'}
        </Typography.Paragraph>
        <div className="similar-stats">
          估算活跃粉丝 <b>{formatTotal(account.fans)}</b>头条平均阅读{' '}
          <b>{formatTotal(account.head_avg_read)}</b>
          头条平均点赞 <b>{formatTotal(account.head_avg_zan)}</b>周发文{' '}
          <b>{formatTotal(account.week_posts)}</b>
        </div>
      </div>
      <Flex vertical gap={4}>
        <Button size="small" onClick={() => openDetail(account.mid)}>
          查看详情
        </Button>
        <Button size="small" onClick={onSimilar} data-testid="similar-nested">
          相似公众号
        </Button>
        <FavoritePicker mids={[account.mid]}>
          <Button size="small" data-testid="similar-favorite">
            加入收藏
          </Button>
        </FavoritePicker>
      </Flex>
    </Flex>
  );
}

export function SimilarList({ base, onSimilar }: { base: SimilarBase; onSimilar: (a: SimilarBase) => void }) {
  const [sort, setSort] = useState(0);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const { data, isPending, isFetching, isError, error, refetch } = useSimilar(
    { mid: base.mid, page, sort },
    true,
  );
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  const accounts = data?.accounts ?? [];
  const toggle = (mid: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(mid);
    else next.delete(mid);
    setChecked(next);
  };
  return (
    <div data-testid="similar-list">
      <Flex justify="space-between" align="center" wrap gap={8} className="block-gap">
        <Flex gap={8} align="center">
          <span>排序：</span>
          <Select
            data-testid="similar-sort"
            value={sort}
            options={SORTS}
            style={{ width: 150 }}
            onChange={(v) => {
              setSort(v);
              setPage(1);
            }}
          />
          <span data-testid="similar-total">共找到 {formatTotal(data?.total ?? 0)} 个结果</span>
        </Flex>
        <FavoritePicker mids={[...checked]}>
          <Button type="primary" size="small" data-testid="similar-favorite-checked">
            批量加入收藏{checked.size > 0 ? `（${checked.size}）` : ''}
          </Button>
        </FavoritePicker>
      </Flex>
      <Spin spinning={isPending || isFetching}>
        {accounts.length === 0 && !isPending ? (
          <Empty description="暂无数据" />
        ) : (
          accounts.map((a) => (
            <SimilarItem
              key={a.mid}
              account={a}
              checked={checked.has(a.mid)}
              onCheck={(v) => toggle(a.mid, v)}
              onSimilar={() => onSimilar({ mid: a.mid, name: a.name || a.mp_name, same_owner: a.same_owner })}
            />
          ))
        )}
      </Spin>
      {(data?.total ?? 0) > SIMILAR_PAGE_SIZE && (
        <Pagination
          className="history-pager"
          align="end"
          current={page}
          pageSize={SIMILAR_PAGE_SIZE}
          total={data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </div>
  );
}

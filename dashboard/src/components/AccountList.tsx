// Paged account table from key_search; shared by the home and search pages.
import { Table, type TableProps, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_PAGE_SIZE } from '../api/endpoints';
import { useAccountSearch } from '../api/queries';
import type { AccountSummary } from '../api/types';
import { accountDetailPath, accountName, accountOwner, markDetailNavigation } from '../lib/account';
import { formatTotal } from '../lib/format';
import { AccountAvatar } from './AccountAvatar';
import { RetryAlert } from './RetryAlert';

const orDash = (value: string) => value || '-';

const columns: TableProps<AccountSummary>['columns'] = [
  {
    title: '公众号',
    key: 'name',
    width: 220,
    render: (_, account) => {
      const name = accountName(account);
      return (
        <span className="account-cell">
          <AccountAvatar avatar={account.avatar} name={name} size={36} />
          <Link
            data-testid="account-name"
            to={accountDetailPath(account.mid)}
            onClick={markDetailNavigation}
            className="account-cell-name"
          >
            {name || '-'}
          </Link>
        </span>
      );
    },
  },
  { title: '微信号', key: 'wxid', render: (_, a) => orDash(a.wxid || a.wx) },
  { title: '主体', key: 'owner', render: (_, a) => orDash(accountOwner(a)) },
  { title: '行业', dataIndex: 'media', render: orDash },
  { title: '地区', dataIndex: 'area', render: orDash },
  {
    title: '标签',
    dataIndex: 'tag',
    render: (tags: string[] | undefined) =>
      tags?.length ? tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-',
  },
  {
    title: '已抓取文章',
    dataIndex: 'mp_fetch_sum',
    align: 'right',
    render: (value: number) => formatTotal(value),
  },
  { title: '最近发文', dataIndex: 'pubtime', render: orDash },
];

const accountRowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'account-row' }) as HTMLAttributes<HTMLElement>;

function AccountTable({ kw }: { kw: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useAccountSearch(kw, page);

  return (
    <>
      {isError && <RetryAlert message={error.message} onRetry={() => refetch()} />}
      <Table<AccountSummary>
        rowKey="mid"
        columns={columns}
        dataSource={data?.accounts ?? []}
        loading={isPending || isFetching}
        onRow={accountRowProps}
        locale={{ emptyText: '暂无数据' }}
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize: ACCOUNT_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${formatTotal(total)} 个公众号`,
          onChange: setPage,
        }}
      />
    </>
  );
}

/** Account list for a keyword ('' = all accounts); the page resets when the keyword changes. */
export function AccountList({ kw }: { kw: string }) {
  return <AccountTable key={kw} kw={kw} />;
}

// An owner's accounts with their figures over the chosen window (monitor/v1 brand_detail's list): used by the owner
// page and the same-owner page.
import { Table, Tag } from 'antd';
import { accountFigureColumns } from '../../../components/lists/figure-columns';
import { formatTotal } from '../../../lib/format';
import type { AccountFigures } from '../../ranks';
import { RANK_PAGE_SIZE } from '../../ranks';
import { AccountLink } from './AccountLink';

export function OwnerAccountsTable({
  list,
  total,
  page,
  loading,
  onPage,
}: {
  list: AccountFigures[];
  total: number;
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Table<AccountFigures>
      rowKey="mid"
      dataSource={list}
      loading={loading}
      onRow={() => ({ 'data-testid': 'owner-account-row' }) as never}
      locale={{ emptyText: '该主体暂无已收录的公众号' }}
      scroll={{ x: 1000 }}
      pagination={{
        current: page,
        pageSize: RANK_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (t) => `共 ${formatTotal(t)} 个公众号`,
        onChange: onPage,
      }}
      columns={[
        {
          title: '公众号',
          key: 'account',
          width: 220,
          render: (_, a) => (
            <AccountLink mid={a.mid} name={a.name} wxid={a.wxid} avatar={a.avatar} testId="owner-account" />
          ),
        },
        { title: '行业', dataIndex: 'media', width: 90, render: (v: string) => (v ? <Tag>{v}</Tag> : '-') },
        { title: '地区', dataIndex: 'area', width: 80, render: (v: string) => v || '-' },
        ...accountFigureColumns<AccountFigures>(),
      ]}
    />
  );
}

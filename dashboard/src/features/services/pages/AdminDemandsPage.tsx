// 需求管理 (/admin/demands): the demands sent from the service pages, for admins only. Visitors get the login
// prompt and members who are not admins a refusal; neither calls the admin endpoints.

import { App, Card, Flex, Result, Select, Statistic, Table, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEMAND_SERVICE_KEYS,
  DEMAND_SERVICES,
  DEMAND_STATUS_KEYS,
  DEMAND_STATUSES,
  type DemandService,
  type DemandStatus,
} from '../../../../../contract/demand-services';
import type { DemandRow } from '../../../../../contract/shapes/demands';
import { messageOf } from '../../../api/errors';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { useMemberInfo } from '../../center';
import { SERVICE_PAGES } from '../content/content';
import { DEMAND_PAGE_SIZE, useDemandList, useUpdateDemandStatus } from '../hooks/demand-queries';
import '../services.css';

const pageOf = (service: string) => SERVICE_PAGES.find((p) => p.service === service)?.path;

function StatusSelect({ row }: { row: DemandRow }) {
  const update = useUpdateDemandStatus();
  const { message } = App.useApp();
  return (
    <Select<DemandStatus>
      size="small"
      style={{ width: 100 }}
      data-testid="demand-status"
      value={row.status}
      loading={update.isPending}
      options={DEMAND_STATUS_KEYS.map((s) => ({ value: s, label: DEMAND_STATUSES[s] }))}
      onChange={(status) =>
        update.mutate(
          { id: row.id, status },
          {
            onSuccess: (msg) => message.success(msg),
            onError: (e) => message.error(messageOf(e)),
          },
        )
      }
    />
  );
}

function DemandBoard() {
  const [status, setStatus] = useState<DemandStatus | ''>('');
  const [service, setService] = useState<DemandService | ''>('');
  const [page, setPage] = useState(1);
  const q = useDemandList({ status, service, page }, true);
  const counts = q.data?.counts;
  return (
    <>
      <Flex wrap gap={16} className="block-gap" data-testid="demand-counts">
        {DEMAND_STATUS_KEYS.map((s) => (
          <Card size="small" key={s}>
            <Statistic title={DEMAND_STATUSES[s]} value={counts?.[s] ?? '-'} />
          </Card>
        ))}
      </Flex>
      <Flex wrap gap={12} className="block-gap">
        <Select<DemandStatus | ''>
          data-testid="demand-filter-status"
          style={{ width: 140 }}
          value={status}
          options={[
            { value: '', label: '全部状态' },
            ...DEMAND_STATUS_KEYS.map((s) => ({ value: s, label: DEMAND_STATUSES[s] })),
          ]}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <Select<DemandService | ''>
          data-testid="demand-filter-service"
          style={{ width: 200 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={service}
          options={[
            { value: '', label: '全部服务' },
            ...DEMAND_SERVICE_KEYS.map((s) => ({ value: s, label: DEMAND_SERVICES[s] })),
          ]}
          onChange={(v) => {
            setService(v);
            setPage(1);
          }}
        />
      </Flex>
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <Table<DemandRow>
        rowKey="id"
        size="middle"
        data-testid="demand-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        onRow={() => ({ 'data-testid': 'demand-row' }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: '暂无需求' }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: DEMAND_PAGE_SIZE,
          total: q.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条需求`,
          onChange: setPage,
        }}
        columns={[
          { title: '提交时间', dataIndex: 'created_at', width: 170 },
          {
            title: '服务',
            dataIndex: 'service_name',
            width: 150,
            render: (name: string, r) => {
              const path = pageOf(r.service);
              return path ? <Link to={path}>{name}</Link> : name || '未注明';
            },
          },
          {
            title: '联系人',
            key: 'contact',
            width: 200,
            render: (_, r) => (
              <div>
                <div data-testid="demand-contact">
                  {r.name} {r.phone}
                </div>
                {r.company && <div className="muted">{r.company}</div>}
              </div>
            ),
          },
          {
            title: '需求',
            dataIndex: 'content',
            render: (t: string) => (
              <Typography.Paragraph
                className="demand-content"
                data-testid="demand-text"
                ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
              >
                {t}
              </Typography.Paragraph>
            ),
          },
          { title: '来源页面', dataIndex: 'source_path', width: 160, render: (p: string) => p || '—' },
          { title: '状态', key: 'status', width: 120, render: (_, r) => <StatusSelect row={r} /> },
        ]}
      />
    </>
  );
}

function AdminDemandsBody() {
  const session = useSession();
  const me = useMemberInfo();
  let body: ReactNode;
  if (!session) body = <LoginPrompt what="使用需求管理" />;
  else if (me.isPending) body = <Card loading />;
  else if (me.isError) body = <RetryAlert message={messageOf(me.error)} onRetry={() => me.refetch()} />;
  else if (me.data.is_admin !== 1)
    body = (
      <Result
        status="403"
        title="仅管理员可访问"
        subTitle="需求管理只对管理员开放"
        data-testid="admin-only"
      />
    );
  else body = <DemandBoard />;
  return (
    <Card title="需求管理" className="service-page" data-testid="admin-demands-page">
      <p className="muted">
        各服务页提交的定制需求：按状态与服务筛选，跟进后修改状态（待处理 → 联系中 → 已完成）。
      </p>
      {body}
    </Card>
  );
}

export function AdminDemandsPage() {
  return (
    <App component={false}>
      <AdminDemandsBody />
    </App>
  );
}

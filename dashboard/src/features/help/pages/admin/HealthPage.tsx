// 采集与总线健康 (/admin/health): what the serving process knows about the pipeline (admin/v1/health), every
// 10 seconds: roles and store readiness, bus lag, collectors' heartbeats and last rounds, monitor tasks,
// credential states and upstream requests.
import { Alert, Card, Col, Descriptions, Row, Skeleton, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../../components/RetryAlert';
import { AdminOnly } from '../../components/AdminOnly';
import { type Health, useHealth } from '../../hooks/queries';
import '../../help.css';

const CHECK_NAMES: Record<string, string> = {
  clickhouse: 'ClickHouse',
  postgres: 'PostgreSQL',
  bus: '消息总线',
  first_crawl: '第一轮采集已入库',
  analytics: '分析处理已追上',
};
const STATE_NAMES: Record<string, string> = {
  active: '可用',
  cooling: '冷却中',
  expired: '已失效',
  disabled: '已停用',
  waiting: '等待开始',
  monitoring: '监测中',
};

/** A part of the answer that failed on the server (e.g. ClickHouse busy) shows its error in place. */
function PartOf<T>({
  part,
  children,
}: {
  part: { ok: true; data: T } | { ok: false; error: string };
  children: (d: T) => ReactNode;
}) {
  return part.ok ? children(part.data) : <Alert type="error" showIcon title={`读取失败：${part.error}`} />;
}

function HealthView({ h }: { h: Health }) {
  const counts = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
  return (
    <>
      <Card title="进程" size="small" className="block-gap">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="角色">
            <span data-testid="health-roles">{h.roles.length ? h.roles.join(', ') : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="数据来源">{h.demo ? '内置模拟器（演示数据）' : '微信'}</Descriptions.Item>
          <Descriptions.Item label="就绪">
            <Tag color={h.readiness.ready ? 'green' : 'orange'} data-testid="health-ready">
              {h.readiness.ready ? '就绪' : '启动中'}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
        {Object.entries(h.readiness.checks).map(([k, v]) => (
          <Tag key={k} color={v ? 'green' : 'red'}>
            {CHECK_NAMES[k] ?? k}：{v ? '正常' : '未就绪'}
          </Tag>
        ))}
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card
            title={`消息总线（${h.bus.kind === 'kafka' ? 'Kafka' : h.bus.kind === 'memory' ? '进程内' : '本进程未连接'}）`}
            size="small"
            className="block-gap"
          >
            <Table
              size="small"
              rowKey={(r) => `${r.topic}/${r.group}`}
              pagination={false}
              dataSource={h.bus.lag}
              locale={{ emptyText: '本进程没有消费者' }}
              data-testid="health-lag"
              columns={[
                { title: '主题', dataIndex: 'topic' },
                { title: '消费组', dataIndex: 'group' },
                { title: '未处理消息', dataIndex: 'lag' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="采集器心跳" size="small" className="block-gap">
            <PartOf part={h.collectors}>
              {(rows) => (
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={rows}
                  locale={{ emptyText: '没有登记的采集器（固定分片时采集器不登记心跳）' }}
                  data-testid="health-collectors"
                  columns={[
                    { title: '采集器', dataIndex: 'name' },
                    { title: '最近心跳', dataIndex: 'heartbeat_at' },
                    { title: '距今', dataIndex: 'age_s', render: (s: number) => `${s} 秒` },
                  ]}
                />
              )}
            </PartOf>
          </Card>
        </Col>
      </Row>
      <Card title="采集轮次（每个采集器的最近一轮）" size="small" className="block-gap">
        <PartOf part={h.crawl_rounds}>
          {(rows) => (
            <Table
              size="small"
              rowKey="collector"
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: '还没有完成的采集轮次' }}
              data-testid="health-rounds"
              scroll={{ x: 800 }}
              columns={[
                { title: '采集器', dataIndex: 'collector' },
                { title: '轮次', dataIndex: 'round' },
                { title: '已完成轮数', dataIndex: 'rounds' },
                { title: '开始', dataIndex: 'last_started_at', render: (v: string) => v.slice(0, 19) },
                { title: '结束', dataIndex: 'last_finished_at', render: (v: string) => v.slice(0, 19) },
                { title: '公众号', dataIndex: 'accounts' },
                { title: '新文章', dataIndex: 'articles' },
                { title: '计数快照', dataIndex: 'snapshots' },
                {
                  title: '错误',
                  dataIndex: 'errors',
                  render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
                },
              ]}
            />
          )}
        </PartOf>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title="分钟级监测任务" size="small" className="block-gap">
            <PartOf part={h.monitor_tasks.all}>
              {(rows) => (
                <Table
                  size="small"
                  rowKey={(r) => `${r.state}/${r.owner}`}
                  pagination={false}
                  dataSource={rows}
                  locale={{ emptyText: '没有进行中的监测任务' }}
                  data-testid="health-tasks"
                  columns={[
                    { title: '状态', dataIndex: 'state', render: (s: string) => STATE_NAMES[s] ?? s },
                    { title: '持有的采集器', dataIndex: 'owner', render: (o: string) => o || '尚未分配' },
                    { title: '任务数', dataIndex: 'count' },
                  ]}
                />
              )}
            </PartOf>
            <p className="help-muted" style={{ marginTop: 8 }}>
              本进程的采集器持有：{counts(h.monitor_tasks.held_here)} 个
            </p>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title="上游凭据"
            size="small"
            className="block-gap"
            extra={<Link to="/admin/credentials">管理</Link>}
          >
            <PartOf part={h.credentials.database}>
              {(rows) => (
                <Table
                  size="small"
                  rowKey={(r) => `${r.source}/${r.state}`}
                  pagination={false}
                  dataSource={rows}
                  locale={{ emptyText: '数据库中没有凭据' }}
                  data-testid="health-credentials"
                  columns={[
                    { title: '类型', dataIndex: 'source' },
                    { title: '状态', dataIndex: 'state', render: (s: string) => STATE_NAMES[s] ?? s },
                    { title: '数量', dataIndex: 'count' },
                  ]}
                />
              )}
            </PartOf>
            {h.credentials.in_use_here.length > 0 && (
              <p className="help-muted" style={{ marginTop: 8 }}>
                本进程采集器使用中：
                {h.credentials.in_use_here
                  .map((r) => `${r.source} ${STATE_NAMES[r.state] ?? r.state} ${r.count} 个`)
                  .join('，')}
              </p>
            )}
          </Card>
        </Col>
      </Row>
      <Card title="上游请求（本进程启动以来）" size="small">
        <Table
          size="small"
          rowKey={(r) => `${r.source}/${r.outcome}`}
          pagination={false}
          dataSource={h.upstream_requests}
          locale={{ emptyText: '本进程没有上游请求（采集器在其他进程）' }}
          columns={[
            { title: '来源', dataIndex: 'source' },
            { title: '结果', dataIndex: 'outcome', render: (o: string) => (o === 'ok' ? '成功' : o) },
            { title: '次数', dataIndex: 'count' },
          ]}
        />
      </Card>
    </>
  );
}

function HealthBody() {
  const health = useHealth(true);
  if (health.isPending) return <Skeleton active />;
  if (health.isError) return <RetryAlert message={health.error.message} onRetry={() => health.refetch()} />;
  return (
    <div data-testid="health-view">
      <p className="help-muted">
        更新于 {new Date(health.data.now).toLocaleString('zh-CN')}，每 10 秒自动刷新。
      </p>
      <HealthView h={health.data} />
    </div>
  );
}

export function HealthPage() {
  return (
    <div className="help-page" data-testid="admin-health">
      <Card title="采集与总线健康" extra={<Link to="/admin">管理后台</Link>}>
        <AdminOnly>
          <HealthBody />
        </AdminOnly>
      </Card>
    </div>
  );
}

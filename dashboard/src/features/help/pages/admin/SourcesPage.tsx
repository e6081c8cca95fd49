// 数据来源与额度 (/admin/sources): what the collectors spend and how fresh it keeps each tier (admin/v1/sources):
// the source chain of each capability (editable), each source's credential pool with today's budget, egress IP
// budgets, the paid keys' spend this month, every collector's tiers; and adding a WeChat Reading account by QR.
import { Alert, App, Button, Card, Image, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSystemInfo } from '../../../../api/queries';
import { RetryAlert } from '../../../../components/RetryAlert';
import { AdminOnly } from '../../components/AdminOnly';
import {
  type SourcesAnswer,
  useDemoScan,
  useReadingLoginState,
  useSetChain,
  useSources,
  useStartReadingLogin,
} from '../../hooks/sources';
import '../../help.css';

const CAPABILITY_NAMES: Record<string, string> = {
  search: '搜索公众号',
  lists: '文章列表',
  counts: '阅读/点赞/在看数',
  pages: '文章正文',
  videos: '视频号动态',
};
const SOURCE_NAMES: Record<string, string> = {
  mp: '公众平台后台',
  client: '微信客户端凭据',
  weread: '微信读书',
  paid: '付费数据接口',
};
const SET_BY: Record<string, { label: string; color: string }> = {
  default: { label: '默认', color: 'default' },
  env: { label: '环境变量', color: 'blue' },
  admin: { label: '管理员设置', color: 'green' },
};
const TIER_NAMES: Record<string, string> = {
  monitor: '付费监测',
  member: '会员关注',
  active: '近期活跃',
  rest: '其他',
};

/** Seconds as the page reads them: 分钟 under two hours, else 小时. */
function duration(s: number | null): string {
  if (s === null) return '—';
  return s < 7200 ? `${Math.round(s / 60)} 分钟` : `${(s / 3600).toFixed(1)} 小时`;
}

const yuan = (fen: number | null) => (fen === null ? '不限' : `¥${(fen / 100).toFixed(2)}`);

function ChainEditor({ row, known }: { row: SourcesAnswer['chains'][number]; known: string[] }) {
  const { message } = App.useApp();
  const set = useSetChain();
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = async (chain: string[]) => {
    try {
      await set.mutateAsync({ capability: row.capability, chain: chain.join(',') });
      message.success(chain.length ? '来源链已保存，一分钟内生效' : '已恢复默认来源链');
      setDraft(null);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Space wrap>
      <Select
        mode="multiple"
        style={{ minWidth: 320 }}
        value={draft ?? row.chain}
        onChange={setDraft}
        options={known.map((k) => ({ value: k, label: SOURCE_NAMES[k] ?? k }))}
        aria-label={`${CAPABILITY_NAMES[row.capability]}的来源链`}
        data-testid={`chain-${row.capability}`}
      />
      <Button
        type="primary"
        size="small"
        disabled={draft === null || draft.length === 0}
        loading={set.isPending}
        onClick={() => draft && void save(draft)}
        data-testid={`chain-save-${row.capability}`}
      >
        保存
      </Button>
      {row.set_by === 'admin' && (
        <Button size="small" onClick={() => void save([])} data-testid={`chain-reset-${row.capability}`}>
          恢复默认
        </Button>
      )}
    </Space>
  );
}

function ReadingLogin({ onClose }: { onClose: () => void }) {
  const demo = useSystemInfo().data?.demo ?? false;
  const start = useStartReadingLogin();
  const [dailyBudget, setDailyBudget] = useState(50);
  const uid = start.data?.uid ?? null;
  const state = useReadingLoginState(uid, dailyBudget);
  const scan = useDemoScan();
  const added = state.data?.state === 'added';
  return (
    <Modal open title="添加微信读书账号" footer={null} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <span className="help-muted">
          用一个微信号扫码登录微信读书，该账号即加入采集池。微信读书每个账号每天约可请求 50
          次，超出会被临时封禁。
        </span>
        <Space>
          每日额度
          <InputNumber
            min={1}
            max={10000}
            value={dailyBudget}
            onChange={(v) => setDailyBudget(v ?? 50)}
            disabled={uid !== null}
            data-testid="weread-budget"
          />
          次
        </Space>
        {!uid && (
          <Button
            type="primary"
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="weread-start"
          >
            生成登录二维码
          </Button>
        )}
        {start.error && <Alert type="error" showIcon title={(start.error as Error).message} />}
        {uid && start.data && !added && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Image src={start.data.qr_image} width={200} preview={false} alt="微信读书登录二维码" />
            <span data-testid="weread-waiting">请用微信扫描二维码并在手机上确认…</span>
            {demo && (
              <Button
                onClick={() => scan.mutate({ uid, dailyBudget })}
                loading={scan.isPending}
                data-testid="weread-demo-scan"
              >
                演示：模拟手机扫码
              </Button>
            )}
          </Space>
        )}
        {(state.error || scan.error) && (
          <Alert type="error" showIcon title={((state.error ?? scan.error) as Error).message} />
        )}
        {added && (
          <Alert
            type="success"
            showIcon
            title={`已添加微信读书账号「${state.data?.name || '未命名'}」（凭据 #${state.data?.credential_id}）`}
            data-testid="weread-added"
          />
        )}
      </Space>
    </Modal>
  );
}

function SourcesView({ d }: { d: SourcesAnswer }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      {!d.budgets_on && (
        <Alert
          className="block-gap"
          type="info"
          showIcon
          title="当前使用内置模拟器的匿名凭据（演示），不计额度；配置真实凭据（UPSTREAM_CREDENTIALS=db）后按额度分配请求。"
        />
      )}
      <Card title="来源链" size="small" className="block-gap">
        <Table
          size="small"
          rowKey="capability"
          pagination={false}
          dataSource={d.chains}
          data-testid="sources-chains"
          columns={[
            { title: '能力', dataIndex: 'capability', render: (c: string) => CAPABILITY_NAMES[c] ?? c },
            {
              title: '依次尝试的来源',
              render: (_, r) => <ChainEditor row={r} known={d.known_sources} />,
            },
            {
              title: '设置来源',
              dataIndex: 'set_by',
              render: (s: string) => <Tag color={SET_BY[s]?.color}>{SET_BY[s]?.label ?? s}</Tag>,
            },
          ]}
        />
      </Card>
      <Card
        title="凭据池与今日额度"
        size="small"
        className="block-gap"
        extra={
          <Space>
            <Button size="small" onClick={() => setAdding(true)} data-testid="weread-add">
              扫码添加微信读书账号
            </Button>
            <Link to="/admin/credentials">管理凭据（含付费接口密钥）</Link>
          </Space>
        }
      >
        <Table
          size="small"
          rowKey="source"
          pagination={false}
          dataSource={d.pools}
          data-testid="sources-pools"
          columns={[
            { title: '来源', dataIndex: 'source', render: (s: string) => SOURCE_NAMES[s] ?? s },
            { title: '凭据', dataIndex: 'credentials' },
            {
              title: '状态',
              render: (_, p) => (
                <Space size={2} wrap>
                  {p.active > 0 && <Tag color="green">可用 {p.active}</Tag>}
                  {p.cooling > 0 && <Tag color="gold">冷却 {p.cooling}</Tag>}
                  {p.expired > 0 && <Tag color="red">失效 {p.expired}</Tag>}
                  {p.banned > 0 && <Tag color="volcano">封禁 {p.banned}</Tag>}
                  {p.disabled > 0 && <Tag>停用 {p.disabled}</Tag>}
                  {p.credentials === 0 && <span className="help-muted">无</span>}
                </Space>
              ),
            },
            {
              title: '今日已用 / 额度',
              render: (_, p) => `${p.used_today} / ${p.cap_today === null ? '不限' : p.cap_today}`,
            },
            {
              title: '请求 / 失败 / 频控',
              render: (_, p) => `${p.requests} / ${p.failures} / ${p.freq_limited}`,
            },
            { title: '最近成功', dataIndex: 'last_success_at', render: (t: string | null) => t ?? '—' },
            { title: '最早到期', dataIndex: 'soonest_expiry', render: (t: string | null) => t ?? '—' },
          ]}
        />
      </Card>
      <Card title="出口 IP 今日额度" size="small" className="block-gap">
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={d.egress}
          locale={{ emptyText: '今天还没有经出口 IP 计额度的请求' }}
          columns={[
            { title: '出口', dataIndex: 'key' },
            { title: '已用 / 额度', render: (_, e) => `${e.used} / ${e.cap}` },
          ]}
        />
      </Card>
      <Card title="付费接口本月花费" size="small" className="block-gap">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.paid}
          locale={{ emptyText: '没有付费接口密钥' }}
          data-testid="sources-paid"
          columns={[
            { title: '密钥', dataIndex: 'label' },
            { title: '单价', dataIndex: 'cost_fen', render: (f: number) => yuan(f) },
            {
              title: '本月花费 / 上限',
              render: (_, p) => `${yuan(p.spent_fen)} / ${yuan(p.monthly_cap_fen)}`,
            },
            { title: '调用', dataIndex: 'calls' },
            { title: '计费的失败调用', dataIndex: 'charged_failures' },
          ]}
        />
      </Card>
      <Card title="按层级的新鲜度（各采集器最近一次报告）" size="small" className="block-gap">
        <Table
          size="small"
          rowKey={(t) => `${t.collector}/${t.tier}`}
          pagination={false}
          dataSource={d.tiers}
          locale={{ emptyText: '还没有采集器报告层级（只有按额度采集时才分层）' }}
          data-testid="sources-tiers"
          columns={[
            { title: '采集器', dataIndex: 'collector' },
            { title: '层级', dataIndex: 'tier', render: (t: string) => TIER_NAMES[t] ?? t },
            { title: '公众号', dataIndex: 'accounts' },
            { title: '目标间隔', dataIndex: 'target_s', render: (s: number) => duration(s) },
            {
              title: '今日额度可支撑',
              render: (_, t) =>
                t.planned_s === null ? (
                  <Tag color="red">今天没有额度</Tag>
                ) : t.stale_by_s ? (
                  <Tag color="orange">
                    {duration(t.planned_s)}（落后 {duration(t.stale_by_s)}）
                  </Tag>
                ) : (
                  <Tag color="green">{duration(t.planned_s)}</Tag>
                ),
            },
            {
              title: '新文发现延迟 p50 / p95',
              render: (_, t) => `${duration(t.p50_s)} / ${duration(t.p95_s)}（${t.discovered} 篇）`,
            },
            { title: '报告时间', dataIndex: 'reported_at' },
          ]}
        />
      </Card>
      {adding && <ReadingLogin onClose={() => setAdding(false)} />}
    </>
  );
}

function Sources() {
  const q = useSources(true);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Card loading />;
  return <SourcesView d={q.data} />;
}

export function SourcesPage() {
  return (
    <div className="help-page" data-testid="admin-sources">
      <Card title="数据来源与额度" extra={<Link to="/admin">返回管理后台</Link>}>
        <AdminOnly>
          <Sources />
        </AdminOnly>
      </Card>
    </div>
  );
}

// 上游凭据 (/admin/credentials): the collectors' upstream credentials with state, cooldown and counts; add a new
// one, rotate its secret, lift a cooldown or disable it (admin/v1/credentials). Secrets come back masked.
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../../components/RetryAlert';
import { AdminOnly } from '../../components/AdminOnly';
import { type Credential, useCredentials, useCredentialWrite } from '../../hooks/queries';
import '../../help.css';

const SOURCES = [
  { value: 'mp', label: 'mp（公众平台后台）' },
  { value: 'weread', label: 'weread（微信读书）' },
  { value: 'client', label: 'client（微信客户端）' },
  { value: 'finder', label: 'finder（视频号）' },
  { value: 'paid', label: 'paid（付费数据接口）' },
];
const STATES: Record<Credential['state'], { label: string; color: string }> = {
  active: { label: '可用', color: 'green' },
  cooling: { label: '冷却中', color: 'gold' },
  expired: { label: '已失效', color: 'red' },
  disabled: { label: '已停用', color: 'default' },
  banned: { label: '已封禁', color: 'volcano' },
};
const SECRET_HINT =
  'JSON 对象：mp 为 {"token", "cookie"}，weread 为 {"cookie"}（含 wr_vid、wr_skey；也可在数据来源页扫码添加），client 为 {"key", "uin"}，paid 为 {"key"}；保存后只显示每个字段的末 4 位。';

interface AddForm {
  source: string;
  label: string;
  secret: string;
  daily_budget?: number | null;
  expires_at?: string;
  egress?: string;
  cost_fen?: number | null;
  monthly_cap_fen?: number | null;
  charges_failures?: boolean;
}

/** The add form's fields as the call takes them (empty numbers left out: no limit). */
const addFields = (f: AddForm) => ({
  source: f.source,
  label: f.label ?? '',
  secret: f.secret,
  ...(f.daily_budget != null ? { daily_budget: f.daily_budget } : {}),
  ...(f.expires_at ? { expires_at: f.expires_at } : {}),
  ...(f.egress ? { egress: f.egress } : {}),
  ...(f.cost_fen != null ? { cost_fen: f.cost_fen } : {}),
  ...(f.monthly_cap_fen != null ? { monthly_cap_fen: f.monthly_cap_fen } : {}),
  charges_failures: f.charges_failures ? '1' : '0',
});

function SecretModal({ target, onClose }: { target: Credential | 'new'; onClose: () => void }) {
  const { message } = App.useApp();
  const write = useCredentialWrite();
  const [form] = Form.useForm<AddForm>();
  const source = Form.useWatch('source', form);
  const submit = async (f: AddForm) => {
    try {
      await write.mutateAsync(
        target === 'new'
          ? { method: 'POST', fields: addFields(f) }
          : { method: 'PUT', fields: { id: target.id, secret: f.secret } },
      );
      message.success(target === 'new' ? '凭据已添加' : '凭据已轮换');
      onClose();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Modal
      open
      title={target === 'new' ? '添加凭据' : `轮换凭据 #${target.id}`}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={write.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ source: 'mp', label: '' }} onFinish={submit}>
        {target === 'new' && (
          <>
            <Form.Item name="source" label="上游类型">
              <Select options={SOURCES} data-testid="credential-source" />
            </Form.Item>
            <Form.Item name="label" label="备注">
              <Input maxLength={100} placeholder="如：运营号 A" data-testid="credential-label" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="secret"
          label="凭据"
          extra={SECRET_HINT}
          rules={[{ required: true, whitespace: true, message: '请填写凭据' }]}
        >
          <Input.TextArea rows={4} data-testid="credential-secret" />
        </Form.Item>
        {target === 'new' && (
          <Space wrap>
            <Form.Item name="daily_budget" label="每日额度（次，空为不限）">
              <InputNumber min={0} precision={0} data-testid="credential-budget" />
            </Form.Item>
            <Form.Item name="expires_at" label="过期时间（北京时间）">
              <Input placeholder="YYYY-MM-DD HH:mm" data-testid="credential-expires" />
            </Form.Item>
            <Form.Item name="egress" label="出口 IP">
              <Input placeholder="留空为默认出口" />
            </Form.Item>
          </Space>
        )}
        {target === 'new' && source === 'paid' && (
          <Space wrap>
            <Form.Item name="cost_fen" label="每次调用费用（分）">
              <InputNumber min={0} precision={0} data-testid="credential-cost" />
            </Form.Item>
            <Form.Item name="monthly_cap_fen" label="每月费用上限（分，空为不限）">
              <InputNumber min={0} precision={0} data-testid="credential-cap" />
            </Form.Item>
            <Form.Item name="charges_failures" label="失败调用也收费" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

function Credentials() {
  const { message } = App.useApp();
  const list = useCredentials(true);
  const write = useCredentialWrite();
  const [editing, setEditing] = useState<Credential | 'new' | null>(null);
  const setState = async (c: Credential, state: 'active' | 'disabled') => {
    try {
      await write.mutateAsync({ method: 'PUT', fields: { id: c.id, state } });
      message.success(state === 'active' ? '已启用' : '已停用');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => list.refetch()} />;
  return (
    <>
      <Space className="block-gap">
        <Button type="primary" onClick={() => setEditing('new')} data-testid="credential-add">
          添加凭据
        </Button>
        <span className="help-muted">
          采集器在 UPSTREAM_CREDENTIALS=db 时使用这些凭据；内置模拟器不需要凭据。各状态的数量也见
          <Link to="/admin/health">采集健康</Link>。
        </span>
      </Space>
      <Table<Credential>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有凭据' }}
        scroll={{ x: 1300 }}
        data-testid="credential-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 56 },
          { title: '类型', dataIndex: 'source', width: 70 },
          { title: '备注', dataIndex: 'label', width: 120, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: Credential['state'], c) => (
              <Tooltip
                title={
                  [c.cooling_until ? `冷却至 ${c.cooling_until}` : '', c.last_error]
                    .filter(Boolean)
                    .join('；') || undefined
                }
              >
                <Tag color={STATES[s].color}>{STATES[s].label}</Tag>
              </Tooltip>
            ),
          },
          {
            title: '每日额度',
            dataIndex: 'daily_budget',
            width: 90,
            render: (v: number | null) => (v === null ? '不限' : `${v} 次`),
          },
          { title: '到期', dataIndex: 'expires_at', width: 150, render: (v: string | null) => v ?? '—' },
          {
            title: '单价 / 月上限',
            key: 'paid',
            width: 130,
            render: (_, c) =>
              c.source === 'paid'
                ? `¥${(c.cost_fen / 100).toFixed(2)} / ${c.monthly_cap_fen === null ? '不限' : `¥${(c.monthly_cap_fen / 100).toFixed(2)}`}`
                : '—',
          },
          {
            title: '请求 / 失败 / 频控',
            key: 'counts',
            width: 130,
            render: (_, c) => `${c.requests} / ${c.failures} / ${c.freq_limited}`,
          },
          {
            title: '最近成功',
            dataIndex: 'last_success_at',
            width: 150,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: '凭据',
            dataIndex: 'secret',
            width: 200,
            ellipsis: true,
            render: (s: Record<string, string>) =>
              Object.entries(s)
                .map(([k, v]) => `${k}: ${v}`)
                .join('，'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(c)}>
                  轮换
                </Button>
                {c.state === 'disabled' || c.state === 'cooling' ? (
                  <Button type="link" size="small" onClick={() => setState(c, 'active')}>
                    启用
                  </Button>
                ) : null}
                {c.state !== 'disabled' && (
                  <Button type="link" size="small" danger onClick={() => setState(c, 'disabled')}>
                    停用
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <SecretModal target={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

export function CredentialsPage() {
  return (
    <App component={false}>
      <div className="help-page" data-testid="admin-credentials">
        <Card title="上游凭据" extra={<Link to="/admin">管理后台</Link>}>
          <AdminOnly>
            <Credentials />
          </AdminOnly>
        </Card>
      </div>
    </App>
  );
}

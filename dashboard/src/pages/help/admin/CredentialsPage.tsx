// 上游凭据 (/admin/credentials): the collectors' upstream credentials with state, cooldown and counts; add a new
// one, rotate its secret, lift a cooldown or disable it (admin/v1/credentials). Secrets come back masked.
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { AdminOnly } from '../AdminOnly';
import { type Credential, useCredentials, useCredentialWrite } from '../queries';
import '../help.css';

const SOURCES = [
  { value: 'mp', label: 'mp（公众平台后台）' },
  { value: 'weread', label: 'weread（微信读书）' },
  { value: 'client', label: 'client（微信客户端）' },
  { value: 'finder', label: 'finder（视频号）' },
];
const STATES: Record<Credential['state'], { label: string; color: string }> = {
  active: { label: '可用', color: 'green' },
  cooling: { label: '冷却中', color: 'gold' },
  expired: { label: '已失效', color: 'red' },
  disabled: { label: '已停用', color: 'default' },
};
const SECRET_HINT = 'JSON 对象，如 {"token": "…", "cookie": "…"}；保存后只显示每个字段的末 4 位。';

function SecretModal({ target, onClose }: { target: Credential | 'new'; onClose: () => void }) {
  const { message } = App.useApp();
  const write = useCredentialWrite();
  const [form] = Form.useForm<{ source: string; label: string; secret: string }>();
  const submit = async (f: { source: string; label: string; secret: string }) => {
    try {
      await write.mutateAsync(
        target === 'new'
          ? { method: 'POST', fields: { source: f.source, label: f.label ?? '', secret: f.secret } }
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
        scroll={{ x: 1000 }}
        data-testid="credential-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          { title: '类型', dataIndex: 'source', width: 80 },
          { title: '备注', dataIndex: 'label' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 120,
            render: (s: Credential['state'], c) => (
              <Tooltip title={c.last_error || undefined}>
                <Tag color={STATES[s].color}>{STATES[s].label}</Tag>
              </Tooltip>
            ),
          },
          { title: '冷却至', dataIndex: 'cooling_until', width: 180, render: (v: string | null) => v ?? '—' },
          { title: '请求', dataIndex: 'requests', width: 80 },
          { title: '失败', dataIndex: 'failures', width: 80 },
          { title: '频率限制', dataIndex: 'freq_limited', width: 90 },
          {
            title: '最近使用',
            dataIndex: 'last_used_at',
            width: 180,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: '凭据',
            dataIndex: 'secret',
            render: (s: Record<string, string>) =>
              Object.entries(s)
                .map(([k, v]) => `${k}: ${v}`)
                .join('，'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 180,
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

// 账号绑定 (/binding, /appsearch/binding): which logins the account has (phone, WeChat, QQ); bind WeChat or QQ by
// scanning (the shared bind dialog), unbind them (the phone and password stay the login), change the password.
import { App, Button, Card, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Provider } from '../../../auth/api';
import { openLogin } from '../../../auth/dialog';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { useMemberInfo } from '../../center';
import { unbind } from '../hooks/queries';
import '../help.css';

const BindDialog = lazy(() => import('../../../components/login/QqBindDialog'));

interface Row {
  key: 'phone' | Provider;
  name: string;
  bound: boolean;
  detail: string;
}

function Bindings() {
  const { message } = App.useApp();
  const info = useMemberInfo();
  const [binding, setBinding] = useState<Provider | null>(null);
  if (info.isPending) return <Skeleton active />;
  if (info.isError) return <RetryAlert message={info.error.message} onRetry={() => info.refetch()} />;
  const u = info.data;
  const rows: Row[] = [
    { key: 'phone', name: '手机号', bound: u.phone !== '', detail: u.phone || '未绑定' },
    {
      key: 'wechat',
      name: '微信',
      bound: u.wx_bound === 1,
      detail: u.wx_bound ? '可使用微信扫码登录' : '绑定后可使用微信扫码登录',
    },
    {
      key: 'qq',
      name: 'QQ',
      bound: u.qq_bound === 1,
      detail: u.qq_bound ? '可使用 QQ 扫码登录' : '绑定后可使用 QQ 扫码登录',
    },
  ];
  const doUnbind = async (p: Provider) => {
    try {
      message.success(await unbind(p));
      await info.refetch();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <>
      <Table<Row>
        rowKey="key"
        pagination={false}
        dataSource={rows}
        data-testid="binding-table"
        columns={[
          { title: '登录方式', dataIndex: 'name', width: 120 },
          {
            title: '状态',
            key: 'state',
            width: 120,
            render: (_, r) =>
              r.bound ? (
                <Tag color="green" data-testid={`binding-${r.key}-state`}>
                  已绑定
                </Tag>
              ) : (
                <Tag data-testid={`binding-${r.key}-state`}>未绑定</Tag>
              ),
          },
          { title: '说明', dataIndex: 'detail' },
          {
            title: '操作',
            key: 'action',
            width: 200,
            render: (_, r) => {
              if (r.key === 'phone')
                return (
                  <Button type="link" onClick={() => openLogin({ view: 'reset' })}>
                    修改登录密码
                  </Button>
                );
              const p = r.key;
              return r.bound ? (
                <Popconfirm
                  title={`解绑${r.name}？`}
                  description="解绑后不能再用它扫码登录，手机号和密码仍可登录。"
                  okText="解绑"
                  cancelText="取消"
                  onConfirm={() => doUnbind(p)}
                >
                  <Button type="link" danger data-testid={`binding-${p}-unbind`}>
                    解绑
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" onClick={() => setBinding(p)} data-testid={`binding-${p}-bind`}>
                  扫码绑定
                </Button>
              );
            },
          },
        ]}
      />
      <p className="help-muted" style={{ marginTop: 16 }}>
        手机号是账号的登录名，用于找回密码，暂不支持更换。不再使用本平台时可以
        <Link to="/deletion">注销账号</Link>。
      </p>
      {binding && (
        <Suspense fallback={null}>
          <BindDialog
            open
            provider={binding}
            message={message}
            onClose={(bound) => {
              setBinding(null);
              if (bound) void info.refetch();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export function BindingPage() {
  const session = useSession();
  return (
    <App component={false}>
      <div className="help-page" data-testid="binding-page">
        <Card title="账号绑定">{session ? <Bindings /> : <LoginPrompt what="管理账号绑定" />}</Card>
      </div>
    </App>
  );
}

// The member's API keys: create (the new key is shown once), list, revoke. Shared by the API page's examples tab
// and the API application page (/appsearch/applicatio).
import { Alert, App, Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../../api/errors';
import { RetryAlert } from '../../../components/RetryAlert';
import { type ApiKeyRow, useApiKeyActions, useApiKeys } from '../../center';

export function KeysPanel({ onNewKey }: { onNewKey: (key: string) => void }) {
  const { message } = App.useApp();
  const keys = useApiKeys();
  const { create, revoke } = useApiKeyActions();
  const [name, setName] = useState('');
  const [fresh, setFresh] = useState('');

  const onCreate = () =>
    create.mutate(name.trim() || '默认密钥', {
      onSuccess: (r) => {
        setFresh(r.key);
        onNewKey(r.key);
        setName('');
        message.success('创建成功');
      },
      onError: (e) => message.error(messageOf(e)),
    });

  return (
    <div className="block-gap" data-testid="api-keys">
      <Space wrap className="block-gap">
        <Input
          placeholder="密钥名称（选填）"
          value={name}
          maxLength={32}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 220 }}
        />
        <Button type="primary" onClick={onCreate} loading={create.isPending} data-testid="api-key-create">
          创建密钥
        </Button>
      </Space>
      {fresh && (
        <Alert
          className="block-gap"
          type="success"
          showIcon
          title="新密钥只显示这一次，请妥善保存："
          description={
            <Typography.Text copyable code data-testid="api-key-fresh">
              {fresh}
            </Typography.Text>
          }
        />
      )}
      {keys.isError && <RetryAlert message={keys.error.message} onRetry={() => keys.refetch()} />}
      <Table<ApiKeyRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={keys.isFetching}
        dataSource={keys.data ?? []}
        locale={{ emptyText: '暂无密钥，创建后即可调用接口' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '密钥前缀', dataIndex: 'prefix', render: (v) => <code>{v}…</code> },
          { title: '创建时间', dataIndex: 'created_at' },
          {
            title: '状态',
            dataIndex: 'revoked',
            render: (v) => (v ? <Tag>已作废</Tag> : <Tag color="green">有效</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            render: (_, k) =>
              k.revoked ? null : (
                <Popconfirm
                  title="作废后使用该密钥的调用将失败，确定作废吗？"
                  okText="作废"
                  cancelText="取消"
                  onConfirm={() =>
                    revoke.mutate(k.id, {
                      onSuccess: () => message.success('已作废'),
                      onError: (e) => message.error(messageOf(e)),
                    })
                  }
                >
                  <Button type="link" danger size="small">
                    作废
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </div>
  );
}

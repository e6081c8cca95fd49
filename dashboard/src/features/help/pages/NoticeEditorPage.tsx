// 公告编辑 (/bianji, also /admin/notices): admins create, edit, pin, publish or unpublish and delete notices.
// Others see 仅管理员可编辑公告 and the page calls nothing admin-only.
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { AdminOnly } from '../components/AdminOnly';
import { type Notice, useAdminNotices, useNoticeWrite } from '../hooks/queries';
import '../help.css';

interface Fields {
  title: string;
  content: string;
  pinned: boolean;
  published: boolean;
}

function NoticeForm({ editing, onClose }: { editing: Notice | 'new'; onClose: () => void }) {
  const { message } = App.useApp();
  const write = useNoticeWrite();
  const [form] = Form.useForm<Fields>();
  const initial: Fields =
    editing === 'new'
      ? { title: '', content: '', pinned: false, published: true }
      : {
          title: editing.title,
          content: editing.content ?? '',
          pinned: editing.pinned === 1,
          published: editing.published === 1,
        };
  const submit = async (f: Fields) => {
    const fields = {
      title: f.title,
      content: f.content,
      pinned: f.pinned ? 1 : 0,
      published: f.published ? 1 : 0,
    };
    try {
      await write.mutateAsync(
        editing === 'new'
          ? { method: 'POST', fields }
          : { method: 'PUT', fields: { id: editing.id, ...fields } },
      );
      message.success(editing === 'new' ? '公告已创建' : '公告已保存');
      onClose();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Modal
      open
      title={editing === 'new' ? '新建公告' : '编辑公告'}
      okText="保存"
      cancelText="取消"
      width={720}
      confirmLoading={write.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'notice-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="notice-form">
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '公告标题不能为空' },
            { max: 100, message: '公告标题不能超过 100 个字' },
          ]}
        >
          <Input placeholder="公告标题" maxLength={100} showCount data-testid="notice-title-input" />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          extra="纯文本，换行会保留。"
          rules={[
            { required: true, whitespace: true, message: '公告内容不能为空' },
            { max: 20_000, message: '公告内容不能超过 20000 个字' },
          ]}
        >
          <Input.TextArea rows={10} placeholder="公告内容" data-testid="notice-content-input" />
        </Form.Item>
        <Space size={32}>
          <Form.Item name="published" label="发布" valuePropName="checked">
            <Switch checkedChildren="已发布" unCheckedChildren="草稿" data-testid="notice-published-switch" />
          </Form.Item>
          <Form.Item name="pinned" label="置顶" valuePropName="checked">
            <Switch data-testid="notice-pinned-switch" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function NoticeTable() {
  const { message } = App.useApp();
  const notices = useAdminNotices(true);
  const write = useNoticeWrite();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const act = async (method: 'PUT' | 'DELETE', fields: Record<string, number>, done: string) => {
    try {
      await write.mutateAsync({ method, fields });
      message.success(done);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (notices.isError)
    return <RetryAlert message={notices.error.message} onRetry={() => notices.refetch()} />;
  return (
    <>
      <Space className="block-gap">
        <Button type="primary" onClick={() => setEditing('new')} data-testid="notice-new">
          新建公告
        </Button>
        <Link to="/newnotice">查看公告页</Link>
      </Space>
      <Table<Notice>
        rowKey="id"
        loading={notices.isPending}
        dataSource={notices.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有公告，点击“新建公告”发布第一条' }}
        data-testid="notice-admin-table"
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string, n) =>
              n.published ? <Link to={`/newnotice?id=${n.id}`}>{t}</Link> : <span>{t}</span>,
          },
          {
            title: '状态',
            key: 'state',
            width: 140,
            render: (_, n) => (
              <Space size={4}>
                {n.published ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>}
                {n.pinned ? <Tag color="red">置顶</Tag> : null}
              </Space>
            ),
          },
          {
            title: '发布时间',
            dataIndex: 'published_at',
            width: 170,
            render: (v: string | null) => v ?? '—',
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 260,
            render: (_, n) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(n)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    act('PUT', { id: n.id, pinned: n.pinned ? 0 : 1 }, n.pinned ? '已取消置顶' : '已置顶')
                  }
                >
                  {n.pinned ? '取消置顶' : '置顶'}
                </Button>
                <Button
                  type="link"
                  size="small"
                  data-testid={`notice-toggle-${n.id}`}
                  onClick={() =>
                    act(
                      'PUT',
                      { id: n.id, published: n.published ? 0 : 1 },
                      n.published ? '已下线' : '已发布',
                    )
                  }
                >
                  {n.published ? '下线' : '发布'}
                </Button>
                <Popconfirm
                  title="删除这条公告？"
                  description="删除后不可恢复。"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => act('DELETE', { id: n.id }, '公告已删除')}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <NoticeForm editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

export function NoticeEditorPage() {
  return (
    <App component={false}>
      <div className="help-page" data-testid="notice-editor">
        <Card title="公告编辑">
          <AdminOnly denied="仅管理员可编辑公告">
            <NoticeTable />
          </AdminOnly>
        </Card>
      </div>
    </App>
  );
}

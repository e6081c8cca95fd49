// One open-API operation as its document describes it: method, address, price, parameters, answer fields,
// errors and the 在线调试 form. Shown by the docs page (/appsearch/APIAssemble) and the detail pages.
import { Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DocOperation } from '../openapi';
import { TryIt } from './TryIt';

export function OperationView({
  op,
  apiKey,
  beforeTry,
}: {
  op: DocOperation;
  apiKey: string;
  /** Shown between the errors and the try-it form (the detail pages' code samples). */
  beforeTry?: ReactNode;
}) {
  return (
    <div data-testid={`op-${op.id}`}>
      <Typography.Title level={4}>{op.summary}</Typography.Title>
      <Space style={{ marginBottom: 8 }} wrap>
        <Tag color={op.method === 'GET' ? 'blue' : 'green'}>{op.method}</Tag>
        <Typography.Text code copyable>
          {op.url}
        </Typography.Text>
        <Tag color="gold">计费：{op.cost}</Tag>
      </Space>
      <Typography.Paragraph>{op.description}</Typography.Paragraph>
      <Typography.Title level={5}>
        {op.method === 'GET' ? '查询参数' : '请求体（JSON 或表单）'}
      </Typography.Title>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={op.fields}
        locale={{ emptyText: '无参数' }}
        columns={[
          {
            title: '参数',
            dataIndex: 'name',
            width: 120,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '类型', dataIndex: 'type', width: 110 },
          { title: '必填', dataIndex: 'required', width: 60, render: (v: boolean) => (v ? '是' : '否') },
          { title: '说明', dataIndex: 'description' },
          {
            title: '示例',
            dataIndex: 'example',
            width: 240,
            render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        返回字段（data 内）
      </Typography.Title>
      <Table
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={op.answer}
        columns={[
          {
            title: '字段',
            dataIndex: 'path',
            width: 220,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '类型', dataIndex: 'type', width: 160 },
          { title: '说明', dataIndex: 'description' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        每个成功的回答为 {'{ error_code: 0, msg: "success", data, remaining }'}，remaining
        为调用后的剩余次数。出错时：
        {op.errors.map((e) => `${e.status} ${e.description}`).join('；')}。
      </Typography.Paragraph>
      {beforeTry}
      <TryIt op={op} apiKey={apiKey} />
    </div>
  );
}

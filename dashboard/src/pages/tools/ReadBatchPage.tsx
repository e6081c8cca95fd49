// 批量阅读数查询 (/appsearch/readPro): up to 20 article links → a table of their latest counters, with CSV export.
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { formatCount, positionLabel } from '../../lib/format';
import { MemberOnly } from '../monitor/MemberOnly';
import { batchLines } from './batch-lines';
import { READ_BATCH_MAX, type ReadLine, readBatch } from './queries';
import { downloadText, toCsv } from './text-files';
import './tools.css';

const rowProps = () => ({ 'data-testid': 'read-batch-row' }) as HTMLAttributes<HTMLElement>;

const columns: TableProps<ReadLine & { n: number }>['columns'] = [
  { title: '#', key: 'n', dataIndex: 'n', width: 48 },
  {
    title: '文章',
    key: 'title',
    render: (_, r) =>
      r.ok ? (
        <Space direction="vertical" size={0}>
          <a href={r.url} target="_blank" rel="noopener noreferrer">
            {r.title || '（无标题）'}
          </a>
          <span className="muted">
            {r.mp_name} · {positionLabel(r.position)} · {r.pubtime}
          </span>
        </Space>
      ) : (
        <Space direction="vertical" size={0}>
          <span className="tool-break">{r.input}</span>
          <Tag color="red" data-testid="read-batch-error">
            {r.msg}
          </Tag>
        </Space>
      ),
  },
  ...(
    [
      ['阅读', 'read'],
      ['点赞', 'zan'],
      ['在看', 'looking'],
      ['留言', 'comment'],
    ] as const
  ).map(([title, key]) => ({
    title,
    key,
    width: 90,
    align: 'right' as const,
    render: (_: unknown, r: ReadLine) =>
      r.ok ? (
        <span data-testid={`read-batch-${key}`} data-value={r[key]}>
          {formatCount(r[key])}
        </span>
      ) : (
        '-'
      ),
  })),
  {
    title: '更新时间',
    key: 'update_time',
    width: 170,
    render: (_, r) => (r.ok ? r.update_time || '-' : '-'),
  },
];

function csvOf(list: ReadLine[]): string {
  return toCsv(
    [
      '链接',
      '标题',
      '公众号',
      '位置',
      '发布时间',
      '阅读',
      '点赞',
      '在看',
      '转发',
      '留言',
      '更新时间',
      '说明',
    ],
    list.map((r) =>
      r.ok
        ? [
            r.input,
            r.title,
            r.mp_name,
            positionLabel(r.position),
            r.pubtime,
            r.read,
            r.zan,
            r.looking,
            r.share,
            r.comment,
            r.update_time,
            '',
          ]
        : [r.input, '', '', '', '', '', '', '', '', '', '', r.msg],
    ),
  );
}

function ReadBatch() {
  const [text, setText] = useState('');
  const lines = batchLines(text);
  const run = useMutation({ mutationFn: readBatch });
  const tooMany = lines.length > READ_BATCH_MAX;
  const data = run.data;
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        data-testid="batch-input"
        aria-label="文章链接，每行一个"
        rows={8}
        placeholder={`每行一个文章链接，最多 ${READ_BATCH_MAX} 个`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Space wrap>
        <Button
          type="primary"
          data-testid="batch-submit"
          disabled={lines.length === 0 || tooMany}
          loading={run.isPending}
          onClick={() => run.mutate(lines)}
        >
          批量查询
        </Button>
        <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="batch-count">
          已输入 {lines.length} / {READ_BATCH_MAX} 个链接
        </Typography.Text>
      </Space>
      {run.isError && <Alert type="error" showIcon title={run.error.message} data-testid="batch-error" />}
      {data && (
        <Card
          size="small"
          title={
            <span data-testid="batch-summary">
              共 {data.total} 个，成功 {data.success} 个
            </span>
          }
          extra={
            <Button
              data-testid="batch-export"
              onClick={() => downloadText('批量阅读数.csv', csvOf(data.list), 'text/csv')}
            >
              导出 CSV
            </Button>
          }
        >
          <Table
            rowKey="n"
            size="small"
            columns={columns}
            dataSource={data.list.map((r, i) => ({ ...r, n: i + 1 }))}
            pagination={false}
            onRow={rowProps}
            scroll={{ x: 860 }}
          />
        </Card>
      )}
    </Flex>
  );
}

export function ReadBatchPage() {
  return (
    <Card title="批量阅读数查询" data-testid="readpro-page">
      <MemberOnly what="批量查询阅读数">
        <ReadBatch />
      </MemberOnly>
    </Card>
  );
}

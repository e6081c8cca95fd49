// 批量阅读数查询 (/appsearch/readPro): up to 20 article links → a table of their latest counters, with CSV export.
import { Button, Card, Space, Tag } from 'antd';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { formatCount, positionLabel } from '../../../lib/format';
import { BatchLinks, type BatchLinksProps } from '../components/BatchLinks';
import { READ_BATCH_MAX, type ReadLine, readBatch } from '../hooks/queries';
import { downloadText, toCsv } from '../text-files';
import '../tools.css';

const columns: BatchLinksProps<ReadLine>['columns'] = [
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

export function ReadBatchPage() {
  return (
    <Card title="批量阅读数查询" data-testid="readpro-page">
      <MemberOnly what="批量查询阅读数">
        <BatchLinks
          max={READ_BATCH_MAX}
          run={readBatch}
          columns={columns}
          rowTestId="read-batch-row"
          inputLabel="文章链接，每行一个"
          placeholder={`每行一个文章链接，最多 ${READ_BATCH_MAX} 个`}
          submitLabel="批量查询"
          actions={(data) => (
            <Button
              data-testid="batch-export"
              onClick={() => downloadText('批量阅读数.csv', csvOf(data.list), 'text/csv')}
            >
              导出 CSV
            </Button>
          )}
        />
      </MemberOnly>
    </Card>
  );
}

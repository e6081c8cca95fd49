// 批量转换 (/appsearch/sogopro): up to 20 temporary or short links → their permanent links in a table, with copy
// and CSV export (tools/v1 link_permanent urls; a batch needs a senior membership, one line does not).
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  message,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { MemberOnly } from '../monitor/MemberOnly';
import { batchLines } from './batch-lines';
import { KIND_LABELS } from './LinkResult';
import { convertLinks, type PermanentBatch } from './queries';
import { copyText, downloadText, toCsv } from './text-files';
import './tools.css';

/** Links one batch takes (tools/v1 link_permanent). */
const BATCH_MAX = 20;
const LEVEL_INSUFFICIENT = 40002;

type Line = PermanentBatch['list'][number] & { n: number };
const rowProps = () => ({ 'data-testid': 'link-batch-row' }) as HTMLAttributes<HTMLElement>;

const columns: TableProps<Line>['columns'] = [
  { title: '#', key: 'n', dataIndex: 'n', width: 48 },
  {
    title: '原链接',
    key: 'input',
    width: 280,
    render: (_, r) => (
      <Space direction="vertical" size={0}>
        <span className="tool-break muted">{r.input}</span>
        {r.kind && <Tag>{KIND_LABELS[r.kind] ?? r.kind}</Tag>}
      </Space>
    ),
  },
  {
    title: '永久链接',
    key: 'url',
    render: (_, r) =>
      r.ok ? (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable={{ text: r.url }} className="tool-break" data-testid="link-batch-url">
            {r.url}
          </Typography.Text>
          <span className="muted">
            {r.title} · {r.mp_name}
          </span>
        </Space>
      ) : (
        <Tag color="red" data-testid="link-batch-error">
          {r.msg}
        </Tag>
      ),
  },
];

const csvOf = (list: PermanentBatch['list']) =>
  toCsv(
    ['原链接', '状态', '永久链接', '标题', '公众号', '发布时间', '说明'],
    list.map((r) =>
      r.ok
        ? [r.input, '成功', r.url, r.title, r.mp_name, r.pubtime, '']
        : [r.input, '失败', '', '', '', '', r.msg],
    ),
  );

function SogouBatch() {
  const [text, setText] = useState('');
  const [notify, holder] = message.useMessage();
  const lines = batchLines(text);
  const run = useMutation({ mutationFn: convertLinks });
  const tooMany = lines.length > BATCH_MAX;
  const data = run.data;
  const levelLimit = run.error instanceof ApiError && run.error.code === LEVEL_INSUFFICIENT;
  const copyAll = async (list: PermanentBatch['list']) => {
    const urls = list.flatMap((r) => (r.ok ? [r.url] : []));
    if (await copyText(urls.join('\n'))) notify.success(`已复制 ${urls.length} 个永久链接`);
    else notify.error('复制失败：浏览器不允许访问剪贴板，请使用导出');
  };
  return (
    <Flex vertical gap={12}>
      {holder}
      <Input.TextArea
        data-testid="batch-input"
        aria-label="临时链接，每行一个"
        rows={8}
        placeholder={`每行一个搜狗临时链接或微信短链接，最多 ${BATCH_MAX} 个`}
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
          批量转换
        </Button>
        <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="batch-count">
          已输入 {lines.length} / {BATCH_MAX} 个链接（批量转换仅限高级及以上会员，普通会员每次 1 个）
        </Typography.Text>
      </Space>
      {run.isError && (
        <Alert
          type={levelLimit ? 'warning' : 'error'}
          showIcon
          data-testid="batch-error"
          title={run.error.message}
          action={
            levelLimit ? (
              <Link to="/appsearch/center?tabSt=2">
                <Button size="small" type="primary">
                  开通会员
                </Button>
              </Link>
            ) : undefined
          }
        />
      )}
      {data && (
        <Card
          size="small"
          title={
            <span data-testid="batch-summary">
              共 {data.total} 个，成功 {data.success} 个
            </span>
          }
          extra={
            <Space>
              <Button onClick={() => copyAll(data.list)} disabled={data.success === 0}>
                复制全部永久链接
              </Button>
              <Button
                data-testid="batch-export"
                onClick={() => downloadText('永久链接.csv', csvOf(data.list), 'text/csv')}
              >
                导出 CSV
              </Button>
            </Space>
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

export function SogouBatchPage() {
  return (
    <Card title="批量临时链接转永久链接" data-testid="sogopro-page">
      <MemberOnly what="批量转换文章链接">
        <SogouBatch />
      </MemberOnly>
    </Card>
  );
}

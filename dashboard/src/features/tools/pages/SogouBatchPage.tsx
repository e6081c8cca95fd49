// 批量转换 (/appsearch/sogopro): up to 20 temporary or short links → their permanent links in a table, with copy
// and CSV export (tools/v1 link_permanent urls; a batch needs a senior membership, one line does not).
import { Button, Card, message, Space, Tag, Typography } from 'antd';
import { BATCH_MAX } from '../../../../../contract/shapes/tools';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { BatchLinks, type BatchLinksProps } from '../components/BatchLinks';
import { KIND_LABELS } from '../components/LinkResult';
import { convertLinks, type PermanentBatch } from '../hooks/queries';
import { copyText, downloadText, toCsv } from '../text-files';
import '../tools.css';

const columns: BatchLinksProps<PermanentBatch['list'][number]>['columns'] = [
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
  const [notify, holder] = message.useMessage();
  const copyAll = async (list: PermanentBatch['list']) => {
    const urls = list.flatMap((r) => (r.ok ? [r.url] : []));
    if (await copyText(urls.join('\n'))) notify.success(`已复制 ${urls.length} 个永久链接`);
    else notify.error('复制失败：浏览器不允许访问剪贴板，请使用导出');
  };
  return (
    <>
      {holder}
      <BatchLinks
        max={BATCH_MAX}
        run={convertLinks}
        columns={columns}
        rowTestId="link-batch-row"
        inputLabel="临时链接，每行一个"
        placeholder={`每行一个搜狗临时链接或微信短链接，最多 ${BATCH_MAX} 个`}
        submitLabel="批量转换"
        countNote="（批量转换仅限高级及以上会员，普通会员每次 1 个）"
        upgradeOnLimit
        actions={(data) => (
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
        )}
      />
    </>
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

// 全量数据下载 (/quanliang, /quanliang1): the statistics-download product (common/v1 statistics_download: what the
// export holds, formats, which levels may use it and the packages that include it) and the export itself.
import { Alert, App, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../auth/session';
import type { PickedAccount } from '../../../components/AccountPicker';
import { UPGRADE_URL } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { useStatisticsProduct } from '../../monitor';
import { type DateRange, ExportForm } from '../components/ExportForm';
import '../../../components/styles/monitor.css';

function FullDownloadPageBody() {
  const product = useStatisticsProduct();
  const session = useSession();
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const [range, setRange] = useState<DateRange>(null);
  const p = product.data;
  return (
    <Card title="全量数据下载" className="monitor-page" data-testid="full-download-page">
      {product.isError && <RetryAlert message={product.error.message} onRetry={() => product.refetch()} />}
      {p && (
        <>
          <Alert type="info" showIcon className="block-gap" title={p.name} description={p.summary} />
          <Descriptions bordered size="small" column={1} className="block-gap" data-testid="download-product">
            <Descriptions.Item label="导出字段">
              <Space wrap size={4}>
                {p.columns.map((c) => (
                  <Tag key={c}>{c}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="文件格式">{p.formats.map((f) => f.name).join('；')}</Descriptions.Item>
            <Descriptions.Item label="排序">{p.order}</Descriptions.Item>
            <Descriptions.Item label="行数">{p.rows}</Descriptions.Item>
          </Descriptions>
          <Table
            className="block-gap"
            size="small"
            rowKey="vip_id"
            pagination={false}
            data-testid="download-levels"
            dataSource={p.levels}
            columns={[
              { title: '会员等级', dataIndex: 'name' },
              {
                title: '可否下载',
                dataIndex: 'allowed',
                render: (v: boolean) => (v ? <Tag color="green">可下载</Tag> : <Tag>不可下载</Tag>),
              },
              {
                title: '可导出的历史深度',
                dataIndex: 'history_months',
                render: (v: number) => (v ? `${v} 个月` : '—'),
              },
            ]}
          />
          {p.packages.length > 0 && (
            <Space wrap className="block-gap" data-testid="download-packages">
              <span>包含此功能的套餐：</span>
              {p.packages.map((k) => (
                <Tag key={k.id} color="gold">
                  {k.name} · {k.months}个月 · ¥{k.price}
                </Tag>
              ))}
              <Button size="small" href={UPGRADE_URL} target="_blank">
                开通会员
              </Button>
            </Space>
          )}
        </>
      )}
      <Card size="small" title="下载公众号历史数据" className="block-gap">
        {session ? (
          <ExportForm account={account} onAccount={setAccount} range={range} onRange={setRange} />
        ) : (
          <LoginPrompt what="使用数据下载" />
        )}
      </Card>
      {p && <div className="muted">{p.custom.text}</div>}
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function FullDownloadPage() {
  return (
    <App component={false}>
      <FullDownloadPageBody />
    </App>
  );
}

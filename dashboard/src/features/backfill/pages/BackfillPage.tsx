// 历史回采 (/appsearch/stoping): order an account's history over up to 180 days at chosen positions, watch each
// order's progress bar move while the collectors work, cancel a stuck one, open its details and download its export.
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Progress,
  Radio,
  Segmented,
  Slider,
  Space,
  Table,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isLevelLimit, isLoginNeeded } from '../../../api/errors';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { LevelLimitPanel, openUpgrade } from '../../../components/gates/LevelLimit';
import { LoginPrompt, MemberOnly } from '../../../components/gates/LoginPrompt';
import { CostLine, PositionChoice } from '../../../components/popupParts';
import { RetryAlert } from '../../../components/RetryAlert';
import { BACKFILL_MAX_DAYS } from '../../account';
import {
  type CrawlOrder,
  type CrawlState,
  useCancelCrawl,
  useCrawlList,
  useCreateCrawl,
} from '../../monitor';
import { ExportButton } from '../components/ExportButton';
import '../../../components/styles/monitor.css';

/** One count per started 30 days of the window (members/membership.ts backfillCost). */
const costOf = (days: number) => Math.ceil(days / 30);

const STATE_FILTERS: { value: 'all' | CrawlState; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'queued', label: '排队中' },
  { value: 'running', label: '回采中' },
  { value: 'done', label: '已完成' },
  { value: 'failed', label: '失败' },
  { value: 'cancelled', label: '已取消' },
];

const PROGRESS_STATUS: Record<CrawlState, 'normal' | 'active' | 'success' | 'exception'> = {
  queued: 'normal',
  running: 'active',
  done: 'success',
  failed: 'exception',
  cancelled: 'exception',
};

type Target = 'account' | 'url';

function OrderForm({ remaining, allowance }: { remaining?: number; allowance?: number }) {
  const { message, modal } = App.useApp();
  const create = useCreateCrawl();
  const [target, setTarget] = useState<Target>('account');
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const [url, setUrl] = useState('');
  const [days, setDays] = useState(BACKFILL_MAX_DAYS);
  const [position, setPosition] = useState(0);

  const start = () => {
    const who =
      target === 'account'
        ? account
          ? { mid: account.mid }
          : null
        : url.trim()
          ? { url: url.trim() }
          : null;
    if (!who) {
      message.warning(target === 'account' ? '请选择要回采的公众号' : '请输入公众号文章链接');
      return;
    }
    create.mutate(
      { ...who, days, position },
      {
        onSuccess: (r) =>
          message.success(`已提交「${r.name}」的回采，本次消耗 ${r.cost} 次，本月剩余 ${r.remaining} 次`),
        onError: (e) => {
          if (isLevelLimit(e))
            modal.confirm({
              title: '回采次数不足',
              content: e.message,
              okText: '去升级',
              cancelText: '取消',
              onOk: openUpgrade,
            });
          else message.warning(e.message);
        },
      },
    );
  };

  return (
    <Form layout="horizontal" labelCol={{ span: 3 }} wrapperCol={{ span: 19 }} data-testid="backfill-form">
      <Form.Item label="回采对象">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            options={[
              { value: 'account', label: '按公众号名称' },
              { value: 'url', label: '按文章地址' },
            ]}
          />
          {target === 'account' ? (
            <AccountPicker value={account} onChange={setAccount} testId="backfill-account" />
          ) : (
            <Input
              data-testid="backfill-url"
              placeholder="粘贴该公众号任意一篇文章的链接 https://mp.weixin.qq.com/s?…"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Space>
      </Form.Item>
      <Form.Item label="回采位置">
        <PositionChoice value={position} onChange={setPosition} />
      </Form.Item>
      <Form.Item label="回采时长" extra={`最长 6 个月（${BACKFILL_MAX_DAYS} 天），每 30 天消耗 1 次回采次数`}>
        <Space>
          <Slider
            style={{ width: 260 }}
            min={1}
            max={BACKFILL_MAX_DAYS}
            value={days}
            onChange={setDays}
            marks={{ 30: '1月', 90: '3月', 180: '6月' }}
          />
          <InputNumber
            data-testid="backfill-days"
            min={1}
            max={BACKFILL_MAX_DAYS}
            value={days}
            onChange={(v) => setDays(v ?? BACKFILL_MAX_DAYS)}
            suffix="天"
          />
        </Space>
      </Form.Item>
      <Form.Item label="消耗">
        <CostLine cost={costOf(days)} remaining={remaining} allowance={allowance} unit="回采" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 3 }}>
        <Button type="primary" loading={create.isPending} onClick={start} data-testid="backfill-start">
          开始回采
        </Button>
      </Form.Item>
    </Form>
  );
}

function Orders() {
  const { message } = App.useApp();
  const [state, setState] = useState<'all' | CrawlState>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useCrawlList({ page, state, keyword }, true);
  const cancel = useCancelCrawl();

  if (list.isError) {
    if (isLoginNeeded(list.error)) return <LoginPrompt what="使用历史回采" />;
    return <RetryAlert message={list.error.message} onRetry={() => list.refetch()} />;
  }

  const columns: ColumnsType<CrawlOrder> = [
    {
      title: '公众号',
      key: 'name',
      width: 200,
      render: (_, o) => (
        <span className="account-cell">
          <AccountAvatar avatar={o.avatar} name={o.name} size={28} />
          <span className="account-cell-name">{o.name}</span>
        </span>
      ),
    },
    {
      title: '回采范围',
      key: 'window',
      width: 200,
      render: (_, o) => (
        <span>
          {o.start_time.slice(0, 10)} 至 {o.end_time.slice(0, 10)}
          <br />
          <span className="muted">
            {o.days}天 · {o.position_label}
          </span>
        </span>
      ),
    },
    {
      title: '进度',
      key: 'progress',
      width: 260,
      render: (_, o) => (
        <div data-testid="backfill-progress">
          <Progress percent={o.percent} size="small" status={PROGRESS_STATUS[o.state]} />
          <span className="muted">{o.message || `已采集 ${o.articles} 篇`}</span>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state_label',
      width: 130,
      render: (v: string, o) => (
        <Tag
          color={o.state === 'done' ? 'success' : o.state === 'running' ? 'processing' : 'default'}
          data-testid="backfill-state"
        >
          {v}
        </Tag>
      ),
    },
    { title: '提交时间', dataIndex: 'created', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 220,
      render: (_, o) => (
        <Space size={4} wrap>
          <Link
            to={`/stopingDetail?request_id=${encodeURIComponent(o.request_id)}`}
            data-testid="backfill-detail-link"
          >
            详情
          </Link>
          <ExportButton
            href={o.export_url}
            size="small"
            type="link"
            label="导出"
            disabled={o.state !== 'done'}
          />
          {(o.state === 'queued' || o.state === 'running') && (
            <Popconfirm
              title="确定取消该回采？"
              description="尚未开始的回采取消后退还次数"
              okText="确定"
              cancelText="再想想"
              onConfirm={() =>
                cancel.mutate(o.request_id, {
                  onSuccess: () => message.success('已取消，次数已退还'),
                  onError: (e) => message.warning(e.message),
                })
              }
            >
              <Button size="small" type="link" danger data-testid="backfill-cancel">
                取消
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const quota = list.data?.quota;
  return (
    <>
      {quota && quota.allowance === 0 ? (
        <LevelLimitPanel title="历史回采仅限高级及以上会员使用，去升级" />
      ) : (
        <OrderForm remaining={quota?.remaining} allowance={quota?.allowance} />
      )}
      <Space className="block-gap" wrap>
        <Segmented<'all' | CrawlState>
          data-testid="backfill-state-filter"
          value={state}
          options={STATE_FILTERS}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        <Input.Search
          placeholder="按公众号名称筛选"
          allowClear
          maxLength={30}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
      </Space>
      <Table<CrawlOrder>
        rowKey="request_id"
        data-testid="backfill-orders"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        locale={{ emptyText: '暂无回采任务' }}
        pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

function BackfillPageBody() {
  return (
    <Card title="历史文章回采" className="monitor-page" data-testid="backfill-page">
      <MemberOnly what="历史回采">
        <Orders />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function BackfillPage() {
  return (
    <App component={false}>
      <BackfillPageBody />
    </App>
  );
}

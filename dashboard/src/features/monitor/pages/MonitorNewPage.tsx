// 新建监测 (/appsearch/monitorNew): order minute-level monitoring of one article by its link, or of an account's
// next post at chosen positions; the cost and the month's remaining counts are the member's real quota.
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio, Result, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import {
  MonitorTimingFields,
  monitorCost,
  useMonitorOrderOutcome,
} from '../../../components/MonitorOrderParts';
import { CostLine, PositionChoice } from '../../../components/popupParts';
import { positionLabel } from '../../../lib/format';
import { type MonitorOrder, type MonitorOrderResult, useCreateMonitor, useMonitorQuota } from '../../account';
import { useMonitorAccount, useVerifyLink } from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';
import { ReportLink } from '../../../components/links/article-links';

type Mode = 'article' | 'next_post';

/** What the article link points at, checked by verifyLink before ordering. */
function LinkPreview({ url }: { url: string | null }) {
  const check = useVerifyLink(url);
  if (url === null) return null;
  if (check.isPending) return <Spin size="small" />;
  if (check.isError)
    return <Alert type="warning" showIcon title={check.error.message} data-testid="monitor-link-error" />;
  const a = check.data;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="monitor-preview"
      data-testid="monitor-link-preview"
    >
      <Descriptions.Item label="文章">{a.title || '（尚未采集标题）'}</Descriptions.Item>
      <Descriptions.Item label="公众号">{a.mp_name}</Descriptions.Item>
      {a.pubtime && <Descriptions.Item label="发布时间">{a.pubtime}</Descriptions.Item>}
    </Descriptions>
  );
}

function Ordered({ result, onAgain }: { result: MonitorOrderResult; onAgain: () => void }) {
  return (
    <Result
      data-testid="monitor-created"
      status="success"
      title="创建成功"
      subTitle={
        result.post
          ? `已开始监测《${result.title ?? ''}》，本次消耗 ${result.cost} 次，本月剩余 ${result.remaining} 次`
          : `「${result.mp_name ?? ''}」下一篇文章发布后自动开始监测，本次消耗 ${result.cost} 次，本月剩余 ${result.remaining} 次`
      }
      extra={[
        result.post ? (
          <ReportLink key="report" post={result.post} testId="monitor-report-link">
            <Button type="primary">查看刷量分析报告</Button>
          </ReportLink>
        ) : null,
        <Link key="tasks" to="/appsearch/monitors" data-testid="monitor-tasks-link">
          <Button>我的监测任务</Button>
        </Link>,
        <Button key="again" onClick={onAgain}>
          继续新建
        </Button>,
      ]}
    />
  );
}

function OrderForm() {
  const { message } = App.useApp();
  const quota = useMonitorQuota(true);
  const create = useCreateMonitor();
  const [mode, setMode] = useState<Mode>('article');
  const [url, setUrl] = useState('');
  const [checkedUrl, setCheckedUrl] = useState<string | null>(null);
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const accountInfo = useMonitorAccount(account ? { mid: account.mid } : null);
  const [position, setPosition] = useState(1);
  const [freq, setFreq] = useState<number>(10);
  const [days, setDays] = useState<number>(1);
  const [created, setCreated] = useState<MonitorOrderResult | null>(null);
  const outcome = useMonitorOrderOutcome(setCreated);

  if (created)
    return (
      <Ordered
        result={created}
        onAgain={() => {
          setCreated(null);
          create.reset();
        }}
      />
    );

  const cost = monitorCost(quota.data?.costs, mode === 'article', position);

  const start = () => {
    let order: MonitorOrder;
    if (mode === 'article') {
      if (!url.trim()) {
        message.warning('请输入文章链接');
        return;
      }
      order = { kind: 'article', url: url.trim(), freq, days };
    } else {
      if (!account) {
        message.warning('请选择要监测的公众号');
        return;
      }
      order = { kind: 'next_post', mid: account.mid, position, freq, days };
    }
    create.mutate(order, outcome);
  };

  let target: ReactNode;
  if (mode === 'article')
    target = (
      <Form.Item label="文章链接" extra="粘贴公众号文章链接，可先校验链接指向的文章">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            data-testid="monitor-url"
            placeholder="https://mp.weixin.qq.com/s?__biz=…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Button data-testid="monitor-verify" onClick={() => setCheckedUrl(url.trim() || null)}>
            校验链接
          </Button>
        </Space.Compact>
        <LinkPreview url={checkedUrl} />
      </Form.Item>
    );
  else
    target = (
      <>
        <Form.Item label="公众号">
          <AccountPicker value={account} onChange={setAccount} testId="monitor-account" />
          {accountInfo.data && (
            <div className="monitor-preview muted" data-testid="monitor-account-info">
              <AccountAvatar avatar={accountInfo.data.avatar} name={accountInfo.data.name} size={20} />{' '}
              {accountInfo.data.name}（{accountInfo.data.wxid || '无微信号'}），您已在该号下单{' '}
              {accountInfo.data.monitor_num ?? 0} 次监测
            </div>
          )}
        </Form.Item>
        <Form.Item label="监测位置" extra="每个位置消耗1次监测次数，选择全部消耗8次">
          <PositionChoice value={position} onChange={setPosition} />
        </Form.Item>
      </>
    );

  return (
    <Form layout="horizontal" labelCol={{ span: 3 }} wrapperCol={{ span: 18 }} data-testid="monitor-form">
      {quota.isError && <Alert type="error" showIcon className="block-gap" title={quota.error.message} />}
      <Form.Item label="监测方式">
        <Radio.Group
          data-testid="monitor-mode"
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'article', label: '按文章链接（已发布的文章）' },
            { value: 'next_post', label: '公众号下一篇（发布后自动开始）' },
          ]}
        />
      </Form.Item>
      {target}
      <MonitorTimingFields freq={freq} days={days} onFreq={setFreq} onDays={setDays} />
      <Form.Item label="消耗">
        <CostLine
          cost={cost}
          remaining={quota.data?.remaining}
          allowance={quota.data?.allowance}
          unit="监测"
        />
        {quota.data && (
          <div className="muted">
            {quota.data.month} 已使用 {quota.data.used} 次
            {mode === 'next_post' && position > 0 ? `；监测${positionLabel(position)}` : ''}
          </div>
        )}
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 3 }}>
        <Button
          type="primary"
          size="large"
          loading={create.isPending}
          disabled={quota.isPending}
          onClick={start}
          data-testid="monitor-start"
        >
          开始监测
        </Button>
      </Form.Item>
    </Form>
  );
}

function MonitorNewPageBody() {
  return (
    <Card
      title="新建分钟级监测"
      className="monitor-page"
      data-testid="monitor-new-page"
      extra={<Link to="/appsearch/monitors">我的监测任务</Link>}
    >
      <MemberOnly what="分钟级监测">
        <OrderForm />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function MonitorNewPage() {
  return (
    <App component={false}>
      <MonitorNewPageBody />
    </App>
  );
}

// Monitor popup (spec §2): monitor this account's next post at a position, an article by its address, or the next
// post of one of my favourite accounts; frequency 1/2/5/10 minutes, period 1/2/3 days; the cost and the month's
// remaining counts come from monitor_quota, and the start button really creates the task.
import { App, Button, Form, Input, Modal, Radio, Result, Select, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { isLoginNeeded } from '../../../api/errors';
import { useFavoriteAccounts } from '../../../api/group-queries';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import {
  MonitorTimingFields,
  monitorCost,
  useMonitorOrderOutcome,
} from '../../../components/MonitorOrderParts';
import { CostLine, PositionChoice } from '../../../components/popupParts';
import {
  type MonitorOrder,
  type MonitorOrderResult,
  useCreateMonitor,
  useMonitorQuota,
} from '../hooks/detail-queries';

type Mode = 'next_post' | 'article' | 'favorite';

interface MonitorModalProps {
  open: boolean;
  onClose: () => void;
  mid: number;
  name: string;
}

function Created({ result, onClose }: { result: MonitorOrderResult; onClose: () => void }) {
  const report = result.post ? `/main/appsearch/monitorView?post=${encodeURIComponent(result.post)}` : '';
  return (
    <Result
      data-testid="monitor-created"
      status="success"
      title="创建成功"
      subTitle={
        report
          ? `已开始监测《${result.title ?? ''}》，本次消耗 ${result.cost} 次，本月剩余 ${result.remaining} 次`
          : `下一篇文章发布后自动开始监测，本次消耗 ${result.cost} 次，本月剩余 ${result.remaining} 次；结果见"投放前分析"`
      }
      extra={[
        report ? (
          <a
            key="report"
            href={report}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="monitor-report-link"
          >
            <Button type="primary">查看分析报告</Button>
          </a>
        ) : null,
        <Button key="close" onClick={onClose} data-testid="monitor-close">
          关闭
        </Button>,
      ]}
    />
  );
}

export function MonitorModal({ open, onClose, mid, name }: MonitorModalProps) {
  const { message } = App.useApp();
  const quota = useMonitorQuota(open);
  const create = useCreateMonitor();
  const [mode, setMode] = useState<Mode>('next_post');
  const [position, setPosition] = useState(1);
  const [freq, setFreq] = useState<number>(10);
  const [days, setDays] = useState<number>(1);
  const [url, setUrl] = useState('');
  const [favoriteMid, setFavoriteMid] = useState<number | undefined>(undefined);
  const favorites = useFavoriteAccounts(open && mode === 'favorite');
  const [created, setCreated] = useState<MonitorOrderResult | null>(null);
  const outcome = useMonitorOrderOutcome(setCreated);

  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  const cost = monitorCost(quota.data?.costs, mode === 'article', position);

  const favoriteOptions = (favorites.data ?? []).flatMap((g) =>
    g.account_list.map((a) => ({ value: a.mid, label: `${a.name || a.mp_name}（${g.name}）` })),
  );

  const start = () => {
    let order: MonitorOrder;
    if (mode === 'article') {
      if (!url.trim()) {
        message.warning('请输入文章链接');
        return;
      }
      order = { kind: 'article', url: url.trim(), freq, days };
    } else if (mode === 'favorite') {
      if (favoriteMid === undefined) {
        message.warning('请选择收藏的公众号');
        return;
      }
      order = { kind: 'next_post', mid: favoriteMid, position, freq, days };
    } else order = { kind: 'next_post', mid, position, freq, days };
    create.mutate(order, outcome);
  };

  let body: ReactNode;
  if (quota.isError && isLoginNeeded(quota.error)) body = <LoginPrompt />;
  else if (created) body = <Created result={created} onClose={close} />;
  else if (quota.isPending) body = <Spin />;
  else
    body = (
      <Form layout="horizontal" labelCol={{ span: 4 }} data-testid="monitor-form">
        <Form.Item label="监测方式">
          <Radio.Group
            data-testid="monitor-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 'next_post', label: `本号下一篇（${name}）` },
              { value: 'article', label: '按文章地址' },
              { value: 'favorite', label: '按我的收藏' },
            ]}
          />
        </Form.Item>
        {mode === 'article' && (
          <Form.Item label="文章链接">
            <Input
              data-testid="monitor-url"
              placeholder="粘贴公众号文章链接 https://mp.weixin.qq.com/s?..."
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Form.Item>
        )}
        {mode === 'favorite' && (
          <Form.Item label="收藏公众号">
            <Select<number>
              data-testid="monitor-favorite"
              placeholder="选择收藏分组中的公众号"
              loading={favorites.isPending}
              value={favoriteMid}
              onChange={setFavoriteMid}
              options={favoriteOptions}
              notFoundContent="暂无收藏的公众号"
            />
          </Form.Item>
        )}
        {mode !== 'article' && (
          <Form.Item label="监测位置" extra="每个位置消耗1次监测次数，选择全部消耗8次">
            <PositionChoice value={position} onChange={setPosition} />
          </Form.Item>
        )}
        <MonitorTimingFields freq={freq} days={days} onFreq={setFreq} onDays={setDays} size="small" />
        <CostLine
          cost={cost}
          remaining={quota.data?.remaining}
          allowance={quota.data?.allowance}
          unit="监测"
        />
      </Form>
    );

  return (
    <Modal
      title="监测下一篇"
      open={open}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        created || (quota.isError && isLoginNeeded(quota.error))
          ? null
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button
                key="start"
                type="primary"
                loading={create.isPending}
                onClick={start}
                disabled={quota.isPending}
                data-testid="monitor-start"
              >
                开始监测
              </Button>,
            ]
      }
    >
      {quota.isError && !isLoginNeeded(quota.error) && <div className="block-gap">{quota.error.message}</div>}
      {body}
    </Modal>
  );
}

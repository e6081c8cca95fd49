// Back-collection popup (spec §2): this account's history at a position over a window of at most 180 days; the cost
// (one count per started 30 days) and the month's remaining counts are the member's real ones, and the start button
// orders it (create_history_crawl).
import { App, Button, Form, InputNumber, Modal, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { isLevelLimit, isLoginNeeded } from '../../../api/errors';
import { LevelLimitPanel } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { CostLine, PositionChoice } from '../../../components/popupParts';
import { positionLabel } from '../../../lib/format';
import {
  BACKFILL_MAX_DAYS,
  type BackfillOrder,
  useBackfillQuota,
  useCreateBackfill,
} from '../hooks/detail-queries';

/** One count per started 30 days of the window (members/membership.ts backfillCost). */
const costOf = (days: number) => Math.ceil(days / 30);

interface BackCollectModalProps {
  open: boolean;
  onClose: () => void;
  mid: number;
  name: string;
}

function Ordered({ order, onClose }: { order: BackfillOrder; onClose: () => void }) {
  return (
    <Result
      data-testid="backfill-created"
      status="success"
      title="回采任务已提交"
      subTitle={`${order.name}：${order.start_time} 至 ${order.end_time}（${order.days}天，${
        order.position === 0 ? '全部位置' : positionLabel(order.position)
      }），状态：${order.state_label}。本次消耗 ${order.cost} 次，本月剩余 ${order.remaining} 次`}
      extra={<Button onClick={onClose}>关闭</Button>}
    />
  );
}

export function BackCollectModal({ open, onClose, mid, name }: BackCollectModalProps) {
  const { message } = App.useApp();
  const quota = useBackfillQuota(open);
  const create = useCreateBackfill();
  const [position, setPosition] = useState(0);
  const [days, setDays] = useState<number>(BACKFILL_MAX_DAYS);
  const [ordered, setOrdered] = useState<BackfillOrder | null>(null);

  const close = () => {
    setOrdered(null);
    create.reset();
    onClose();
  };

  const start = () =>
    create.mutate(
      { mid, days, position },
      {
        onSuccess: (o) => {
          message.success('创建成功');
          setOrdered(o);
        },
        onError: (e) => (isLevelLimit(e) ? undefined : message.warning(e.message)),
      },
    );

  const levelError = create.isError && isLevelLimit(create.error) ? create.error : null;
  const blocked =
    (quota.isError && (isLoginNeeded(quota.error) || isLevelLimit(quota.error))) ||
    quota.data?.allowance === 0;
  let body: ReactNode;
  if (quota.isError && isLoginNeeded(quota.error)) body = <LoginPrompt />;
  else if (quota.isError && isLevelLimit(quota.error)) body = <LevelLimitPanel title={quota.error.message} />;
  else if (quota.data?.allowance === 0)
    // Free members have no back-collection counts: the server's own level message, shown before any click.
    body = <LevelLimitPanel title="历史回采仅限高级及以上会员使用，去升级" />;
  else if (ordered) body = <Ordered order={ordered} onClose={close} />;
  else if (quota.isPending) body = <Spin />;
  else
    body = (
      <Form layout="horizontal" labelCol={{ span: 4 }} data-testid="backfill-form">
        <Form.Item label="公众号">{name}</Form.Item>
        <Form.Item label="回采位置">
          <PositionChoice value={position} onChange={setPosition} />
        </Form.Item>
        <Form.Item
          label="回采范围"
          extra={`最长6个月（${BACKFILL_MAX_DAYS}天），从下单时刻往前回采 ${days} 天`}
        >
          <InputNumber
            data-testid="backfill-days"
            min={1}
            max={BACKFILL_MAX_DAYS}
            precision={0}
            value={days}
            onChange={(v) => setDays(Math.min(BACKFILL_MAX_DAYS, Math.max(1, Number(v) || 1)))}
            suffix="天"
          />
        </Form.Item>
        <CostLine
          cost={costOf(days)}
          remaining={quota.data?.remaining}
          allowance={quota.data?.allowance}
          unit="回采"
        />
        {levelError && <LevelLimitPanel title={levelError.message} />}
      </Form>
    );

  return (
    <Modal
      title="数据回采"
      open={open}
      onCancel={close}
      width={680}
      destroyOnHidden
      footer={
        ordered || blocked
          ? null
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button
                key="start"
                type="primary"
                loading={create.isPending}
                disabled={quota.isPending}
                onClick={start}
                data-testid="backfill-start"
              >
                开始回采
              </Button>,
            ]
      }
    >
      {quota.isError && !blocked && <div className="block-gap">{quota.error.message}</div>}
      {body}
    </Modal>
  );
}

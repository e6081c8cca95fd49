// Data-update time with the refresh control (spec §2): mp_update, a 5 s busy state, then the crawl's progress
// from crawl_progress until the collector is done, when the header and the history reload.
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { REFRESH_INTERVAL_MS, requestAccountUpdate, useCrawlProgress } from '../hooks/detail-queries';

const TOOLTIP = '点击间隔为5秒，文章较多时更新可能延迟3-5分钟';

export function RefreshControl({ mid, updateTime }: { mid: number; updateTime: string }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const progress = useCrawlProgress(requestId);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const state = progress.data?.state;
  useEffect(() => {
    if (!requestId || (state !== 'done' && state !== 'failed')) return;
    if (state === 'done') {
      message.success('数据已更新');
      client.invalidateQueries({ queryKey: ['mp-detail', mid] });
      client.invalidateQueries({ queryKey: ['detail-publist'] });
    } else {
      message.warning(progress.data?.message || '数据更新失败，请稍后重试');
    }
    setRequestId(null);
  }, [state, requestId, mid, client, message, progress.data?.message]);

  const refresh = async () => {
    setBusy(true);
    // Spec §4/§9: the control stays busy for 5 s whatever the answer.
    timer.current = setTimeout(() => setBusy(false), REFRESH_INTERVAL_MS);
    try {
      const answer = await requestAccountUpdate(mid);
      if (answer.code === 0) {
        message.success(answer.msg);
        setRequestId(answer.requestId);
      } else if (answer.code === 1) message.info(answer.msg);
      else message.warning(answer.msg);
    } catch (e) {
      message.warning(e instanceof Error ? e.message : '请求失败');
    }
  };

  const updating = requestId !== null;
  const percent = progress.data?.percent ?? 0;
  return (
    <span className="detail-refresh" data-testid="refresh-control">
      <span data-testid="refresh-text">
        {updating ? `数据刷新中...${percent > 0 ? `（${Math.round(percent)}%）` : ''}` : updateTime || '-'}
      </span>
      <Tooltip title={TOOLTIP}>
        <Button
          size="small"
          type="link"
          loading={busy && !updating}
          disabled={busy || updating}
          onClick={refresh}
          aria-label="刷新数据"
          data-testid="refresh-button"
        >
          {updating ? '刷新中' : '↻ 刷新'}
        </Button>
      </Tooltip>
    </span>
  );
}

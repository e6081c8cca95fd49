// Mini-program pages: this week's most exposed mini-programs, as collected from the articles embedding them
// (rank/v1 minipro_rank), so the page shows what the collection really yields.
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { MiniproTable } from '../../minipro';
import { useMiniproRank } from '../../ranks';

const SAMPLE = 10;

export function MiniproSample() {
  const q = useMiniproRank('week', 1);
  const rows = (q.data?.applet_data ?? []).slice(0, SAMPLE);
  return (
    <div data-testid="minipro-sample">
      <p className="muted">
        本周曝光最高的 {SAMPLE} 个小程序（曝光 = 嵌入它的公众号文章的阅读数之和）
        {q.data && `，统计区间 ${q.data.period_start} 至 ${q.data.period_end}`}。完整榜单见{' '}
        <Link to="/appsearch/programTop">小程序榜</Link>，按名称或 appid 查找见{' '}
        <Link to="/appsearch/searchild">小程序搜索</Link>。
      </p>
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <MiniproTable
        rows={rows}
        total={rows.length}
        page={1}
        loading={q.isPending}
        ranked
        empty="本周暂未采集到小程序"
      />
    </div>
  );
}

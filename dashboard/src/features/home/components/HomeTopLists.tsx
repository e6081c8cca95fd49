// Home-page previews of the two live lists: the top five of 今日热文 and of 低粉爆文 (last 30 days).
import { Col, Row, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useBurst, useTodayHot } from '../../../api/queries';
import type { ListArticle } from '../../../api/types';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { LightCard } from '../../../components/shell/LightCard';
import { formatCount } from '../../../lib/format';
import '../../../components/shell/shell.css';

const TOP = 5;
const base = { original: 0, sort: 'read', page: 1, num: TOP } as const;

function TopList({
  articles,
  loading,
  failed,
  testId,
  empty,
}: {
  articles: ListArticle[] | undefined;
  loading: boolean;
  failed: boolean;
  testId: string;
  empty: string;
}) {
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (failed) return <div className="inclusion-empty">暂时无法获取，请稍后刷新</div>;
  if (!articles?.length) return <div className="inclusion-empty">{empty}</div>;
  return (
    <ol className="home-top-list" data-testid={testId}>
      {articles.map((a, i) => (
        <li key={`${a.mid}_${a.aid}`}>
          <span className="home-top-rank">{i + 1}</span>
          <ArticleTitleLink post={`${a.mid}_${a.aid}`} testId="home-top-title" className="home-top-title">
            <span title={a.title}>{a.title || '（无标题）'}</span>
          </ArticleTitleLink>
          <span className="home-top-read">阅读 {formatCount(a.read)}</span>
        </li>
      ))}
    </ol>
  );
}

export function HomeTopLists() {
  const hot = useTodayHot(base);
  const burst = useBurst({ ...base, days: 30 });
  return (
    <Row gutter={[16, 16]} className="block-gap">
      <Col xs={24} md={12}>
        <LightCard small title="今日热文前 5 篇" extra={<Link to="/appsearch/hottext">更多 ›</Link>}>
          <TopList
            articles={hot.data?.article_list}
            loading={hot.isPending}
            failed={hot.isError}
            testId="home-hot"
            empty="今天还没有达到热文标准的文章"
          />
        </LightCard>
      </Col>
      <Col xs={24} md={12}>
        <LightCard
          small
          title="低粉爆文前 5 篇（近 30 天）"
          extra={<Link to="/appsearch/burst">更多 ›</Link>}
        >
          <TopList
            articles={burst.data?.article_list}
            loading={burst.isPending}
            failed={burst.isError}
            testId="home-burst"
            empty="近 30 天暂无符合标准的低粉爆文"
          />
        </LightCard>
      </Col>
    </Row>
  );
}

// One history article: position, original badge, title link, its counters, and its actions: collect/uncollect
// (spec §2 "Article collection") and 相似文章 (the similar-article table).
import { Button, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import type { HistoryArticle } from '../../../api/types';
import { CollectButton } from '../../../components/groups/CollectArticle';
import { ArticleTitleLink, ReportLink } from '../../../components/links/article-links';
import { formatCount, formatRatio, positionLabel } from '../../../lib/format';
import { SimilarArticlesModal } from './SimilarArticlesModal';

/** Kinds worth a tag: a plain 图文 needs none (core/message-kind.ts names them). */
const KIND_LABEL: Record<string, string> = {
  picture: '图片',
  text: '文本',
  video: '视频',
  voice: '语音',
  share: '转载',
};

function Metric({ label, value }: { label: ReactNode; value: string }) {
  return (
    <span className="article-metric">
      <span className="article-metric-label">{label}</span>
      <span className="article-metric-value">{value}</span>
    </span>
  );
}

export function ArticleRow({ article }: { article: HistoryArticle }) {
  const [similar, setSimilar] = useState(false);
  const post = `${article.mid}_${article.aid}`;
  return (
    <div className="article-row" data-testid="article-row">
      <div className="article-title-line">
        <Tag color={article.position === 1 ? 'red' : 'blue'}>{positionLabel(article.position)}</Tag>
        {article.tag === 1 && <Tag color="gold">原创</Tag>}
        {article.kind && KIND_LABEL[article.kind] && (
          <Tag color="cyan" data-testid="article-kind">
            {KIND_LABEL[article.kind]}
          </Tag>
        )}
        {article.source_account && (
          <Tooltip title="以下文章来源于">
            <Tag data-testid="article-source">来源：{article.source_account}</Tag>
          </Tooltip>
        )}
        <span className="article-title">
          {article.aid ? (
            <ArticleTitleLink post={post}>{article.title || '（无标题）'}</ArticleTitleLink>
          ) : (
            article.title || '（无标题）'
          )}
        </span>
        {article.fake_status !== null && (
          <span className="article-report" data-testid="article-report">
            {article.fake_status === 1 && <Tag color="red">疑似刷量</Tag>}
            <ReportLink post={post}>{article.fake_status === 1 ? '查看刷量报告' : '检测报告'}</ReportLink>
          </span>
        )}
      </div>
      <div className="article-metrics">
        <Metric label="相对点赞值" value={formatRatio(article.relative_zan)} />
        <Metric
          label={
            <Tooltip title="阅读数 ÷ 该号平均阅读数">
              <span className="has-tooltip">相对阅读质量</span>
            </Tooltip>
          }
          value={formatRatio(article.quality_num)}
        />
        <Metric label="阅读" value={formatCount(article.read)} />
        <Metric label="点赞" value={formatCount(article.zan)} />
        <Metric label="在看" value={formatCount(article.looking)} />
        <Metric label="收藏" value={formatCount(article.favorite_count)} />
        {article.aid && (
          <span className="article-actions">
            <CollectButton
              target={{ aid: article.aid, mid: article.mid, wxname: article.mp_name }}
              collected={article.is_favorite === 1}
            />
            <Button size="small" type="link" onClick={() => setSimilar(true)} data-testid="article-similar">
              相似文章
            </Button>
          </span>
        )}
      </div>
      {similar && (
        <SimilarArticlesModal
          open={similar}
          onClose={() => setSimilar(false)}
          article={{ aid: article.aid, mid: article.mid, title: article.title }}
        />
      )}
    </div>
  );
}

// Articles published together (same postTime) with the group's data update time.
import type { HistoryArticleGroup } from '../../../api/types';
import { ArticleRow } from './ArticleRow';

export function ArticleGroup({ group }: { group: HistoryArticleGroup }) {
  return (
    <section className="article-group" data-testid="article-group">
      <header className="article-group-header">
        <span>发布时间：{group.postTime}</span>
        <span className="article-group-updated">数据更新时间：{group.update_time || '-'}</span>
      </header>
      {group.articles.map((article) => (
        <ArticleRow key={article.aid || `${article.position}-${article.title}`} article={article} />
      ))}
    </section>
  );
}

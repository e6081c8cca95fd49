// 文章详情 (/appsearch/details?post=<mid>_<aid>): the data card of one article named by id, as lists link to it;
// without one, a title search. (/appsearch/detail is the account's page; details is the article's.)

import { ArticleDataView } from '../components/ArticleDataView';
import { ArticleByPostPage } from './ArticleByPostPage';

export function ArticleDetailsPage() {
  return (
    <ArticleByPostPage
      title="文章详情"
      testId="details-page"
      what="查看文章详情"
      hint="搜索文章标题，选择一篇查看它的阅读、点赞、在看、留言与阅读增长趋势。"
      view={(a) => <ArticleDataView article={a} />}
    />
  );
}

// 文章正文 (/appsearch/articleContent?post=<mid>_<aid>): one collected article's text; without one, a title search.

import { ArticleContentView } from '../components/ArticleContentView';
import { ArticleByPostPage } from './ArticleByPostPage';

export function ArticleContentPage() {
  return (
    <ArticleByPostPage
      title="文章正文"
      testId="article-content-page"
      what="查看文章正文"
      hint="搜索文章标题，选择一篇查看它的正文、阅读原文链接与文中小程序。"
      view={(a) => <ArticleContentView article={a} />}
    />
  );
}

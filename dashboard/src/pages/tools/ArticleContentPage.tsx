// 文章正文 (/appsearch/articleContent?post=<mid>_<aid>): one collected article's text; without one, a title search.
import { Button, Card, Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { MemberOnly } from '../monitor/MemberOnly';
import { ArticleContentView } from './ArticleContentView';
import { ArticlePicker } from './ArticlePicker';
import { ArticleState } from './ArticleState';
import { postParam } from './post-param';
import { useArticleContent } from './queries';
import './tools.css';

function ArticleContentBody() {
  const [params, setParams] = useSearchParams();
  const post = postParam(params);
  const q = useArticleContent(post ? { post } : null);
  if (!post)
    return (
      <ArticlePicker
        hint="搜索文章标题，选择一篇查看它的正文、阅读原文链接与文中小程序。"
        onPick={(a) => setParams({ post: `${a.mid}_${a.aid}` })}
      />
    );
  return (
    <Flex vertical gap={12}>
      <div>
        <Button onClick={() => setParams({})} data-testid="article-pick-another">
          查看其他文章
        </Button>
      </div>
      <ArticleState query={q} url="">
        {(a) => <ArticleContentView article={a} />}
      </ArticleState>
    </Flex>
  );
}

export function ArticleContentPage() {
  return (
    <Card title="文章正文" data-testid="article-content-page">
      <MemberOnly what="查看文章正文">
        <ArticleContentBody />
      </MemberOnly>
    </Card>
  );
}

// 文章详情 (/appsearch/details?post=<mid>_<aid>): the data card of one article named by id, as lists link to it;
// without one, a title search. (/appsearch/detail is the account's page; details is the article's.)
import { Button, Card, Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { MemberOnly } from '../monitor/MemberOnly';
import { ArticleDataView } from './ArticleDataView';
import { ArticlePicker } from './ArticlePicker';
import { ArticleState } from './ArticleState';
import { postParam } from './post-param';
import { useArticleContent } from './queries';
import './tools.css';

function Details() {
  const [params, setParams] = useSearchParams();
  const post = postParam(params);
  const q = useArticleContent(post ? { post } : null);
  if (!post)
    return (
      <ArticlePicker
        hint="搜索文章标题，选择一篇查看它的阅读、点赞、在看、留言与阅读增长趋势。"
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
        {(a) => <ArticleDataView article={a} />}
      </ArticleState>
    </Flex>
  );
}

export function ArticleDetailsPage() {
  return (
    <Card title="文章详情" data-testid="details-page">
      <MemberOnly what="查看文章详情">
        <Details />
      </MemberOnly>
    </Card>
  );
}

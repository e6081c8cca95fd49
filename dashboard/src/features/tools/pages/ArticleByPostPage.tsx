// One collected article named by ?post=<mid>_<aid>, shown by a view of the page's choosing; without one, a title
// search. Serves 文章正文 (/appsearch/articleContent) and 文章详情 (/appsearch/details).
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticlePicker } from '../components/ArticlePicker';
import { ArticleState } from '../components/ArticleState';
import { type ArticleContent, useArticleContent } from '../hooks/queries';
import { postParam } from '../post-param';
import '../tools.css';

interface Props {
  title: string;
  testId: string;
  /** What a visitor is asked to log in for. */
  what: string;
  /** The picker's hint: what the page shows of the article picked. */
  hint: string;
  view: (article: ArticleContent) => ReactNode;
}

function ArticleByPost({ hint, view }: Pick<Props, 'hint' | 'view'>) {
  const [params, setParams] = useSearchParams();
  const post = postParam(params);
  const q = useArticleContent(post ? { post } : null);
  if (!post) return <ArticlePicker hint={hint} onPick={(a) => setParams({ post: `${a.mid}_${a.aid}` })} />;
  return (
    <Flex vertical gap={12}>
      <div>
        <Button onClick={() => setParams({})} data-testid="article-pick-another">
          查看其他文章
        </Button>
      </div>
      <ArticleState query={q} url="">
        {view}
      </ArticleState>
    </Flex>
  );
}

export function ArticleByPostPage({ title, testId, what, hint, view }: Props) {
  return (
    <Card title={title} data-testid={testId}>
      <MemberOnly what={what}>
        <ArticleByPost hint={hint} view={view} />
      </MemberOnly>
    </Card>
  );
}

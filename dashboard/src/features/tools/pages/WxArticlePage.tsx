// 公众号文章数据查询 (/appsearch/wxarticle?url=): an article link → its data card (counters, series, read quality).
import { Card, Flex, Typography } from 'antd';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleDataView } from '../components/ArticleDataView';
import { ArticleState } from '../components/ArticleState';
import { ArticleUrlForm, useUrlParam } from '../components/ArticleUrlForm';
import { useArticleContent } from '../hooks/queries';
import '../tools.css';

function WxArticle() {
  const [url, setUrl] = useUrlParam();
  const q = useArticleContent(url ? { url } : null);
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm value={url} onSubmit={setUrl} loading={q.isFetching} />
      {url === '' ? (
        <Typography.Paragraph type="secondary" data-testid="tool-hint">
          粘贴文章链接，查看它的阅读、点赞、在看、留言、相对阅读质量与阅读增长趋势，并可下单分钟级监测或查看刷量分析报告。
        </Typography.Paragraph>
      ) : (
        <ArticleState query={q} url={url}>
          {(a) => <ArticleDataView article={a} />}
        </ArticleState>
      )}
    </Flex>
  );
}

export function WxArticlePage() {
  return (
    <Card title="公众号文章数据查询" data-testid="wxarticle-page">
      <MemberOnly what="查询文章数据">
        <WxArticle />
      </MemberOnly>
    </Card>
  );
}

// 获取文章正文 (/appsearch/getHtml?url=): paste an article link, see the article as the platform parsed it.
import { Card, Flex, Typography } from 'antd';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleContentView } from '../components/ArticleContentView';
import { ArticleState } from '../components/ArticleState';
import { ArticleUrlForm, useUrlParam } from '../components/ArticleUrlForm';
import { useArticleContent } from '../hooks/queries';
import '../tools.css';

function GetHtml() {
  const [url, setUrl] = useUrlParam();
  const q = useArticleContent(url ? { url } : null);
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm value={url} onSubmit={setUrl} button="获取正文" loading={q.isFetching} />
      {url === '' ? (
        <Typography.Paragraph type="secondary" data-testid="tool-hint">
          支持已收录文章的永久链接与短链接（mp.weixin.qq.com/s/…）；搜狗临时链接请先用“临时链接转永久链接”转换。
          正文以纯文本段落显示，文章中的脚本与样式不会执行。
        </Typography.Paragraph>
      ) : (
        <ArticleState query={q} url={url}>
          {(a) => <ArticleContentView article={a} />}
        </ArticleState>
      )}
    </Flex>
  );
}

export function GetHtmlPage() {
  return (
    <Card title="获取文章正文" data-testid="gethtml-page">
      <MemberOnly what="获取文章正文">
        <GetHtml />
      </MemberOnly>
    </Card>
  );
}

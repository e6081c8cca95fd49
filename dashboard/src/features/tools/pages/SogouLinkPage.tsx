// 搜狗临时链接转永久链接 (/appsearch/sogoHerf): a temporary link from Sogou's WeChat search (or a WeChat short link)
// → the article's permanent link, resolved through the upstream (tools/v1 link_permanent).
import { useMutation } from '@tanstack/react-query';
import { Alert, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleUrlForm } from '../components/ArticleUrlForm';
import { LinkResult } from '../components/LinkResult';
import { convertLink } from '../hooks/queries';
import '../tools.css';

function SogouLink() {
  const run = useMutation({ mutationFn: convertLink });
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm
        value=""
        button="转换"
        placeholder="粘贴搜狗微信搜索的临时链接，如 https://mp.weixin.qq.com/s?src=11&timestamp=…&signature=…"
        loading={run.isPending}
        onSubmit={(url) => url.trim() && run.mutate(url.trim())}
      />
      <Typography.Paragraph type="secondary" data-testid="tool-hint">
        搜狗微信搜索给出的文章链接是临时链接，几个小时后失效；转换为永久链接（含
        __biz、mid、idx、sn）后可长期使用、收录与监测。 也支持微信短链接（mp.weixin.qq.com/s/…）。
      </Typography.Paragraph>
      {run.isError && <Alert type="error" showIcon title={run.error.message} data-testid="link-error" />}
      {run.data && (
        <LinkResult
          label="永久链接"
          url={run.data.url}
          title={run.data.title}
          mpName={run.data.mp_name}
          pubtime={run.data.pubtime}
          kind={run.data.kind}
        />
      )}
    </Flex>
  );
}

export function SogouLinkPage() {
  return (
    <Card
      title="临时链接转永久链接"
      data-testid="sogoherf-page"
      extra={<Link to="/appsearch/sogopro">批量转换</Link>}
    >
      <MemberOnly what="转换文章链接">
        <SogouLink />
      </MemberOnly>
    </Card>
  );
}

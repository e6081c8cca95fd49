// 短链接还原 (/appsearch/longHerf): a WeChat short link (mp.weixin.qq.com/s/…) or one of our own short links → the
// long link it stands for (tools/v1 short_to_long).
import { useMutation } from '@tanstack/react-query';
import { Alert, Card, Flex, Typography } from 'antd';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleUrlForm } from '../components/ArticleUrlForm';
import { LinkResult } from '../components/LinkResult';
import { shortToLong } from '../hooks/queries';
import '../tools.css';

function LongLink() {
  const run = useMutation({ mutationFn: shortToLong });
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm
        value=""
        button="还原"
        placeholder="粘贴短链接，如 https://mp.weixin.qq.com/s/AbCdEf… 或本站生成的短链接"
        loading={run.isPending}
        onSubmit={(url) => url.trim() && run.mutate(url.trim())}
      />
      <Typography.Paragraph type="secondary" data-testid="tool-hint">
        微信短链接通过打开文章页还原为带 __biz、mid、idx、sn 的永久链接；本站短链接直接查出它指向的原链接。
      </Typography.Paragraph>
      {run.isError && <Alert type="error" showIcon title={run.error.message} data-testid="link-error" />}
      {run.data && (
        <LinkResult
          label={run.data.source === 'site' ? '原链接（本站短链接）' : '永久链接'}
          url={run.data.url}
          title={run.data.title}
          mpName={run.data.mp_name}
          pubtime={run.data.pubtime}
        />
      )}
    </Flex>
  );
}

export function LongLinkPage() {
  return (
    <Card title="短链接还原" data-testid="longherf-page">
      <MemberOnly what="还原短链接">
        <LongLink />
      </MemberOnly>
    </Card>
  );
}

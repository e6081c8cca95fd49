// The converted link of the link tools: the link with a copy button, what it opens, and the next steps.
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';

export const KIND_LABELS: Record<string, string> = {
  temporary: '搜狗临时链接',
  short: '微信短链接',
  long: '永久链接',
};

export function LinkResult({
  label,
  url,
  title,
  mpName,
  pubtime,
  kind,
}: {
  label: string;
  url: string;
  title?: string | undefined;
  mpName?: string | undefined;
  pubtime?: string | undefined;
  kind?: string | undefined;
}) {
  const article = url.includes('mp.weixin.qq.com') || url.includes('__biz=');
  return (
    <Card data-testid="link-result">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={label}>
          <Typography.Paragraph
            copyable={{ text: url, tooltips: ['复制', '已复制'] }}
            className="tool-break"
            style={{ margin: 0 }}
            data-testid="link-result-url"
          >
            {url}
          </Typography.Paragraph>
        </Descriptions.Item>
        {kind && (
          <Descriptions.Item label="原链接类型">
            <Tag>{KIND_LABELS[kind] ?? kind}</Tag>
          </Descriptions.Item>
        )}
        {title && (
          <Descriptions.Item label="文章标题">
            <span data-testid="link-result-title">{title}</span>
          </Descriptions.Item>
        )}
        {mpName && <Descriptions.Item label="公众号">{mpName}</Descriptions.Item>}
        {pubtime && <Descriptions.Item label="发布时间">{pubtime}</Descriptions.Item>}
      </Descriptions>
      <Space wrap className="block-gap">
        <Button href={url} target="_blank" rel="noopener noreferrer">
          打开链接
        </Button>
        {article && (
          <>
            <Link to={`/appsearch/read?url=${encodeURIComponent(url)}`}>
              <Button>查询阅读数</Button>
            </Link>
            <Link to={`/appsearch/getHtml?url=${encodeURIComponent(url)}`}>
              <Button>获取正文</Button>
            </Link>
          </>
        )}
      </Space>
    </Card>
  );
}

// One collected article's page as the platform parsed it: title, account, time, cover, 阅读原文, mini-programs and
// the body as text, with copy and download of the text (spec §2 /getHtml, /articleContent).
import { Button, Card, Descriptions, Flex, Image, message, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { imageProxyUrl } from '../../../api/endpoints';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatTotal, positionLabel } from '../../../lib/format';
import { readingMinutes, wordCount } from '../article-text';
import type { ArticleContent } from '../hooks/queries';
import { copyText, downloadText } from '../text-files';
import { ArticleBody } from './ArticleBody';

/** The text a copy or download gives: title, account, time, link, then the body. */
export const articleTextFile = (a: ArticleContent) =>
  [a.title, `${a.mp_name}  ${a.pubtime}`, a.url, '', a.content].join('\n');

/** A file name from the title, without characters file systems refuse. */
const fileName = (a: ArticleContent) =>
  `${(a.title || a.aid).replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60)}.txt`;

export function ArticleContentView({ article: a }: { article: ArticleContent }) {
  const [notify, holder] = message.useMessage();
  const copy = async () => {
    if (await copyText(articleTextFile(a))) notify.success('正文已复制');
    else notify.error('复制失败：浏览器不允许访问剪贴板，请使用下载');
  };
  return (
    <Flex vertical gap={16} data-testid="article-content">
      {holder}
      <Card>
        <Flex gap={16} align="flex-start" wrap>
          {a.cover && (
            <Image
              className="tool-cover"
              width={160}
              src={imageProxyUrl(a.cover)}
              alt="封面"
              fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
            />
          )}
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 280 }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="article-title">
              {a.title || '（无标题）'}
            </Typography.Title>
            <Space size={8} wrap>
              <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
              {a.original === 1 && <Tag color="gold">原创</Tag>}
              <AccountAvatar avatar={a.avatar} name={a.mp_name} size={24} />
              <Link
                to={accountDetailPath(a.mid)}
                onClick={markDetailNavigation}
                data-testid="article-account"
              >
                {a.mp_name || '-'}
              </Link>
              {a.author && <span className="muted">作者：{a.author}</span>}
              <span className="muted" data-testid="article-pubtime">
                {a.pubtime}
              </span>
            </Space>
            {a.digest && <Typography.Paragraph type="secondary">{a.digest}</Typography.Paragraph>}
            <Space wrap>
              <Button href={a.url} target="_blank" rel="noopener noreferrer">
                打开原文
              </Button>
              <Button onClick={copy} disabled={!a.has_content} data-testid="article-copy">
                复制正文
              </Button>
              <Button
                onClick={() => downloadText(fileName(a), articleTextFile(a))}
                disabled={!a.has_content}
                data-testid="article-download"
              >
                下载 TXT
              </Button>
            </Space>
          </Flex>
        </Flex>
      </Card>
      <Card title="文章信息">
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
          <Descriptions.Item label="字数">
            {a.has_content ? formatTotal(wordCount(a.content)) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="阅读时长">
            {a.has_content ? `约 ${readingMinutes(a.content)} 分钟` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="小程序">
            <span data-testid="article-minipro-count">{a.mini_programs.length}</span> 个
          </Descriptions.Item>
          <Descriptions.Item label="阅读原文" span={3}>
            {a.source_url ? (
              <a
                href={a.source_url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-testid="article-source"
              >
                {a.source_url}
              </a>
            ) : (
              '无'
            )}
          </Descriptions.Item>
        </Descriptions>
        {a.mini_programs.length > 0 && (
          <Flex gap={8} wrap className="block-gap" data-testid="article-minipros">
            {a.mini_programs.map((m) => (
              <Link key={m.appid} to={`/appsearch/appdetail?appid=${encodeURIComponent(m.appid)}`}>
                <Tag color="green">{m.title || m.appid}</Tag>
              </Link>
            ))}
          </Flex>
        )}
      </Card>
      <Card title="正文">
        {a.has_content ? (
          <ArticleBody content={a.content} />
        ) : (
          <Typography.Paragraph type="secondary" data-testid="article-no-body">
            正文尚未采集（文章页获取失败或文章发布较早），可打开原文查看。
          </Typography.Paragraph>
        )}
      </Card>
    </Flex>
  );
}

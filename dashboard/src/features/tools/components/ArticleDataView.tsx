// Our own article page's card (spec §2 /wxarticle, /details): the stored title, kind, 原创 mark, the article on
// mp.weixin.qq.com (never the demo simulator's address), latest reads/likes/在看/comments, relative read quality,
// the stored body text (collapsed when long), the counters' series from the polls, and where to go next (account,
// monitor order, fake-traffic report).
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Result,
  Row,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGE_KIND_LABEL, type MessageKind } from '../../../../../core/message-kind';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TrendChart } from '../../../components/charts/TrendChart';
import { reportHref } from '../../../components/links/article-links';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../../lib/format';
import { articleParagraphs } from '../article-text';
import { type ArticleContent, useReportReadiness, useZanLookReport } from '../hooks/queries';

function Series({ post }: { post: string }) {
  const q = useZanLookReport(post);
  if (q.isPending) return <Card title="阅读增长趋势" loading />;
  if (q.isError || q.data.charts.time.length < 2)
    return (
      <Card title="阅读增长趋势">
        <Result
          status="info"
          title="暂无足够的采集数据"
          subTitle="文章被采集两次以上后显示阅读、点赞、在看的增长曲线"
        />
      </Card>
    );
  const c = q.data.charts;
  return (
    <Card title="阅读增长趋势" data-testid="article-series" data-points={c.time.length}>
      <TrendChart
        time={c.time}
        series={[
          { key: 'read', label: '阅读', color: '#1677ff', values: c.read, axis: 'left' },
          { key: 'zan', label: '点赞', color: '#fa541c', values: c.zan, axis: 'right' },
          { key: 'look', label: '在看', color: '#52c41a', values: c.look, axis: 'right' },
        ]}
      />
    </Card>
  );
}

/** Paragraphs shown before 展开全文. */
const COLLAPSED_PARAGRAPHS = 4;

/** The stored body text as paragraphs (text nodes only, never HTML), the first few until 展开全文. */
function BodyText({ content }: { content: string }) {
  const [open, setOpen] = useState(false);
  const paragraphs = articleParagraphs(content);
  if (paragraphs.length === 0)
    return (
      <Card title="正文">
        <Result status="info" title="暂无正文" subTitle="该文章的正文尚未采集" />
      </Card>
    );
  const long = paragraphs.length > COLLAPSED_PARAGRAPHS;
  const shown = open || !long ? paragraphs : paragraphs.slice(0, COLLAPSED_PARAGRAPHS);
  return (
    <Card title="正文" data-testid="article-text">
      <div className="tool-article-body" data-testid="article-body" data-collapsed={long && !open ? 1 : 0}>
        {shown.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a static text, never reordered
          <p key={i}>{p}</p>
        ))}
      </div>
      {long && (
        <Button type="link" onClick={() => setOpen(!open)} data-testid="article-body-toggle">
          {open ? '收起正文' : `展开全文（共 ${paragraphs.length} 段）`}
        </Button>
      )}
    </Card>
  );
}

/** The article on WeChat; a link built from demo data is marked as such. */
function WechatLink({ article: a }: { article: ArticleContent }) {
  return (
    <Space size={4} data-testid="article-wechat">
      <a href={a.wechat_url} target="_blank" rel="noopener noreferrer" data-testid="article-wechat-link">
        在微信中查看原文
      </a>
      {a.wechat_url_built === 1 && (
        <Tooltip title="演示数据的文章不在微信上，此链接按微信文章地址格式生成，仅作演示">
          <Tag data-testid="article-wechat-demo">演示链接</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function ReportLink({ post }: { post: string }) {
  const q = useReportReadiness(post);
  if (!q.data) return null;
  return q.data.exist === 1 || q.data.judged === 1 ? (
    <Button href={reportHref(post)} data-testid="article-report-link">
      查看刷量分析报告
    </Button>
  ) : (
    <Tooltip title={`已采集 ${q.data.polls} 次，生成刷量报告需要至少 ${q.data.need_polls} 次分钟级监测`}>
      <Button disabled data-testid="article-report-link">
        暂无刷量报告
      </Button>
    </Tooltip>
  );
}

export function ArticleDataView({ article: a }: { article: ArticleContent }) {
  return (
    <Flex vertical gap={16} data-testid="article-data">
      <Card>
        <Flex vertical gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <span data-testid="article-title">{a.title || '（无标题）'}</span>
          </Typography.Title>
          <Space size={8} wrap>
            <Tag color={a.position === 1 ? 'red' : 'blue'} data-testid="article-position">
              {positionLabel(a.position)}
            </Tag>
            {a.kind && a.kind in MESSAGE_KIND_LABEL && (
              <Tag color="cyan" data-testid="article-kind">
                {MESSAGE_KIND_LABEL[a.kind as MessageKind]}
              </Tag>
            )}
            {a.original === 1 && (
              <Tag color="gold" data-testid="article-original">
                原创
              </Tag>
            )}
            <AccountAvatar avatar={a.avatar} name={a.mp_name} size={24} />
            <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation} data-testid="article-account">
              {a.mp_name || '-'}
            </Link>
            {a.wxid && <span className="muted">{a.wxid}</span>}
            <span className="muted">发布于 {a.pubtime}</span>
            <WechatLink article={a} />
          </Space>
        </Flex>
        <Row gutter={[16, 16]} className="block-gap" data-testid="article-counters">
          {(
            [
              ['阅读', a.read, 'read'],
              ['点赞', a.zan, 'zan'],
              ['在看', a.looking, 'looking'],
              ['留言', a.comment, 'comment'],
              ['转发', a.share, 'share'],
            ] as const
          ).map(([label, value, key]) => (
            <Col key={key} xs={12} sm={8} md={4}>
              <Statistic
                title={label}
                value={formatCount(value)}
                data-testid={`counter-${key}`}
                data-value={value}
              />
            </Col>
          ))}
          <Col xs={12} sm={8} md={4}>
            <Tooltip title={`阅读数 ÷ 该号已采集文章的平均阅读（${formatTotal(a.avg_read)}）`}>
              <Statistic
                title="相对阅读质量"
                value={formatRatio(a.quality_num)}
                data-testid="counter-quality"
              />
            </Tooltip>
          </Col>
        </Row>
        <Descriptions size="small" className="block-gap" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="数据更新">{a.update_time || '尚未采集计数'}</Descriptions.Item>
          <Descriptions.Item label="该号平均阅读">{formatTotal(a.avg_read)}</Descriptions.Item>
        </Descriptions>
        <Space wrap className="block-gap">
          <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
            <Button type="primary">公众号详情</Button>
          </Link>
          <Link to="/appsearch/monitorNew">
            <Button data-testid="article-monitor-link">分钟级监测</Button>
          </Link>
          <ReportLink post={a.post} />
          <Link to={`/appsearch/articlepro?post=${encodeURIComponent(a.post)}`}>
            <Button>文章分析</Button>
          </Link>
          <Link to={`/appsearch/articleContent?post=${encodeURIComponent(a.post)}`}>
            <Button>查看正文</Button>
          </Link>
        </Space>
      </Card>
      <Series post={a.post} />
      <BodyText content={a.content} />
    </Flex>
  );
}

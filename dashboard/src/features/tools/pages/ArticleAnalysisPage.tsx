// 文章分析 (/appsearch/articlepro?url= or ?post=): reads against the account's average, position, how fast the
// article reached 1千/1万/10万 reads (spend_time), its original claim (tencent_claim) and similar articles.
import { Card, Col, Descriptions, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useSimilarArticles } from '../../../api/group-queries';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../../lib/format';
import { ArticleState } from '../components/ArticleState';
import { ArticleUrlForm } from '../components/ArticleUrlForm';
import { type ArticleContent, useArticleContent, useClaim, useSpendTime } from '../hooks/queries';
import { postParam } from '../post-param';
import '../tools.css';

function SpendTimeCard({ post }: { post: string }) {
  const q = useSpendTime(post);
  return (
    <Card title="阅读增长速度" loading={q.isPending} data-testid="analysis-spend">
      {q.isError ? (
        <Typography.Text type="secondary">{q.error.message}</Typography.Text>
      ) : q.data ? (
        <Flex vertical gap={12}>
          <Row gutter={[16, 16]}>
            {q.data.milestones.map((m) => (
              <Col key={m.milestone} xs={24} sm={8}>
                <Statistic
                  title={`达到 ${m.label} 阅读用时`}
                  value={m.reached ? m.spend_text : '尚未达到'}
                  data-testid="analysis-milestone"
                />
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">
            平均每小时阅读 {formatTotal(q.data.avg_per_hour)}（共 {q.data.polls} 次采集，最近一次{' '}
            {q.data.last_ts || '-'}）
          </Typography.Text>
          {q.data.hours.length > 0 && (
            <Table
              rowKey="hour"
              size="small"
              pagination={{ pageSize: 12, showSizeChanger: false }}
              dataSource={q.data.hours}
              columns={[
                { title: '发布后', key: 'hour', render: (_, h) => `第 ${h.hour} 小时` },
                { title: '开始时间', dataIndex: 'start', key: 'start' },
                { title: '阅读', key: 'read', align: 'right', render: (_, h) => formatTotal(h.read) },
                { title: '新增', key: 'add', align: 'right', render: (_, h) => formatTotal(h.add) },
              ]}
            />
          )}
        </Flex>
      ) : null}
    </Card>
  );
}

function ClaimCard({ post }: { post: string }) {
  const q = useClaim(post);
  return (
    <Card title="原创声明" loading={q.isPending} data-testid="analysis-claim">
      {q.isError ? (
        <Typography.Text type="secondary">{q.error.message}</Typography.Text>
      ) : q.data ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="声明">
            <Tag color={q.data.is_original ? 'gold' : 'default'} data-testid="analysis-claim-tag">
              {q.data.claim}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="作者">{q.data.author || '-'}</Descriptions.Item>
          <Descriptions.Item label="账号主体">{q.data.owner || '-'}</Descriptions.Item>
          <Descriptions.Item label="阅读原文">
            {q.data.source_url ? (
              <a
                href={q.data.source_url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="tool-break"
              >
                {q.data.source_url}
              </a>
            ) : (
              '无'
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}

function SimilarCard({ a }: { a: ArticleContent }) {
  const q = useSimilarArticles({ aid: a.aid, mid: a.mid, page: 1, top: false }, true);
  return (
    <Card title="相似文章" data-testid="analysis-similar">
      <Table
        rowKey={(r) => `${r.mid}_${r.aid}`}
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.article_list ?? []}
        locale={{ emptyText: q.isError ? q.error.message : '暂无相似文章' }}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          {
            title: '标题',
            key: 'title',
            render: (_, r) => (
              <a href={r.href} target="_blank" rel="noopener noreferrer">
                {r.title}
              </a>
            ),
          },
          { title: '公众号', dataIndex: 'mp_name', key: 'mp_name', width: 140 },
          { title: '阅读', key: 'read', width: 80, align: 'right', render: (_, r) => formatCount(r.read) },
          { title: '发布时间', dataIndex: 'pubtime', key: 'pubtime', width: 170 },
        ]}
      />
    </Card>
  );
}

function Analysis({ a }: { a: ArticleContent }) {
  const vsAverage = a.avg_read > 0 ? a.read - a.avg_read : 0;
  return (
    <Flex vertical gap={16} data-testid="analysis">
      <Card>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          <a href={a.url} target="_blank" rel="noopener noreferrer" data-testid="article-title">
            {a.title || '（无标题）'}
          </a>
        </Typography.Title>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title="阅读" value={formatCount(a.read)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="该号平均阅读" value={formatTotal(a.avg_read)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="相对阅读质量"
              value={formatRatio(a.quality_num)}
              data-testid="analysis-quality"
              valueStyle={{ color: a.quality_num >= 1 ? '#cf1322' : '#3f8600' }}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="位置" value={positionLabel(a.position)} />
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" className="block-gap">
          {a.avg_read > 0
            ? `阅读${vsAverage >= 0 ? '高于' : '低于'}该号平均 ${formatTotal(Math.abs(vsAverage))}，为平均的 ${formatRatio(a.quality_num)} 倍；${a.mp_name} · 发布于 ${a.pubtime}`
            : '该号暂无阅读数据，无法比较。'}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <SpendTimeCard post={a.post} />
        </Col>
        <Col xs={24} lg={10}>
          <ClaimCard post={a.post} />
        </Col>
      </Row>
      <SimilarCard a={a} />
    </Flex>
  );
}

function ArticlePro() {
  const [params, setParams] = useSearchParams();
  const post = postParam(params);
  const url = (params.get('url') ?? '').trim();
  const q = useArticleContent(post ? { post } : url ? { url } : null);
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm
        value={url}
        onSubmit={(u) => setParams(u.trim() ? { url: u.trim() } : {})}
        button="分析"
      />
      {!post && !url ? (
        <Typography.Paragraph type="secondary" data-testid="tool-hint">
          粘贴一篇已收录文章的链接，分析它相对该号平均的阅读表现、达到 1千/1万/10万
          阅读的用时、原创声明与相似文章。
        </Typography.Paragraph>
      ) : (
        <ArticleState query={q} url={url}>
          {(a) => <Analysis a={a} />}
        </ArticleState>
      )}
    </Flex>
  );
}

export function ArticleAnalysisPage() {
  return (
    <Card title="文章分析" data-testid="articlepro-page">
      <MemberOnly what="分析文章">
        <ArticlePro />
      </MemberOnly>
    </Card>
  );
}

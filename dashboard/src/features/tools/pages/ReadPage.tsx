// 阅读数查询 (/appsearch/read?url=): one article link → its latest reads, likes, 在看, shares and comments
// (monitor/v3 read_zan, the counters of the platform's last poll).
import { Button, Card, Col, Descriptions, Flex, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { formatCount, positionLabel } from '../../../lib/format';
import { ArticleState } from '../components/ArticleState';
import { ArticleUrlForm, useUrlParam } from '../components/ArticleUrlForm';
import { type ReadCounts, useReadCounts } from '../hooks/queries';
import '../tools.css';

function Counts({ r, url }: { r: ReadCounts; url: string }) {
  return (
    <Card data-testid="read-result">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <a href={r.url} target="_blank" rel="noopener noreferrer" data-testid="read-title">
          {r.title || '（无标题）'}
        </a>
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {(
          [
            ['阅读', r.read, 'read'],
            ['点赞', r.zan, 'zan'],
            ['在看', r.looking, 'looking'],
            ['转发', r.share, 'share'],
            ['留言', r.comment, 'comment'],
          ] as const
        ).map(([label, value, key]) => (
          <Col key={key} xs={12} sm={8} md={4}>
            <Statistic
              title={label}
              value={formatCount(value)}
              data-testid={`read-${key}`}
              data-value={value}
            />
          </Col>
        ))}
      </Row>
      <Descriptions size="small" className="block-gap" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="公众号">{r.mp_name || '-'}</Descriptions.Item>
        <Descriptions.Item label="位置">{positionLabel(r.position)}</Descriptions.Item>
        <Descriptions.Item label="发布时间">{r.pubtime}</Descriptions.Item>
        <Descriptions.Item label="数据更新">{r.update_time || '尚未采集计数'}</Descriptions.Item>
      </Descriptions>
      <Link to={`/appsearch/wxarticle?url=${encodeURIComponent(url)}`}>
        <Button>查看阅读增长趋势与更多数据</Button>
      </Link>
    </Card>
  );
}

function Read() {
  const [url, setUrl] = useUrlParam();
  const q = useReadCounts(url || null);
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm value={url} onSubmit={setUrl} button="查询阅读数" loading={q.isFetching} />
      {url === '' ? (
        <Typography.Paragraph type="secondary" data-testid="tool-hint">
          粘贴一篇已收录文章的链接，查询它最新的阅读、点赞、在看、转发与留言数。多篇文章请使用“批量阅读数查询”。
        </Typography.Paragraph>
      ) : (
        <ArticleState query={q} url={url}>
          {(r) => <Counts r={r} url={url} />}
        </ArticleState>
      )}
    </Flex>
  );
}

export function ReadPage() {
  return (
    <Card title="阅读数查询" data-testid="read-page" extra={<Link to="/appsearch/readPro">批量查询</Link>}>
      <MemberOnly what="查询阅读数">
        <Read />
      </MemberOnly>
    </Card>
  );
}

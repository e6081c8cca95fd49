// Home-page entries to the article lists.
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';

const ENTRIES = [
  {
    key: 'burst',
    to: '/appsearch/burst',
    title: '低粉爆文',
    text: '粉丝不多、阅读远超自身水平的爆款文章，发现好选题与潜力账号',
  },
  {
    key: 'hot',
    to: '/appsearch/hottext',
    title: '今日热文',
    text: '今天发布的公众号文章按阅读数实时排行，看今天大家都在读什么',
  },
];

export function ListEntries() {
  return (
    <Row gutter={[16, 16]} className="block-gap">
      {ENTRIES.map((entry) => (
        <Col key={entry.key} xs={24} md={12}>
          <Link to={entry.to} data-testid={`home-entry-${entry.key}`}>
            <Card hoverable size="small" title={entry.title} extra="查看 ›">
              <Typography.Text type="secondary">{entry.text}</Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

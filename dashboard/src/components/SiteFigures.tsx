// Live platform figures from /system/v1/info.
import { Card, Col, Row, Statistic } from 'antd';
import { useSystemInfo } from '../api/queries';

export function SiteFigures() {
  const { data, isPending } = useSystemInfo();

  const figures = [
    { key: 'accounts', title: '收录公众号', value: data?.accounts },
    { key: 'articles', title: '文章', value: data?.articles },
    { key: 'snapshots', title: '数据快照', value: data?.snapshots },
  ];

  return (
    <Row gutter={[16, 16]} className="block-gap" data-testid="site-figures">
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={6}>
          <Card size="small">
            <Statistic title={figure.title} value={figure.value ?? '-'} loading={isPending} />
          </Card>
        </Col>
      ))}
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title="最近抓取"
            value={data?.last_crawl_at ?? '暂无'}
            loading={isPending}
            styles={{ content: { fontSize: 16 } }}
          />
        </Card>
      </Col>
    </Row>
  );
}

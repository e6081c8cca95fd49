// Live platform figures from /system/v1/info.
import { Col, Row } from 'antd';
import { useSystemInfo } from '../api/queries';
import { LightCard, LightStatistic } from './shell/LightCard';

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
          <LightCard small>
            <LightStatistic title={figure.title} value={figure.value} loading={isPending} />
          </LightCard>
        </Col>
      ))}
      <Col xs={12} md={6}>
        <LightCard small>
          <LightStatistic
            title="最近抓取"
            value={data?.last_crawl_at ?? '暂无'}
            loading={isPending}
            valueSize={16}
          />
        </LightCard>
      </Col>
    </Row>
  );
}

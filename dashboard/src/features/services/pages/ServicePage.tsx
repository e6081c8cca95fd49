// One template for every service page (data collection, advertising, custom services, public-opinion handling):
// the route's content (content.ts) decides what is shown; live blocks show real platform data or a working tool.
import { Alert, Breadcrumb, Button, Card, Col, Collapse, Descriptions, Row, Steps, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SiteFigures } from '../../../components/SiteFigures';
import { DemandForm } from '../components/DemandForm';
import { FlowCalculator } from '../components/FlowCalculator';
import { MiniproSample } from '../components/MiniproSample';
import { QrcodeTool } from '../components/QrcodeTool';
import { TrafficPicker } from '../components/TrafficPicker';
import { serviceForPath } from '../content/content';
import type { LiveBlock } from '../content/content-types';
import '../services.css';

const LIVE: Record<LiveBlock, () => ReactNode> = {
  figures: () => <SiteFigures />,
  minipro: () => <MiniproSample />,
  qrcode: () => <QrcodeTool />,
  traffic: () => <TrafficPicker />,
  flow: () => <FlowCalculator />,
};

export function ServicePage() {
  const { pathname } = useLocation();
  const c = serviceForPath(pathname);
  if (!c) return null;
  return (
    <div className="service-page" data-testid="service-page" data-service={c.service}>
      <Breadcrumb
        className="block-gap"
        items={[
          { title: <Link to="/advertisingHome">服务中心</Link> },
          { title: c.group },
          { title: c.heading },
        ]}
      />
      <section className="service-hero" data-testid="service-hero">
        <h1>{c.heading}</h1>
        <p>{c.lead}</p>
        <div className="service-tags">
          {c.tags.map((t) => (
            <Tag key={t} color="blue">
              {t}
            </Tag>
          ))}
        </div>
        <Button type="primary" size="large" href="#demand" data-testid="service-cta">
          提交需求
        </Button>
      </section>

      {c.notice && (
        <Alert type="warning" showIcon className="block-gap" data-testid="service-notice" title={c.notice} />
      )}

      {c.live && (
        <Card title={c.live.title} className="block-gap" data-testid={`service-live-${c.live.block}`}>
          {LIVE[c.live.block]()}
        </Card>
      )}

      <Card title="服务内容" className="block-gap">
        <Row gutter={[16, 16]}>
          {c.features.map((f) => (
            <Col key={f.title} xs={24} md={12} lg={8}>
              <div className="service-feature" data-testid="service-feature">
                <h3>{f.title}</h3>
                <p>{f.desc}</p>
              </div>
            </Col>
          ))}
        </Row>
      </Card>

      {c.fields && (
        <Card title="可交付的数据字段" className="block-gap">
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={c.fields}
            data-testid="service-fields"
            columns={[
              { title: '字段', dataIndex: 'name', width: 200 },
              { title: '说明', dataIndex: 'desc' },
            ]}
          />
        </Card>
      )}

      {c.delivery && (
        <Card title="交付与计价" className="block-gap">
          <Descriptions bordered size="small" column={1} data-testid="service-delivery">
            {c.delivery.map((d) => (
              <Descriptions.Item key={d.label} label={d.label}>
                {d.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      )}

      <Card title="服务流程" className="block-gap">
        <Steps
          data-testid="service-steps"
          current={-1}
          items={c.steps.map((s) => ({ title: s.title, content: s.desc }))}
        />
      </Card>

      <Card title="常见问题" className="block-gap">
        <Collapse
          data-testid="service-faq"
          items={c.faq.map((f, i) => ({ key: String(i), label: f.q, children: <p>{f.a}</p> }))}
        />
      </Card>

      <Card title="相关功能" className="block-gap">
        <Row gutter={[16, 16]}>
          {c.links.map((l) => (
            <Col key={l.to} xs={24} md={12} lg={8}>
              <Link to={l.to} className="service-link" data-testid="service-link">
                <strong>{l.label}</strong>
                <span>{l.desc}</span>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>

      <DemandForm service={c.service} intro={c.formIntro} />
    </div>
  );
}

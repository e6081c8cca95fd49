// 客户案例: the list of typical scenarios (/customerCase, and /customcase without an id) and one scenario
// (/customcase?id=<case id>), each naming the platform pages that solve it.
import { Alert, Breadcrumb, Card, Col, Empty, List, Row, Segmented, Steps, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DemandForm } from '../components/DemandForm';
import { CASES, type CaseStudy, caseById } from '../content/cases';
import '../services.css';

const ALL = '全部';
const casePath = (id: string) => `/customcase?id=${encodeURIComponent(id)}`;

function CaseList() {
  const [industry, setIndustry] = useState(ALL);
  const industries = [ALL, ...new Set(CASES.map((c) => c.industry))];
  const shown = industry === ALL ? CASES : CASES.filter((c) => c.industry === industry);
  return (
    <div className="service-page" data-testid="case-list">
      <section className="service-hero">
        <h1>客户案例</h1>
        <p>按行业整理的典型场景与示例方案：每个场景说明遇到的问题，以及用平台上哪些功能、按什么步骤解决。</p>
      </section>
      <Alert
        type="info"
        showIcon
        className="block-gap"
        title="以下为匿名的典型场景与示例方案，不代表具体客户，也不承诺投放效果。"
      />
      <Segmented
        className="block-gap"
        data-testid="case-industry"
        options={industries}
        value={industry}
        onChange={(v) => setIndustry(String(v))}
      />
      <Row gutter={[16, 16]}>
        {shown.map((c) => (
          <Col key={c.id} xs={24} md={12} lg={8}>
            <Link to={casePath(c.id)} data-testid="case-card">
              <Card hoverable title={c.title} extra={<Tag color="blue">{c.industry}</Tag>}>
                <p className="muted">{c.who}</p>
                <p>{c.problem}</p>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <DemandForm
        service="customerCase"
        intro="想要一个适合您的方案？描述您的行业与问题，我们会给出对应的示例方案。"
      />
    </div>
  );
}

function CaseDetail({ c }: { c: CaseStudy }) {
  return (
    <div className="service-page" data-testid="case-detail" data-case={c.id}>
      <Breadcrumb
        className="block-gap"
        items={[
          { title: <Link to="/customerCase">客户案例</Link> },
          { title: c.industry },
          { title: c.title },
        ]}
      />
      <section className="service-hero">
        <h1>{c.title}</h1>
        <p>{c.who}</p>
        <Tag color="blue">{c.industry}</Tag>
      </section>
      <Card title="遇到的问题" className="block-gap">
        <p data-testid="case-problem">{c.problem}</p>
      </Card>
      <Card title="示例方案" className="block-gap">
        <Steps
          orientation="vertical"
          current={-1}
          data-testid="case-steps"
          items={c.steps.map((s) => ({
            title: s.text,
            content: (
              <Link to={s.to} data-testid="case-step-link">
                使用「{s.label}」
              </Link>
            ),
          }))}
        />
      </Card>
      <Card title="交付内容" className="block-gap">
        <List size="small" dataSource={c.outputs} renderItem={(o) => <List.Item>{o}</List.Item>} />
      </Card>
      <Card title="其他场景" className="block-gap">
        <Row gutter={[12, 12]}>
          {CASES.filter((o) => o.id !== c.id).map((o) => (
            <Col key={o.id} xs={24} md={12}>
              <Link to={casePath(o.id)}>{o.title}</Link>
            </Col>
          ))}
        </Row>
      </Card>
      <DemandForm
        service="customerCase"
        intro={`想在贵公司落地「${c.title.split('：')[1] ?? c.title}」？留下联系方式，我们与您沟通具体方案。`}
      />
    </div>
  );
}

export function CasesPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <CaseList />;
  const c = caseById(id);
  if (c) return <CaseDetail c={c} />;
  return (
    <div className="service-page" data-testid="case-missing">
      <Empty description="没有找到这个案例，请从案例列表中选择">
        <Link to="/customerCase">查看全部案例</Link>
      </Empty>
    </div>
  );
}

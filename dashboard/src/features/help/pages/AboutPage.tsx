// 关于我们 (/aboutus): what the platform is, how its data flows, where the data comes from on this deployment
// (system/v1/info: demo or WeChat, live counts), and where to reach the operator.
import { Card, Col, Descriptions, Row, Statistic, Steps, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useSystemInfo } from '../../../api/queries';
import { formatTotal } from '../../../lib/format';
import '../help.css';

const PIPELINE = [
  {
    title: '采集器',
    content: '按轮次抓取已收录公众号的文章列表与阅读、点赞、在看；分钟级监测与回采也在这里执行',
  },
  { title: '消息总线', content: 'Kafka 或进程内总线，消息按统一的 schema 校验' },
  { title: '流处理', content: '把消息写入 ClickHouse，并计算账号指标、榜单、爆文与刷量判定' },
  { title: 'ClickHouse', content: '文章、计数快照与分析结果；会员与订单在 PostgreSQL' },
  { title: '接口与控制台', content: '/fbmain 接口与本控制台，另有按次计费的开放 API' },
];

export function AboutPage() {
  const info = useSystemInfo();
  const d = info.data;
  return (
    <div className="help-page" data-testid="about-page">
      <Card className="block-gap">
        <h1 className="help-title">关于我们</h1>
        <div className="help-doc">
          <p>
            公众号数据平台是一个开放、可自托管的微信公众号数据分析平台：公众号与文章搜索、历史文章与阅读数据、榜单、低粉爆文、
            今日热文、分钟级监测与刷量报告、历史文章回采与导出、关键词订阅，以及会员与按次计费的数据 API。
          </p>
          <p>
            整个平台是一个程序、多个角色：一台机器上一条命令即可运行（内置 ClickHouse 与 PostgreSQL
            引擎），也可以在 Kubernetes 上把采集、流处理与接口分开部署、按负载伸缩。
          </p>
        </div>
      </Card>
      <Card title="数据如何流动" className="block-gap">
        <Steps current={PIPELINE.length} items={PIPELINE} data-testid="about-pipeline" />
      </Card>
      <Card title="本站的数据" className="block-gap" loading={info.isPending}>
        {d && (
          <>
            <Descriptions column={1} className="block-gap">
              <Descriptions.Item label="数据来源">
                {d.demo ? (
                  <span data-testid="about-source">
                    <Tag color="orange">演示数据</Tag>
                    内置的微信模拟器：公众号、文章与阅读数均为模拟生成，接口与真实的微信接口同形。
                  </span>
                ) : (
                  <span data-testid="about-source">
                    <Tag color="blue">微信公开数据</Tag>
                    采集器从微信公众平台的公开接口与文章页抓取。
                  </span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="最近一轮采集">{d.last_crawl_at ?? '尚未完成'}</Descriptions.Item>
            </Descriptions>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Statistic
                  title="已收录公众号"
                  value={formatTotal(d.accounts)}
                  data-testid="about-accounts"
                />
              </Col>
              <Col xs={24} md={8}>
                <Statistic title="文章" value={formatTotal(d.articles)} />
              </Col>
              <Col xs={24} md={8}>
                <Statistic title="阅读数快照" value={formatTotal(d.snapshots)} />
              </Col>
            </Row>
          </>
        )}
      </Card>
      <Card title="联系我们">
        <div className="help-doc">
          <p>
            数据定制、私有部署与商务合作请在<Link to="/customization">定制服务</Link>
            页面提交需求，我们会尽快与您联系。 使用问题请先查看<Link to="/newhelpcenter">帮助中心</Link>与
            <Link to="/userguide">新手指南</Link>。
          </p>
        </div>
      </Card>
    </div>
  );
}

// 刷量检测准确率 (/appsearch/fakeAccuracy): the latest `npm run eval:fake -- --write`, its method and its limits.
// The figures are the committed fake-eval.json the evaluation wrote, so the page shows exactly its RESULT line.
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import evaluation from '../fake-eval.json';

const SHAPE_LABELS: Record<string, string> = {
  night: '凌晨集中刷量',
  step: '阶梯式突增',
  linear: '匀速直线刷量',
  no_likes: '只刷阅读（曲线与自然相似）',
  ratio_matched: '按该号比例同时刷点赞/在看',
  human_rhythm: '模仿人类作息分散投放',
  drip: '两三天慢速滴灌',
  revive: '第 2–3 天翻出旧文刷量',
  topup: '大文章小幅加量（20–40%）',
  no_baseline: '新号小号刷量（无历史对照）',
};

const HONEST_LABELS: Record<string, string> = {
  plain: '普通文章',
  cascade: '朋友圈二次传播（隔天再起）',
  search_tail: '搜索带来的长尾阅读',
  advertorial: '软文（点赞天然偏少）',
  night_pub: '深夜发布',
  overseas: '海外读者（北京时间夜里阅读）',
  small: '阅读很少的文章（< 300）',
  new_account: '新号（无历史对照）',
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function FakeAccuracyPage() {
  const e = evaluation;
  const shapes = Object.entries(e.shapes).map(([key, s]) => ({ key, label: SHAPE_LABELS[key] ?? key, ...s }));
  const honest = Object.entries(e.honest).map(([key, s]) => ({
    key,
    label: HONEST_LABELS[key] ?? key,
    ...s,
  }));
  return (
    <div data-testid="fake-accuracy-page">
      <Typography.Title level={3}>刷量检测准确率</Typography.Title>
      <Alert
        className="block-gap"
        type="info"
        showIcon
        title={`最近一次评测：${e.generated_at.slice(0, 10)}，${e.seeds.length} 个全新随机种子，共 ${shapes.reduce((n, s) => n + s.articles, 0)} 篇刷量文章与 ${honest.reduce((n, s) => n + s.articles, 0)} 篇正常文章`}
        description="我们公开刷量检测在模拟数据上的真实表现，包括做得不好的地方。每条判定都附中文理由和置信度；数据不足以判断时给出「证据不足」，不会当作正常。"
      />
      <Row gutter={[16, 16]} className="block-gap">
        <Col xs={12} sm={6}>
          <Statistic title="精确率（判为刷量中确为刷量）" value={pct(e.result.precision)} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="召回率（刷量文章被检出）" value={pct(e.result.recall)} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="最差一类正常文章的误报率" value={pct(e.result.max_false_alarm)} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="刷量阅读估算误差（中位数）" value={pct(e.result.fake_reads_median_rel_err)} />
        </Col>
      </Row>
      <Card title="各刷量手法的检出率" className="block-gap">
        <Table
          data-testid="accuracy-shapes"
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={shapes}
          columns={[
            { title: '手法', dataIndex: 'label' },
            { title: '文章数', dataIndex: 'articles' },
            { title: '检出率', dataIndex: 'recall', render: pct },
            { title: '证据不足', dataIndex: 'insufficient', render: pct },
            { title: '留一法检出率', dataIndex: 'loso', render: pct },
          ]}
        />
        <Typography.Paragraph type="secondary">
          留一法：判定阈值在去掉该手法的开发数据上重新选出，再检测该手法，衡量对没见过的手法的表现。
        </Typography.Paragraph>
      </Card>
      <Card title="各类正常文章的误报率" className="block-gap">
        <Table
          data-testid="accuracy-honest"
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={honest}
          columns={[
            { title: '类型', dataIndex: 'label' },
            { title: '文章数', dataIndex: 'articles' },
            { title: '误报率', dataIndex: 'falseAlarm', render: pct },
            { title: '证据不足', dataIndex: 'insufficient', render: pct },
          ]}
        />
      </Card>
      <Card title="置信度校准" className="block-gap">
        <Table
          data-testid="accuracy-reliability"
          rowKey="from"
          size="small"
          pagination={false}
          dataSource={e.reliability}
          columns={[
            {
              title: '标称置信度区间',
              key: 'range',
              render: (_: unknown, r: { from: number; to: number }) => `${pct(r.from)} – ${pct(r.to)}`,
            },
            { title: '判定数', dataIndex: 'verdicts' },
            { title: '平均标称置信度', dataIndex: 'stated', render: pct },
            { title: '实际正确率', dataIndex: 'observed', render: pct },
          ]}
        />
      </Card>
      <Card title="方法与局限" className="block-gap">
        <Typography.Paragraph>
          检测看两类痕迹：刷来的阅读带来的点赞/在看比同一篇文章其余时段（以及该号平时）少得多；机器投放的阅读速度会在几分钟内突然升高、又突然停下，或者昼夜匀速、没有作息，而自然阅读只会平滑衰减、随作息起伏或在转发后逐渐扩散。每项证据都是计数的泊松检验（z
          值），合起来得到证据分；证据分达到阈值判为刷量，明显低于阈值且数据量足够判为正常，其余为证据不足。置信度是开发种子上同一证据分区间里刷量文章的实际比例（分越高比例不降的保序拟合），下表在评测种子上检验它。
        </Typography.Paragraph>
        <Typography.Paragraph>
          判定阈值（证据分 ≥ {e.thresholds.fakeScore}）只在开发种子 {e.dev_seeds.join('、')} 上选出；评测用{' '}
          {e.seeds.length} 个全新随机种子（{e.seeds.join('、')}），每个种子 {e.accounts_per_seed} 个公众号、4
          天发布的文章、每 5 分钟采集一次、共 72 小时。
        </Typography.Paragraph>
        <Typography.Paragraph>
          局限：所有刷量手法与正常文章类型都来自本平台的模拟器，按公开资料设计，不等于真实刷量服务；按该号比例同时刷点赞/在看、且投放速度也模仿自然曲线的刷量，从数据上无法与正常文章区分。阅读很少的文章多为「证据不足」。
        </Typography.Paragraph>
        <Typography.Text code data-testid="accuracy-result-line">
          {e.result_line}
        </Typography.Text>
      </Card>
      <Link to="/appsearch/trueNumberOld">查看刷量榜</Link>
    </div>
  );
}

// 流量主收益估算 (/officialflow): pick an account (key_search), take its real reads from its latest articles
// (detail_pubList, open to visitors) and estimate 流量主 income with editable assumptions and the formula shown.
// ?mid=<account id> opens it on that account.
import { Alert, Card, Col, Descriptions, Empty, Flex, InputNumber, Row, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HISTORY_PAGE_SIZE } from '../../../api/endpoints';
import { useAccountDetail, useHistoryArticles } from '../../../api/queries';
import type { HistoryArticle } from '../../../api/types';
import { AccountPicker } from '../../../components/AccountPicker';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountDetailPath, accountName } from '../../../lib/account';
import { formatTotal, positionLabel } from '../../../lib/format';
import {
  articleIncome,
  DEFAULT_ASSUMPTIONS,
  type FlowAssumptions,
  monthlyIncome,
  sampleOf,
  yuan,
} from '../flow-estimate';

function Estimate({ mid }: { mid: number }) {
  const detail = useAccountDetail(mid);
  const history = useHistoryArticles({
    mId: mid,
    page: 1,
    num: HISTORY_PAGE_SIZE,
    kw: '',
    kw_type: 'title',
    is_hot: 0,
    top: 0,
  });
  const sample = history.data ? sampleOf(history.data.article_list) : null;
  const [edited, setEdited] = useState<Partial<FlowAssumptions>>({});
  if (detail.isError) return <RetryAlert message={detail.error.message} onRetry={() => detail.refetch()} />;
  if (history.isError)
    return <RetryAlert message={history.error.message} onRetry={() => history.refetch()} />;
  if (history.isPending || detail.isPending) return <Card loading className="block-gap" />;
  if (!sample) return <Empty className="block-gap" description="该公众号暂无已采集的文章，无法估算" />;

  const a: FlowAssumptions = {
    ...DEFAULT_ASSUMPTIONS,
    monthlyArticles: sample.monthlyArticles,
    ...edited,
  };
  const set = (k: keyof FlowAssumptions) => (v: number | null) => setEdited((e) => ({ ...e, [k]: v ?? 0 }));
  const perArticle = articleIncome(sample.avgRead, a);
  const perMonth = monthlyIncome(sample.avgRead, a);
  const rows = history.data.article_list.flatMap((g) =>
    g.articles.map((x) => ({ ...x, postTime: g.postTime })),
  );

  return (
    <div data-testid="flow-estimate">
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} className="block-gap">
        <Descriptions.Item label="公众号">
          <Link to={accountDetailPath(mid)}>{accountName(detail.data.account)}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="估算活跃粉丝">{formatTotal(detail.data.account.fans)}</Descriptions.Item>
        <Descriptions.Item label="样本">
          <span data-testid="flow-sample">
            最近 {sample.articles} 篇文章（{sample.pushes} 次群发，{sample.first.slice(0, 10)} 至{' '}
            {sample.last.slice(0, 10)}）
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="篇均阅读">
          <span data-testid="flow-avg-read" data-value={sample.avgRead}>
            {formatTotal(sample.avgRead)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="样本发文节奏">
          {sample.days} 天 {sample.articles} 篇，约每月 {sample.monthlyArticles} 篇
        </Descriptions.Item>
        <Descriptions.Item label="样本总阅读">{formatTotal(sample.totalReads)}</Descriptions.Item>
      </Descriptions>

      <Card size="small" title="估算假设（可修改）" className="block-gap">
        <Flex wrap gap={16}>
          <div className="flow-input">
            <label htmlFor="flow-exposure">广告曝光率（读到文末广告的读者占比）</label>
            <InputNumber
              id="flow-exposure"
              data-testid="flow-exposure"
              min={0}
              max={100}
              step={5}
              value={a.exposurePct}
              onChange={set('exposurePct')}
              suffix="%"
            />
          </div>
          <div className="flow-input">
            <label htmlFor="flow-click">广告点击率</label>
            <InputNumber
              id="flow-click"
              data-testid="flow-click"
              min={0}
              max={100}
              step={0.1}
              value={a.clickPct}
              onChange={set('clickPct')}
              suffix="%"
            />
          </div>
          <div className="flow-input">
            <label htmlFor="flow-price">单次点击收益（分成后）</label>
            <InputNumber
              id="flow-price"
              data-testid="flow-price"
              min={0}
              max={100}
              step={0.1}
              value={a.pricePerClick}
              onChange={set('pricePerClick')}
              prefix="¥"
            />
          </div>
          <div className="flow-input">
            <label htmlFor="flow-monthly">每月发文篇数</label>
            <InputNumber
              id="flow-monthly"
              data-testid="flow-monthly"
              min={0}
              max={1000}
              value={a.monthlyArticles}
              onChange={set('monthlyArticles')}
              suffix="篇"
            />
          </div>
        </Flex>
      </Card>

      <Row gutter={16} className="block-gap">
        <Col xs={24} md={12}>
          <Card size="small">
            <Statistic
              title="单篇预估收益（按篇均阅读）"
              value={yuan(perArticle)}
              data-testid="flow-per-article"
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small">
            <Statistic title="每月预估收益" value={yuan(perMonth)} data-testid="flow-per-month" />
          </Card>
        </Col>
      </Row>
      <Alert
        type="info"
        className="block-gap"
        data-testid="flow-formula"
        title={`公式：单篇收益 = 阅读数 × 广告曝光率 × 点击率 × 单次点击收益 = ${formatTotal(sample.avgRead)} × ${a.exposurePct}% × ${a.clickPct}% × ¥${a.pricePerClick} = ${yuan(perArticle)}；月收益 = 单篇收益 × ${a.monthlyArticles} 篇 = ${yuan(perMonth)}`}
        description="估算仅供参考：实际收益取决于微信的广告填充率、行业与读者画像、广告位置（文中、文末、互选）与结算规则，以公众平台流量主后台为准。"
      />
      <Table<HistoryArticle & { postTime: string }>
        size="small"
        rowKey="aid"
        pagination={false}
        dataSource={rows}
        data-testid="flow-articles"
        columns={[
          { title: '发布时间', dataIndex: 'postTime', width: 170 },
          { title: '位置', dataIndex: 'position', width: 80, render: (p: number) => positionLabel(p) },
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string, r) => (
              <a href={r.href} target="_blank" rel="noreferrer">
                {t}
              </a>
            ),
          },
          { title: '阅读', dataIndex: 'read', align: 'right', render: (n: number) => formatTotal(n) },
          {
            title: '预估收益',
            key: 'income',
            align: 'right',
            render: (_, r) => yuan(articleIncome(r.read, a)),
          },
        ]}
      />
    </div>
  );
}

export function FlowCalculator() {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid')) || null;
  const detail = useAccountDetail(mid);
  const picked =
    mid && detail.data
      ? { mid, name: accountName(detail.data.account), avatar: detail.data.account.avatar }
      : null;
  return (
    <div data-testid="flow-calculator">
      <Flex wrap gap={12} align="center">
        <span>选择公众号：</span>
        <AccountPicker
          value={picked}
          onChange={(a) => setParams({ mid: String(a.mid) }, { replace: true })}
          testId="flow-account"
        />
      </Flex>
      {mid ? (
        <Estimate key={mid} mid={mid} />
      ) : (
        <Empty className="block-gap" description="请选择要估算的公众号" />
      )}
    </div>
  );
}

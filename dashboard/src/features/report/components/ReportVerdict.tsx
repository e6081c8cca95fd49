// The verdict: status tag, estimated fake reads and share, the summary and each signal's reason.
import { Alert, Card, Col, Row, Statistic, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { FakeReport, FakeSignalCode } from '../../../api/types';
import { formatPercent, formatTotal } from '../../../lib/format';
import { FAKE_ACCURACY_PATH } from '../../accuracy';

const SIGNAL_LABELS: Record<FakeSignalCode, string> = {
  dilution: '局部无互动',
  switch: '开关式增长',
  rhythm: '无昼夜节律',
  no_engagement: '无互动阅读',
  curve_deviation: '偏离衰减曲线',
  night: '凌晨增长',
  step: '阶梯式增长',
  linear: '直线式增长',
};

/**
 * An article without a verdict yet (too few polls) answers status 0 with a summary that says so; the report
 * carries no separate flag, so the summary's wording is what tells it apart from a judged normal article.
 */
export const NOT_JUDGED_PREFIX = '监测数据不足';
export const isJudged = (report: FakeReport) => !report.summary.startsWith(NOT_JUDGED_PREFIX);

function StatusTag({ report }: { report: FakeReport }) {
  if (!isJudged(report)) return <Tag data-testid="report-status">待判定</Tag>;
  if (report.verdict === 'insufficient')
    return (
      <Tag data-testid="report-status" color="gold">
        证据不足
      </Tag>
    );
  return report.status === 1 ? (
    <Tag data-testid="report-status" color="red">
      疑似刷量
    </Tag>
  ) : (
    <Tag data-testid="report-status" color="green">
      正常
    </Tag>
  );
}

export function ReportVerdict({ report }: { report: FakeReport }) {
  const judged = isJudged(report);
  const insufficient = report.verdict === 'insufficient';
  const alertType = !judged ? 'info' : report.status === 1 ? 'error' : insufficient ? 'warning' : 'success';
  const confidence = judged && report.verdict && report.confidence !== undefined ? report.confidence : null;
  return (
    <Card title="检测结果" className="block-gap" data-testid="report-verdict">
      <Row gutter={[16, 16]} className="block-gap">
        <Col xs={12} sm={6}>
          <div className="report-stat-title">结果</div>
          <StatusTag report={report} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title={insufficient ? '正常的可能性' : '置信度'}
            value={confidence === null ? '-' : formatPercent(confidence)}
            data-testid="report-confidence"
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title="估算刷量阅读"
            value={judged ? formatTotal(report.forecast_fake) : '-'}
            styles={{ content: { color: report.status === 1 ? '#cf1322' : undefined } }}
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="刷量占比" value={judged ? formatPercent(report.forecast_fake_per) : '-'} />
        </Col>
      </Row>
      <Alert data-testid="report-summary" type={alertType} showIcon title={report.summary} />
      <div className="report-accuracy-link">
        <Link to={FAKE_ACCURACY_PATH}>检测方法与准确率</Link>
      </div>
      {report.signals.length > 0 && (
        <div className="report-signals">
          <div className="report-signals-title">判定依据</div>
          <ul>
            {report.signals.map((signal) => (
              <li key={signal.code} data-testid="report-signal" className="report-signal">
                <div>
                  <Tag color="volcano">{SIGNAL_LABELS[signal.code] ?? signal.code}</Tag>
                  <span className="report-signal-fake">推算刷量阅读 {formatTotal(signal.fake)}</span>
                </div>
                <div className="report-signal-text">{signal.text}</div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

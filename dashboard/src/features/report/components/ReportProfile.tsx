// The monitored article: title (our article page), account, owner, position, publish time and the monitoring
// window: 监测开始 is the order's first poll, 监测结束 the order's end (监测中 while it runs), 最后采集 the newest poll.
import { Card, Descriptions, Tag, Typography } from 'antd';
import type { FakeReport } from '../../../api/types';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { positionLabel } from '../../../lib/format';

export function ReportProfile({ profile, post }: { profile: FakeReport['profile']; post: string }) {
  const account = profile.wx ? `${profile.mpname || '-'}（${profile.wx}）` : profile.mpname || '-';
  const owner = profile.mp_owner ? `${profile.mp_owner}（同主体公众号 ${profile.owner_count} 个）` : '-';
  const end =
    profile.monitoring === 1 ? (
      <span data-testid="report-monitoring">
        <Tag color="processing">监测中</Tag>
        {profile.end_ts ? `计划至 ${profile.end_ts}` : ''}
      </span>
    ) : (
      profile.end_ts || '-'
    );
  return (
    <Card className="block-gap" data-testid="report-profile">
      <Typography.Title level={4} className="report-title">
        <ArticleTitleLink post={post}>{profile.title || '（无标题）'}</ArticleTitleLink>
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'account', label: '公众号', children: account },
          { key: 'owner', label: '主体', children: owner },
          { key: 'position', label: '位置', children: positionLabel(profile.position) },
          { key: 'pubtime', label: '发布时间', children: profile.pubtime || '-' },
          {
            key: 'start',
            label: '监测开始',
            children: <span data-testid="report-start">{profile.start_ts || '等待首次采集'}</span>,
          },
          { key: 'end', label: '监测结束', children: <span data-testid="report-end">{end}</span> },
          {
            key: 'last',
            label: '最后采集',
            children: <span data-testid="report-last-poll">{profile.last_poll || '-'}</span>,
          },
        ]}
      />
    </Card>
  );
}

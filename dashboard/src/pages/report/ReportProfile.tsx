// The monitored article: title, account, owner, position, publish time and the monitoring window.
import { Card, Descriptions, Typography } from 'antd';
import type { FakeReport } from '../../api/types';
import { positionLabel } from '../../lib/format';

export function ReportProfile({ profile }: { profile: FakeReport['profile'] }) {
  const account = profile.wx ? `${profile.mpname || '-'}（${profile.wx}）` : profile.mpname || '-';
  const owner = profile.mp_owner ? `${profile.mp_owner}（同主体公众号 ${profile.owner_count} 个）` : '-';
  return (
    <Card className="block-gap" data-testid="report-profile">
      <Typography.Title level={4} className="report-title">
        {profile.url ? (
          <a href={profile.url} target="_blank" rel="noopener noreferrer">
            {profile.title || '（无标题）'}
          </a>
        ) : (
          profile.title || '（无标题）'
        )}
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'account', label: '公众号', children: account },
          { key: 'owner', label: '主体', children: owner },
          { key: 'position', label: '位置', children: positionLabel(profile.position) },
          { key: 'pubtime', label: '发布时间', children: profile.pubtime || '-' },
          { key: 'start', label: '监测开始', children: profile.start_ts || '-' },
          { key: 'end', label: '监测结束', children: profile.end_ts || '-' },
        ]}
      />
    </Card>
  );
}

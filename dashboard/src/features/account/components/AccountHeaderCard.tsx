// Header card of the account detail: identity, description, tags, counters, the refresh control and the actions.
import { Card, Descriptions, Flex, Popover, Tag, Tooltip, Typography } from 'antd';
import { accountQrcodeUrl } from '../../../api/endpoints';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { accountName, accountOwner, accountWx } from '../../../lib/account';
import { formatRatio, formatTotal } from '../../../lib/format';
import { FANS_EXPLAINED, INDEX_EXPLAINED, INDEX_NAME, WCI_EXPLAINED } from '../../../lib/index-terms';
import type { DetailAccount } from '../hooks/detail-queries';
import { HeaderActions } from './HeaderActions';
import { RefreshControl } from './RefreshControl';

export function AccountHeaderCard({ account }: { account: DetailAccount }) {
  const name = accountName(account);
  const avatar = <AccountAvatar avatar={account.avatar} name={name} size={80} />;

  return (
    <Card className="block-gap" data-testid="account-header">
      <Flex gap={24} wrap align="flex-start">
        <Popover
          content={
            <div className="account-qrcode">
              <img src={accountQrcodeUrl(account.mid)} alt="二维码" width={140} height={140} />
              <div>微信扫码关注</div>
            </div>
          }
        >
          {/* A plain element, so the popover can attach its hover handlers. */}
          <span className="account-avatar-trigger" data-testid="account-avatar">
            {avatar}
          </span>
        </Popover>
        <div className="account-header-main">
          <Typography.Title level={3} className="account-header-name">
            {name || '-'}
          </Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'wx', label: '微信号', children: accountWx(account) || '-' },
              { key: 'owner', label: '主体', children: accountOwner(account) || '-' },
              { key: 'media', label: '行业', children: account.media || '-' },
              {
                key: 'index',
                label: (
                  <Tooltip title={INDEX_EXPLAINED}>
                    <span className="has-tooltip" data-testid="index-term">
                      {INDEX_NAME}
                    </span>
                  </Tooltip>
                ),
                children: formatRatio(account.index),
              },
              {
                key: 'wci',
                label: (
                  <Tooltip title={WCI_EXPLAINED}>
                    <span className="has-tooltip" data-testid="wci-term">
                      WCI
                    </span>
                  </Tooltip>
                ),
                children: formatRatio(account.wci),
              },
              {
                key: 'fans',
                label: (
                  <Tooltip title={FANS_EXPLAINED}>
                    <span className="has-tooltip">估算活跃粉丝</span>
                  </Tooltip>
                ),
                children: formatTotal(account.fans),
              },
              { key: 'collect', label: '收藏', children: formatTotal(account.collect_count) },
              { key: 'fetched', label: '已抓取文章', children: formatTotal(account.mp_fetch_sum) },
              {
                key: 'updated',
                label: '数据更新时间',
                children: (
                  <Flex gap={6} align="center" wrap>
                    <RefreshControl mid={account.mid} updateTime={account.update_time} />
                    {account.freshness?.note ? (
                      <Tooltip title={account.freshness.note}>
                        <Tag color="orange" className="has-tooltip" data-testid="freshness-note">
                          更新较慢
                        </Tag>
                      </Tooltip>
                    ) : null}
                  </Flex>
                ),
              },
              {
                key: 'tags',
                label: '标签',
                span: 'filled',
                children: account.tag?.length ? account.tag.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-',
              },
              { key: 'desc', label: '简介', span: 'filled', children: account.desc || '-' },
            ]}
          />
          <HeaderActions account={account} />
        </div>
      </Flex>
    </Card>
  );
}

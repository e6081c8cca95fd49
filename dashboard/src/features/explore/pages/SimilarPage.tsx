// 相似公众号 (/appsearch/similar?mid=): pick an account (search box, or one of today's top accounts), then its similar
// accounts with the popup's list (sort 0–5, 20 per page). "View similar" of an item moves the page to that account,
// so the browser's back button returns one level.
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountDetail } from '../../../api/queries';
import { AccountPicker } from '../../../components/AccountPicker';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatRatio, formatTotal } from '../../../lib/format';
import { SimilarList } from '../../account';
import { useAccountRank } from '../../ranks';
import { AccountLink } from '../components/AccountLink';
import { withSubjectPath } from '../components/OwnerResults';
import { midParam } from '../params';
import '../explore.css';

const similarPath = (mid: number) => `/appsearch/similar?mid=${mid}`;

/** Today's top accounts as starting points when no account is chosen yet. */
function PopularAccounts({ onPick }: { onPick: (mid: number) => void }) {
  const rank = useAccountRank({
    type: 'common',
    period: 'day',
    previous: false,
    media: '',
    area: '',
    page: 1,
  });
  if (rank.isError) return <RetryAlert message={rank.error.message} onRetry={() => rank.refetch()} />;
  const list = (rank.data?.list ?? []).slice(0, 12);
  return (
    <Card size="small" title="热门公众号（今日榜单前 12）" loading={rank.isPending}>
      {list.length === 0 ? (
        <Empty description="暂无榜单数据" />
      ) : (
        <div className="explore-cards" data-testid="similar-popular">
          {list.map((a) => (
            <Flex key={a.mid} justify="space-between" align="center" gap={8}>
              <AccountLink mid={a.mid} name={a.name} wxid={a.wxid} avatar={a.avatar} />
              <Button size="small" onClick={() => onPick(a.mid)} data-testid="similar-popular-pick">
                找相似
              </Button>
            </Flex>
          ))}
        </div>
      )}
    </Card>
  );
}

function SimilarOf({ mid }: { mid: number }) {
  const navigate = useNavigate();
  const detail = useAccountDetail(mid);
  if (detail.isError) return <RetryAlert message={detail.error.message} onRetry={() => detail.refetch()} />;
  const a = detail.data?.account;
  return (
    <Card size="small" loading={detail.isPending}>
      {a && (
        <Flex gap={12} align="center" wrap className="explore-base" data-testid="similar-base">
          <AccountLink
            mid={a.mid}
            name={a.name || a.mp_name}
            wxid={a.wx || a.wxid}
            avatar={a.avatar}
            size={48}
          />
          {a.media && <Tag>{a.media}</Tag>}
          <span className="explore-card-stats">
            主体：<b>{a.owner || a.zhuti || '-'}</b>指数：<b>{formatRatio(a.index)}</b>估算活跃粉丝：
            <b>{formatTotal(a.fans)}</b>
          </span>
          <Button size="small" type="link" onClick={() => navigate(withSubjectPath({ mid: a.mid }))}>
            同主体公众号 {a.same_owner} 个
          </Button>
        </Flex>
      )}
      <SimilarList
        key={mid}
        base={{ mid, name: a?.name ?? '', same_owner: a?.same_owner ?? 0 }}
        onSimilar={(next) => navigate(similarPath(next.mid))}
      />
    </Card>
  );
}

export function SimilarPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mid = midParam(params);
  return (
    <Card title="相似公众号" data-testid="similar-page">
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" wrap>
          <AccountPicker
            value={null}
            testId="similar-picker"
            placeholder="输入公众号名称或微信号，查找相似公众号"
            onChange={(a) => navigate(similarPath(a.mid))}
          />
          <Typography.Text type="secondary">
            匹配度按行业、标签与地区计算，可按匹配度、粉丝、阅读、发文与指数排序。
          </Typography.Text>
        </Flex>
        {mid === null ? (
          <PopularAccounts onPick={(m) => navigate(similarPath(m))} />
        ) : (
          <SimilarOf mid={mid} />
        )}
      </Flex>
    </Card>
  );
}

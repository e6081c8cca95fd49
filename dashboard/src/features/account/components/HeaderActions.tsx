// Header actions of the detail (spec §2): pre-campaign analysis (with count), favourite star, monitor next post,
// data back-collection and similar accounts; each opens its popup.
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useRemoveFavorites } from '../../../api/group-queries';
import { GroupManageModal } from '../../../components/groups/GroupManageModal';
import { accountName } from '../../../lib/account';
import { type DetailAccount, useMonitorCount } from '../hooks/detail-queries';
import { AnalysisListModal } from './AnalysisModals';
import { BackCollectModal } from './BackCollectModal';
import { MonitorModal } from './MonitorModal';
import { SimilarModal } from './SimilarModal';

type Popup = 'analysis' | 'monitor' | 'backfill' | 'similar' | null;

function FavoriteStar({ account }: { account: DetailAccount }) {
  const { message } = App.useApp();
  const remove = useRemoveFavorites();
  const [managing, setManaging] = useState(false);
  const favorite = account.is_favorite === 1;
  const unfavorite = () =>
    remove.mutate(
      { mids: [account.mid] },
      {
        onSuccess: () => message.success('已取消收藏'),
        onError: (e) => message.warning(e.message),
      },
    );
  return (
    <>
      <Button
        data-testid="favorite-star"
        loading={remove.isPending}
        onClick={favorite ? unfavorite : () => setManaging(true)}
      >
        {favorite ? (
          <>
            <span style={{ color: '#faad14' }}>★</span> 已收藏
          </>
        ) : (
          '☆ 收藏'
        )}
      </Button>
      {/* Spec §2: favouriting goes through the group management popup (choose or create the group); it stays
          open when the star turns to 已收藏, so the tree shows where the account went. */}
      <GroupManageModal open={managing} onClose={() => setManaging(false)} mids={[account.mid]} />
    </>
  );
}

export function HeaderActions({ account }: { account: DetailAccount }) {
  const [popup, setPopup] = useState<Popup>(null);
  const count = useMonitorCount(account.mid);
  const name = accountName(account);
  const close = () => setPopup(null);
  return (
    <Flex wrap gap={8} className="detail-actions" data-testid="detail-actions">
      <Button onClick={() => setPopup('analysis')} data-testid="action-analysis">
        投放前分析{count.data !== undefined ? `（${count.data}）` : ''}
      </Button>
      <FavoriteStar account={account} />
      <Button onClick={() => setPopup('monitor')} data-testid="action-monitor">
        监测下一篇
      </Button>
      <Button onClick={() => setPopup('backfill')} data-testid="action-backfill">
        数据回采
      </Button>
      <Button onClick={() => setPopup('similar')} data-testid="action-similar">
        相似公众号
      </Button>
      <AnalysisListModal open={popup === 'analysis'} onClose={close} mid={account.mid} />
      <MonitorModal open={popup === 'monitor'} onClose={close} mid={account.mid} name={name} />
      <BackCollectModal open={popup === 'backfill'} onClose={close} mid={account.mid} name={name} />
      <SimilarModal
        open={popup === 'similar'}
        onClose={close}
        base={{ mid: account.mid, name, same_owner: account.same_owner }}
      />
    </Flex>
  );
}

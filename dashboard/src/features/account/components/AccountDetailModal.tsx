// Official account detail popup (spec §2 "Official account detail popup"): the same header and five tabs as
// the /detail page, over the list it was opened from; a link opens the full page in a new window.
import { Modal } from 'antd';
import { useState } from 'react';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { AccountDetailView } from './AccountDetailView';

/** The /detail page's address as the browser sees it (the router's basename is /main). */
const fullPageHref = (mid: number) => `/main${accountDetailPath(mid)}`;

export default function AccountDetailModal({ mid, onClose }: { mid: number | null; onClose: () => void }) {
  const [active, setActive] = useState('0');
  return (
    <Modal
      open={mid !== null}
      onCancel={onClose}
      afterClose={() => setActive('0')}
      footer={null}
      width={1120}
      destroyOnHidden
      title={
        <span className="detail-modal-title">
          公众号详情
          {mid !== null && (
            <a
              href={fullPageHref(mid)}
              data-testid="detail-new-window"
              onClick={(e) => {
                // Spec: routernumber is set to 10000 before the detail opens. window.open keeps the opener (same
                // origin), so the new window starts with a copy of this session storage; a target=_blank link
                // would not (browsers imply noopener). A modified click follows the plain link.
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                markDetailNavigation();
                window.open(fullPageHref(mid), '_blank');
              }}
            >
              新窗口打开 ↗
            </a>
          )}
        </span>
      }
      data-testid="account-detail-modal"
    >
      {mid !== null && <AccountDetailView mid={mid} active={active} onActiveChange={setActive} />}
    </Modal>
  );
}

// An account as the explore lists show it: avatar, name linking to its detail page, and its WeChat id.
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';

export function AccountLink({
  mid,
  name,
  wxid,
  avatar,
  size = 32,
  testId = 'explore-account',
}: {
  mid: number;
  name: string;
  wxid?: string;
  avatar: string;
  size?: number;
  testId?: string;
}) {
  return (
    <span className="explore-account">
      <AccountAvatar avatar={avatar} name={name} size={size} />
      <span className="explore-account-text">
        <Link to={accountDetailPath(mid)} onClick={markDetailNavigation} data-testid={testId}>
          {name}
        </Link>
        {wxid && <span className="explore-muted">{wxid}</span>}
      </span>
    </span>
  );
}

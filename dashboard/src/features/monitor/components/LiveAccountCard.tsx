// The frame of both live monitors: an account picker bound to ?mid=, a prompt until one is chosen, then the board.
import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccountDetail } from '../../../api/queries';
import { AccountPicker } from '../../../components/AccountPicker';

type Account = NonNullable<ReturnType<typeof useAccountDetail>['data']>['account'];

export function LiveAccountCard(props: {
  title: string;
  testId: string;
  pickerTestId: string;
  placeholder?: string;
  /** Shown until an account is chosen. */
  prompt: string;
  children: (mid: number, account: Account | undefined) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid')) || null;
  const account = useAccountDetail(mid).data?.account;
  return (
    <Card
      title={props.title}
      className="monitor-page"
      data-testid={props.testId}
      extra={
        <AccountPicker
          value={account ? { mid: account.mid, name: account.name, avatar: account.avatar } : null}
          onChange={(a) => setParams({ mid: String(a.mid) })}
          placeholder={props.placeholder}
          testId={props.pickerTestId}
        />
      }
    >
      {mid === null ? <Empty description={props.prompt} /> : props.children(mid, account)}
    </Card>
  );
}

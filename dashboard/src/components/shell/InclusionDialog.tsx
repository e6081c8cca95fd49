// Inclusion popup (spec §2 "Inclusion popup", §4, §5, §8): one input, 1–30 characters an account name, else an
// article link; the button reads 收录中... while the request is in flight; the answer shows as a message and, when
// accounts came back, in the result popup with the latest and history tabs.
import { Alert, Button, Input, Modal, message, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, NOT_LOGGED_IN_CODE } from '../../api/client';
import {
  INCLUSION_NAME_MAX,
  type IncludedAccount,
  type InclusionResult,
  useInclusion,
} from '../../api/shell-queries';
import { accountDetailPath, markDetailNavigation } from '../../lib/account';
import { AccountAvatar } from '../AccountAvatar';

/** Spec §8: the single-article answer for an account included before is a success, not an error. */
export const ALREADY_INCLUDED_TIP = '该公众号已收录，请勿重复提交';

type Notice = { type: 'success' | 'warning' | 'error'; text: string };

/** How spec §8 says to show an inclusion answer. */
export function inclusionNotice(result: InclusionResult): Notice {
  if (result.code === 0) return { type: 'warning', text: result.tip };
  if (result.is_success) return { type: 'success', text: result.tip || '收录成功' };
  if (result.tip === ALREADY_INCLUDED_TIP) return { type: 'success', text: ALREADY_INCLUDED_TIP };
  return { type: 'error', text: result.tip || '收录失败' };
}

function IncludedList({ accounts, testId }: { accounts: IncludedAccount[]; testId: string }) {
  if (accounts.length === 0) return <div className="inclusion-empty">暂无</div>;
  return (
    <ul className="inclusion-list" data-testid={testId}>
      {accounts.map((a) => (
        <li key={a.mid} className="inclusion-item" data-testid="inclusion-item">
          <AccountAvatar avatar={a.avatar} name={a.wxname} size={40} />
          <div className="inclusion-item-main">
            <Link
              to={accountDetailPath(a.mid)}
              onClick={markDetailNavigation}
              className="inclusion-item-name"
            >
              {a.wxname}
            </Link>
            <div className="inclusion-item-wxid">微信号：{a.wxid || '-'}</div>
            {a.desc && <div className="inclusion-item-desc">{a.desc}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function InclusionResultDialog({
  result,
  onClose,
}: {
  result: InclusionResult | null;
  onClose: () => void;
}) {
  const latest = result?.data ?? [];
  const history = result?.data2 ?? [];
  return (
    <Modal
      title="收录结果"
      open={result !== null}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <div data-testid="inclusion-result">
        <Tabs
          defaultActiveKey={latest.length > 0 || history.length === 0 ? 'latest' : 'history'}
          items={[
            {
              key: 'latest',
              label: `最新收录（${latest.length}）`,
              children: <IncludedList accounts={latest} testId="inclusion-latest" />,
            },
            {
              key: 'history',
              label: `历史收录（${history.length}）`,
              children: <IncludedList accounts={history} testId="inclusion-history" />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}

export function InclusionDialog({
  open,
  onClose,
  initial = '',
}: {
  open: boolean;
  onClose: () => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  const [result, setResult] = useState<InclusionResult | null>(null);
  const [notify, contextHolder] = message.useMessage();
  const inclusion = useInclusion();
  const text = value.trim();
  const kind = text === '' ? null : [...text].length <= INCLUSION_NAME_MAX ? '公众号名称' : '文章链接';

  const submit = () => {
    if (text === '' || inclusion.isPending) return;
    inclusion.mutate(text, {
      onSuccess: (answer) => {
        const notice = inclusionNotice(answer);
        notify.open({ type: notice.type, content: notice.text });
        if (answer.data.length > 0 || answer.data2.length > 0) {
          setResult(answer);
          setValue('');
          onClose();
        }
      },
      onError: (error) => {
        const text =
          error instanceof ApiError && error.code === NOT_LOGGED_IN_CODE
            ? `${error.message}，请先登录后再提交收录`
            : error.message;
        notify.error(text);
      },
    });
  };

  return (
    <>
      {contextHolder}
      <Modal title="公众号收录" open={open} onCancel={onClose} footer={null} width={520}>
        <div data-testid="inclusion-dialog">
          <p className="inclusion-text">通过文章链接或公众号名称提交收录</p>
          <Input.TextArea
            data-testid="inclusion-input"
            aria-label="文章链接或公众号名称"
            placeholder="输入公众号名称（30 字以内）或一篇文章的链接"
            autoSize={{ minRows: 2, maxRows: 4 }}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              submit();
            }}
          />
          <div className="inclusion-kind">{kind ? `将按${kind}收录` : ' '}</div>
          <Alert type="info" showIcon title="收录成功后，文章将在10分钟内更新" className="inclusion-note" />
          <Button
            type="primary"
            block
            data-testid="inclusion-submit"
            disabled={text === ''}
            loading={inclusion.isPending}
            onClick={submit}
          >
            {inclusion.isPending ? '收录中...' : '收录'}
          </Button>
        </div>
      </Modal>
      <InclusionResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

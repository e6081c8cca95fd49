// Binding QQ (qq_binding) or WeChat (wx_binding, the 账号绑定 page) to the logged-in account: scan the QR,
// confirm on the phone, done.
import { Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { bindQq, bindWechat, LoginCodes, type Provider } from '../../auth/api';
import { type PollOutcome, QrPanel } from './QrPanel';
import { errorText } from './rules';
import './login.css';

interface Props {
  open: boolean;
  message: MessageInstance;
  onClose: (bound: boolean) => void;
  provider?: Provider;
}

export default function QqBindDialog({ open, message, onClose, provider = 'qq' }: Props) {
  const label = provider === 'qq' ? 'QQ' : '微信';
  const poll = useCallback(
    async (token: string): Promise<PollOutcome> => {
      try {
        await (provider === 'qq' ? bindQq : bindWechat)(token);
      } catch (e) {
        // Not confirmed yet answers like an unknown token (501): keep asking until the QR expires.
        if (e instanceof ApiError && e.code === LoginCodes.TOKEN_INVALID) return 'wait';
        if (e instanceof ApiError && e.code !== undefined) {
          message.error(errorText(e));
          onClose(false);
          return 'done';
        }
        return 'wait';
      }
      message.success('绑定成功');
      onClose(true);
      return 'done';
    },
    [message, onClose, provider],
  );

  return (
    <Modal
      open={open}
      title={`绑定 ${label}`}
      footer={null}
      width={380}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <div data-testid="qq-bind">
        <QrPanel provider={provider} agreed poll={poll} onAgreeNeeded={() => {}} />
        <p className="login-step-intro">绑定后可使用 {label} 扫码登录当前账号。</p>
      </div>
    </Modal>
  );
}

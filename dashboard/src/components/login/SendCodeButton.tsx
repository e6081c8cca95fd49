// The send-code button: 'verification code sent' starts a 60-second countdown, anything else is a warning (spec §4, §8).
import { Button } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useState } from 'react';
import { sendCode } from '../../auth/api';
import { CODE_COUNTDOWN_S, errorText, M } from './rules';

interface Props {
  /** Validates and answers the phone, or null when it is not valid (the form shows why). */
  phone: () => Promise<string | null>;
  message: MessageInstance;
  testId?: string;
}

export function SendCodeButton({ phone, message, testId = 'send-code' }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    const p = await phone();
    if (!p) return;
    setSending(true);
    try {
      const msg = await sendCode(p);
      if (msg === M.CODE_SENT) {
        message.success(msg);
        setLeft(CODE_COUNTDOWN_S);
      } else {
        message.warning(msg || M.REQUEST_FAILED);
      }
    } catch (e) {
      message.warning(errorText(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      data-testid={testId}
      disabled={left > 0}
      loading={sending}
      onClick={send}
      className="login-code-button"
    >
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}

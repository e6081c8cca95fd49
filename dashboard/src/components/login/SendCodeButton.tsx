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
  // The countdown runs to a deadline, so throttled timers (a background tab) cannot stretch it.
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until === 0) return;
    const t = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setUntil(0);
    }, 1000);
    return () => clearInterval(t);
  }, [until]);

  const send = async () => {
    const p = await phone();
    if (!p) return;
    setSending(true);
    try {
      const msg = await sendCode(p);
      if (msg === M.CODE_SENT) {
        message.success(msg);
        const at = Date.now();
        setNow(at);
        setUntil(at + CODE_COUNTDOWN_S * 1000);
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

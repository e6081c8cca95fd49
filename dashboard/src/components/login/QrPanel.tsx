// Tab one: scan the QR (WeChat, or QQ through the second-platform button), polled every 2 s (spec §4).
// Also the QQ binding of a logged-in member, which polls qq_binding instead of login.
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchQr, type Provider, type QrData } from '../../auth/api';
import { AGREE_FIRST, errorText, QR_POLL_MS } from './rules';

type QrState =
  | { kind: 'loading' }
  | { kind: 'ready'; qr: QrData; expiresAt: number }
  | { kind: 'expired' }
  | { kind: 'error'; message: string };

/** One poll's outcome: keep waiting, the QR expired, or finished (the caller acted on the answer). */
export type PollOutcome = 'wait' | 'expired' | 'done';

interface Props {
  provider: Provider;
  /** Polling runs only while consent is given (login requires it, spec §5). */
  agreed: boolean;
  poll: (token: string, provider: Provider) => Promise<PollOutcome>;
  onAgreeNeeded: () => void;
}

const PROVIDER_LABEL: Record<Provider, string> = { wechat: '微信', qq: 'QQ' };

export function QrPanel({ provider, agreed, poll, onAgreeNeeded }: Props) {
  const [state, setState] = useState<QrState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  // A new QR for every provider switch or refresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the refresh trigger
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchQr(provider).then(
      (qr) => live && setState({ kind: 'ready', qr, expiresAt: Date.now() + qr.expires_in * 1000 }),
      (e) => live && setState({ kind: 'error', message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [provider, attempt]);

  const token = state.kind === 'ready' ? state.qr.qrcode : null;
  const expiresAt = state.kind === 'ready' ? state.expiresAt : 0;

  // The 2-second poll; it stops when the dialog closes (this panel unmounts), on the answer, or on expiry.
  useEffect(() => {
    if (!token || !agreed) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (!live) return;
      if (Date.now() >= expiresAt) {
        setState({ kind: 'expired' });
        return;
      }
      const outcome = await poll(token, provider);
      if (!live || outcome === 'done') return;
      if (outcome === 'expired') {
        setState({ kind: 'expired' });
        return;
      }
      timer = setTimeout(tick, QR_POLL_MS);
    };
    timer = setTimeout(tick, QR_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, expiresAt, agreed, provider, poll]);

  const label = PROVIDER_LABEL[provider];
  return (
    <div className="login-qr" data-testid="login-qr" data-provider={provider}>
      <div className="login-qr-box">
        {state.kind === 'loading' && <Spin />}
        {state.kind === 'ready' && (
          <>
            <img
              src={state.qr.img}
              alt={`${label}登录二维码`}
              data-testid="login-qr-img"
              data-url={state.qr.url}
            />
            {!agreed && (
              <button
                type="button"
                className="login-qr-mask"
                data-testid="login-qr-agree"
                onClick={onAgreeNeeded}
              >
                {AGREE_FIRST}
              </button>
            )}
          </>
        )}
        {state.kind === 'expired' && (
          <div className="login-qr-mask login-qr-expired" data-testid="login-qr-expired">
            <div>二维码已失效</div>
            <Button type="primary" size="small" onClick={refresh}>
              刷新二维码
            </Button>
          </div>
        )}
        {state.kind === 'error' && (
          <div className="login-qr-mask login-qr-expired">
            <div>{state.message}</div>
            <Button size="small" onClick={refresh}>
              重试
            </Button>
          </div>
        )}
      </div>
      <div className="login-qr-tip">
        请使用{label}扫描二维码登录
        <Button type="link" size="small" onClick={refresh} data-testid="login-qr-refresh">
          刷新二维码
        </Button>
      </div>
      {state.kind === 'ready' && state.qr.demo && (
        <div className="login-qr-demo">
          演示环境：二维码打开本站的确认页，
          <a href={state.qr.url} target="_blank" rel="noreferrer" data-testid="login-qr-confirm-link">
            在新窗口打开
          </a>
        </div>
      )}
    </div>
  );
}

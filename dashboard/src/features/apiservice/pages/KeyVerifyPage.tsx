// 密钥校验 (/appsearch/Keyverifycode): the user pastes an API key; the page calls the open API's free balance
// endpoint with it and shows whether the key is valid, its remaining calls and the rate-limit headers. An invalid
// key answers 401 with the envelope's Chinese message, shown as it came (an expected answer, not a page error).
import { Alert, Button, Card, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { readStoredKey } from '../hooks/apiKeyStore';
import '../apipages.css';

const BALANCE_URL = '/fbmain/openapi/v1/balance';

interface Verdict {
  status: number;
  valid: boolean;
  msg: string;
  errorCode: number | null;
  balance: number | null;
  trial: number | null;
  limit: string | null;
  remaining: string | null;
  retryAfter: string | null;
}

async function verify(key: string): Promise<Verdict> {
  const res = await fetch(BALANCE_URL, { headers: { 'X-Api-Key': key, Accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as {
    error_code?: number;
    msg?: string;
    data?: { balance: number; trial_granted: number };
  } | null;
  return {
    status: res.status,
    valid: res.status === 200 && body?.error_code === 0,
    msg: body?.msg ?? `HTTP ${res.status}`,
    errorCode: body?.error_code ?? null,
    balance: body?.data?.balance ?? null,
    trial: body?.data?.trial_granted ?? null,
    limit: res.headers.get('x-ratelimit-limit'),
    remaining: res.headers.get('x-ratelimit-remaining'),
    retryAfter: res.headers.get('retry-after'),
  };
}

export function KeyVerifyPage() {
  const [key, setKey] = useState(readStoredKey);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const check = async () => {
    const k = key.trim();
    setVerdict(null);
    if (!/^[\x21-\x7e]{1,200}$/.test(k)) {
      setError(k ? '密钥格式不正确：应为 gzh_ 开头的一串字母和数字' : '请粘贴要校验的 API 密钥');
      return;
    }
    setError('');
    setBusy(true);
    try {
      setVerdict(await verify(k));
    } catch {
      setError('请求失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="密钥校验" data-testid="key-verify-page">
      <Typography.Paragraph>
        粘贴 API 密钥，用它调用免费的 <code>GET {BALANCE_URL}</code>
        （不扣次数），查看密钥是否有效、剩余调用次数与每分钟调用上限。
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 640 }} className="apipages-gap">
        <Input.Password
          aria-label="API 密钥"
          placeholder="gzh_…"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onPressEnter={check}
          data-testid="verify-key-input"
        />
        <Button type="primary" onClick={check} loading={busy} data-testid="verify-key-submit">
          校验
        </Button>
      </Space.Compact>
      {error && <Alert type="warning" showIcon title={error} className="apipages-gap" />}
      {verdict && (
        <div data-testid="verify-result">
          <Alert
            className="apipages-gap"
            type={verdict.valid ? 'success' : 'error'}
            showIcon
            title={
              <span data-testid="verify-verdict">
                {verdict.valid ? '密钥有效' : `密钥不可用：${verdict.msg}`}
              </span>
            }
          />
          <Descriptions bordered size="small" column={1} style={{ maxWidth: 640 }}>
            <Descriptions.Item label="HTTP 状态">
              <Tag color={verdict.status === 200 ? 'green' : 'red'}>{verdict.status}</Tag>
              {verdict.errorCode !== null && <span>error_code {verdict.errorCode}</span>}
            </Descriptions.Item>
            {verdict.valid && (
              <>
                <Descriptions.Item label="剩余调用次数">
                  <span data-testid="verify-balance">{verdict.balance}</span>
                </Descriptions.Item>
                <Descriptions.Item label="注册赠送的试用次数">{verdict.trial}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label="每分钟调用上限（X-RateLimit-Limit）">
              <span data-testid="verify-rate-limit">{verdict.limit ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="本分钟剩余（X-RateLimit-Remaining）">
              <span data-testid="verify-rate-remaining">{verdict.remaining ?? '—'}</span>
            </Descriptions.Item>
            {verdict.retryAfter && (
              <Descriptions.Item label="需等待秒数（Retry-After）">{verdict.retryAfter}</Descriptions.Item>
            )}
          </Descriptions>
          {!verdict.valid && (
            <Typography.Paragraph style={{ marginTop: 12 }}>
              密钥无效或已作废时，请到 <Link to="/appsearch/applicatio">API 申请</Link> 页创建新密钥。
            </Typography.Paragraph>
          )}
        </div>
      )}
    </Card>
  );
}

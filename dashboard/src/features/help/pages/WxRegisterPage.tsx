// 微信扫码注册 (/wxregest): the login dialog's QR step and step 2 (phone and password for a new WeChat user) as a
// page, built from the same components. A scan of an already registered WeChat simply logs in.
import { App, Button, Card, Checkbox, Result, Space } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { LoginCodes, type Provider, pollQr } from '../../../auth/api';
import { type LoginType, saveSession, useSession } from '../../../auth/session';
import { type PollOutcome, QrPanel } from '../../../components/login/QrPanel';
import { AGREE_FIRST } from '../../../components/login/rules';
import { type ScannedUser, SetPhoneStep } from '../../../components/login/SetPhoneStep';
import '../../../components/login/login.css';
import '../help.css';

function Done({ registered }: { registered: boolean }) {
  return (
    <Result
      status="success"
      title={registered ? '注册成功' : '您已登录'}
      subTitle={registered ? '新用户已获赠 API 免费试用次数。' : '可以在账号绑定页面管理微信、QQ 与手机号。'}
      data-testid={registered ? 'wxregest-done' : 'wxregest-logged-in'}
      extra={
        <Space>
          <Link to="/userguide">
            <Button type="primary">新手指南</Button>
          </Link>
          <Link to="/appsearch/center?tabSt=1">
            <Button>会员中心</Button>
          </Link>
          <Link to="/binding">
            <Button>账号绑定</Button>
          </Link>
        </Space>
      }
    />
  );
}

function WxRegisterBody() {
  const { message } = App.useApp();
  const session = useSession();
  const [agreed, setAgreed] = useState(false);
  const [scanned, setScanned] = useState<ScannedUser | null>(null);
  const [registered, setRegistered] = useState(false);

  const poll = useCallback(async (token: string, p: Provider): Promise<PollOutcome> => {
    try {
      const data = await pollQr(token, true);
      if (data.type === 0) setScanned({ provider: p, registrationToken: data.accessToken, name: data.name });
      else saveSession(data, p);
      return 'done';
    } catch (e) {
      if (e instanceof ApiError && e.code === LoginCodes.QR_EXPIRED) return 'expired';
      return 'wait';
    }
  }, []);

  if (registered) return <Done registered />;
  if (session) return <Done registered={false} />;
  if (scanned)
    return (
      <SetPhoneStep
        scanned={scanned}
        initialPhone=""
        message={message}
        onRegistered={(data, type, _phone) => {
          saveSession(data, type as LoginType);
          setRegistered(true);
        }}
        onBack={() => setScanned(null)}
      />
    );
  return (
    <div data-testid="wxregest-scan">
      <QrPanel
        provider="wechat"
        agreed={agreed}
        poll={poll}
        onAgreeNeeded={() => message.warning(AGREE_FIRST)}
      />
      <div className="login-options" style={{ justifyContent: 'center' }}>
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="wxregest-agree">
          我已阅读并同意
          <Link to="/shengming" target="_blank">
            《用户协议》
          </Link>
          和
          <Link to="/shengming1" target="_blank">
            《个人信息保护政策》
          </Link>
        </Checkbox>
      </div>
      <p className="help-muted" style={{ textAlign: 'center' }}>
        首次扫码的微信用户需要设置手机号和登录密码；已注册的微信扫码后直接登录。
      </p>
    </div>
  );
}

export function WxRegisterPage() {
  return (
    <App component={false}>
      <div className="help-page" data-testid="wxregest-page" style={{ maxWidth: 480 }}>
        <Card title="微信扫码注册">
          <WxRegisterBody />
        </Card>
      </div>
    </App>
  );
}

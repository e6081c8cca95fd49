// The shared login dialog (spec §2 "Login dialog", §4 steps 1–4): QR and phone tabs, new-user phone step,
// three-step reset, profile. Loaded on first open, so pages that never log in do not carry it.
import { Button, Checkbox, Modal, Tabs } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { LoginCodes, type LoginData, type Provider, pollQr } from '../../auth/api';
import type { LoginView } from '../../auth/dialog';
import { type LoginType, saveSession } from '../../auth/session';
import { PhonePanel } from './PhonePanel';
import { ProfileStep } from './ProfileStep';
import { type PollOutcome, QrPanel } from './QrPanel';
import { ResetSteps } from './ResetSteps';
import { AGREE_FIRST, M } from './rules';
import { type ScannedUser, SetPhoneStep } from './SetPhoneStep';
import './login.css';

type Step = 'login' | 'set-phone' | 'reset' | 'profile';

interface Props {
  open: boolean;
  initialView: LoginView;
  message: MessageInstance;
  onClose: (loggedIn: boolean) => void;
}

const TITLES: Record<Step, string> = {
  login: '登录',
  'set-phone': '设置手机号和密码',
  reset: '找回密码',
  profile: '完善资料',
};

const initialStep = (v: LoginView): Step =>
  v === 'register' ? 'set-phone' : v === 'reset' ? 'reset' : 'login';

export default function LoginDialog({ open, initialView, message, onClose }: Props) {
  const navigate = useNavigate();
  // This component stays mounted after closing, so the closing confirm can outlive the dialog.
  const [modal, modalHolder] = Modal.useModal();
  const [step, setStep] = useState<Step>(initialStep(initialView));
  const [tab, setTab] = useState<'qr' | 'phone'>('qr');
  const [provider, setProvider] = useState<Provider>('wechat');
  const [agreed, setAgreed] = useState(false);
  const [remember, setRemember] = useState(true);
  const [scanned, setScanned] = useState<ScannedUser | null>(null);
  const [phone, setPhone] = useState('');
  // Set once a session is stored (login or registration), so closing afterwards counts as logged in.
  const loggedIn = useRef(false);

  const finish = useCallback(
    (data: LoginData, type: LoginType) => {
      saveSession(data, type);
      loggedIn.current = true;
      message.success('登录成功');
      onClose(true);
    },
    [message, onClose],
  );

  const pollLogin = useCallback(
    async (token: string, p: Provider): Promise<PollOutcome> => {
      let data: LoginData;
      try {
        data = await pollQr(token, remember);
      } catch (e) {
        if (e instanceof ApiError && e.code === LoginCodes.QR_EXPIRED) return 'expired';
        // Waiting for the scan (30001) or a passing network failure: ask again.
        return 'wait';
      }
      // Spec §4: type 0 is a scanned user without a phone yet: step 2.
      if (data.type === 0) {
        setScanned({ provider: p, registrationToken: data.accessToken, name: data.name });
        setStep('set-phone');
      } else {
        finish(data, p);
      }
      return 'done';
    },
    [finish, remember],
  );

  const onRegistered = (data: LoginData, type: LoginType, registeredPhone: string) => {
    // Spec §4: a successful registration stores the session and moves to the profile step.
    saveSession(data, type);
    loggedIn.current = true;
    setPhone(registeredPhone);
    message.success(M.REGISTER_OK);
    setStep('profile');
  };

  const onProfileSubmitted = () => {
    onClose(true);
    // Spec §4: the profile step ends with a confirm offering the API consumption records, or a notice.
    modal.success({
      okCancel: true,
      title: M.PROFILE_OK,
      content: '新用户已获赠 API 免费试用次数，是否前往 API 页面查看？',
      okText: '前往查看',
      cancelText: '暂不',
      onOk: () => navigate('/appsearch/interface?actnav=3'),
      onCancel: () => {
        message.success(M.PROFILE_OK);
      },
    });
  };

  const backToLogin = (p: string) => {
    setPhone(p);
    setTab('phone');
    setScanned(null);
    setStep('login');
  };

  const options = (
    <div className="login-options">
      <Checkbox
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
        data-testid="login-remember"
      >
        自动登录
      </Checkbox>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="login-agree">
        我已阅读并同意
        <a href="/main/shengming" target="_blank" rel="noreferrer">
          《用户协议》
        </a>
        和
        <a href="/main/shengming1" target="_blank" rel="noreferrer">
          《个人信息保护政策》
        </a>
      </Checkbox>
    </div>
  );

  return (
    <>
      {modalHolder}
      <Modal
        open={open}
        title={TITLES[step]}
        footer={null}
        width={step === 'profile' ? 520 : 420}
        onCancel={() => onClose(loggedIn.current)}
        destroyOnHidden
        mask={{ closable: false }}
        className="login-dialog"
        data-testid="login-dialog"
      >
        <div data-testid="login-dialog-body" data-step={step}>
          {step === 'login' && (
            <>
              <Tabs
                activeKey={tab}
                onChange={(k) => setTab(k as 'qr' | 'phone')}
                centered
                destroyOnHidden
                items={[
                  {
                    key: 'qr',
                    label: '扫码登录',
                    children: (
                      <>
                        <QrPanel
                          provider={provider}
                          agreed={agreed}
                          poll={pollLogin}
                          onAgreeNeeded={() => message.warning(AGREE_FIRST)}
                        />
                        <div className="login-other">
                          {provider === 'wechat' ? (
                            <Button onClick={() => setProvider('qq')} data-testid="login-qq">
                              QQ 登录
                            </Button>
                          ) : (
                            <Button onClick={() => setProvider('wechat')} data-testid="login-wechat">
                              微信扫码登录
                            </Button>
                          )}
                        </div>
                      </>
                    ),
                  },
                  {
                    key: 'phone',
                    label: '密码登录',
                    children: (
                      <PhonePanel
                        agreed={agreed}
                        remember={remember}
                        initialPhone={phone}
                        message={message}
                        onLoggedIn={(d) => finish(d, 'phone')}
                        onForgot={(p) => {
                          setPhone(p);
                          setStep('reset');
                        }}
                        onRegister={(p) => {
                          setPhone(p);
                          setScanned(null);
                          setStep('set-phone');
                        }}
                      />
                    ),
                  },
                ]}
              />
              {options}
            </>
          )}
          {step === 'set-phone' && (
            <SetPhoneStep
              scanned={scanned}
              initialPhone={phone}
              message={message}
              onRegistered={onRegistered}
              onBack={() => backToLogin(phone)}
            />
          )}
          {step === 'reset' && <ResetSteps initialPhone={phone} message={message} onBack={backToLogin} />}
          {step === 'profile' && (
            <ProfileStep
              phone={phone}
              message={message}
              onSubmitted={onProfileSubmitted}
              onSkip={() => onClose(true)}
            />
          )}
        </div>
      </Modal>
    </>
  );
}

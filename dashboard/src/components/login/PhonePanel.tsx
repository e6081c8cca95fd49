// Tab two: phone and password (or an SMS code), with forgot-password and registration links (spec §2).
import { Button, Form, Input } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { type LoginData, loginWithPhone } from '../../auth/api';
import { AGREE_BEFORE_LOGIN, codeRules, errorText, M, phoneRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  agreed: boolean;
  remember: boolean;
  initialPhone: string;
  message: MessageInstance;
  onLoggedIn: (data: LoginData) => void;
  onForgot: (phone: string) => void;
  onRegister: (phone: string) => void;
}

interface Fields {
  username: string;
  password?: string;
  verifyCode?: string;
}

export function PhonePanel({
  agreed,
  remember,
  initialPhone,
  message,
  onLoggedIn,
  onForgot,
  onRegister,
}: Props) {
  const [form] = Form.useForm<Fields>();
  const [byCode, setByCode] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (f: Fields) => {
    if (!agreed) {
      message.warning(AGREE_BEFORE_LOGIN);
      return;
    }
    setBusy(true);
    try {
      const data = await loginWithPhone({
        username: f.username.trim(),
        password: byCode ? '' : (f.password ?? ''),
        verifyCode: byCode ? (f.verifyCode ?? '').trim() : '',
        remember,
      });
      onLoggedIn(data);
    } catch (e) {
      // Spec §8: the reply message is shown as an error.
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const phone = () => String(form.getFieldValue('username') ?? '').trim();
  const validPhone = async () => {
    try {
      await form.validateFields(['username']);
      return phone();
    } catch {
      return null;
    }
  };

  return (
    <Form
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: initialPhone }}
      onFinish={submit}
      data-testid="login-phone-form"
    >
      <Form.Item name="username" label="手机号" rules={phoneRules}>
        <Input placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
      </Form.Item>
      {byCode ? (
        <Form.Item label="验证码" required htmlFor="login_verifyCode">
          <div className="login-code-row">
            <Form.Item name="verifyCode" noStyle rules={codeRules}>
              <Input placeholder="请输入短信验证码" maxLength={6} />
            </Form.Item>
            <SendCodeButton phone={validPhone} message={message} />
          </div>
        </Form.Item>
      ) : (
        <Form.Item name="password" label="密码" rules={[{ required: true, message: M.PASSWORD_EMPTY }]}>
          <Input.Password placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
      )}
      <div className="login-links">
        <Button type="link" size="small" onClick={() => setByCode((v) => !v)} data-testid="login-mode">
          {byCode ? '密码登录' : '验证码登录'}
        </Button>
        <Button type="link" size="small" onClick={() => onForgot(phone())} data-testid="login-forgot">
          忘记密码？
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        登录
      </Button>
      <div className="login-register">
        还没有账号？
        <Button type="link" size="small" onClick={() => onRegister(phone())} data-testid="login-register">
          立即注册
        </Button>
      </div>
    </Form>
  );
}

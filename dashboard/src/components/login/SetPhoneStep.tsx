// Step 2: phone and new password — for a scanned user without a phone (code hidden, spec §5), or a
// phone registration (code required). Success stores the session and moves on to the profile (spec §4).
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { LoginCodes, type LoginData, type Provider, register } from '../../auth/api';
import { codeRules, confirmRules, errorText, newPasswordRules, PASSWORD_HINT, phoneRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

/** A scanned identity waiting for its phone (from a type-0 login answer), or null for a phone sign-up. */
export interface ScannedUser {
  provider: Provider;
  registrationToken: string;
  name: string;
}

interface Props {
  scanned: ScannedUser | null;
  initialPhone: string;
  message: MessageInstance;
  onRegistered: (data: LoginData, provider: Provider | 'phone', phone: string) => void;
  onBack: () => void;
}

interface Fields {
  phone: string;
  code?: string;
  password: string;
  confirm: string;
  invitecode?: string;
}

export function SetPhoneStep({ scanned, initialPhone, message, onRegistered, onBack }: Props) {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The code input is hidden for scanned users, unless their phone is taken: a real code then binds it.
  const [needCode, setNeedCode] = useState(scanned === null);

  const submit = async (f: Fields) => {
    setBusy(true);
    setError('');
    try {
      const data = await register(scanned?.provider ?? 'wechat', {
        username: scanned?.name ?? '',
        phone: f.phone.trim(),
        accessToken: scanned?.registrationToken ?? '',
        code: needCode ? (f.code ?? '').trim() : '',
        password: f.password,
        confirm: f.confirm,
        invitecode: (f.invitecode ?? '').trim(),
      });
      onRegistered(data, scanned?.provider ?? 'phone', f.phone.trim());
    } catch (e) {
      // Spec §8: 30000, 30008, 30009, 501 and others show the message and stay on this step.
      const msg = errorText(e);
      setError(msg);
      message.error(msg);
      if (scanned && e instanceof ApiError && e.code === LoginCodes.PHONE_REGISTERED) setNeedCode(true);
    } finally {
      setBusy(false);
    }
  };

  const validPhone = async () => {
    try {
      await form.validateFields(['phone']);
      return String(form.getFieldValue('phone')).trim();
    } catch {
      return null;
    }
  };

  return (
    <div data-testid="login-set-phone">
      <p className="login-step-intro">
        {scanned
          ? `欢迎，${scanned.name || '新用户'}！首次扫码登录，请设置手机号和登录密码。`
          : '使用手机号注册，注册后可用手机号和密码登录。'}
      </p>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          className="login-alert"
          data-testid="login-set-phone-error"
        />
      )}
      {scanned && needCode && (
        <Alert
          type="info"
          showIcon
          className="login-alert"
          title="该手机号已注册：输入发送到该手机号的验证码，即可把扫码身份绑定到这个账号。"
        />
      )}
      <Form
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        initialValues={{ phone: initialPhone }}
        onFinish={submit}
      >
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
        </Form.Item>
        {needCode && (
          <Form.Item label="验证码" required htmlFor="register_code">
            <div className="login-code-row">
              <Form.Item name="code" noStyle rules={codeRules}>
                <Input placeholder="请输入短信验证码" maxLength={6} />
              </Form.Item>
              <SendCodeButton phone={validPhone} message={message} testId="register-send-code" />
            </div>
          </Form.Item>
        )}
        <Form.Item name="password" label="设置密码" rules={newPasswordRules} extra={PASSWORD_HINT}>
          <Input.Password placeholder="请输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={confirmRules()}>
          <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="invitecode" label="邀请码（选填）">
          <Input placeholder="好友的邀请码" maxLength={16} />
        </Form.Item>
        {/* A scanned user agreed on the login panel before scanning; a phone sign-up agrees here. */}
        {!scanned && (
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[
              {
                validator: (_, v) =>
                  v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户协议')),
              },
            ]}
          >
            <Checkbox data-testid="register-agree">
              我已阅读并同意
              <a href="/main/shengming" target="_blank" rel="noopener" data-testid="register-agreement-link">
                《用户协议与免责声明》
              </a>
              和
              <a href="/main/shengming1" target="_blank" rel="noopener">
                《个人信息保护政策》
              </a>
            </Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {scanned ? '完成' : '注册'}
        </Button>
        <Button type="link" block onClick={onBack}>
          返回登录
        </Button>
      </Form>
    </div>
  );
}

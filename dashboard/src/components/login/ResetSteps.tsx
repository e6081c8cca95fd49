// Step 3: the three-step password reset — verify (phone + code), set (new password twice), done (spec §2, §4).
import { Button, Form, Input, Result, Steps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { resetPassword } from '../../auth/api';
import { codeRules, confirmRules, errorText, M, newPasswordRules, PASSWORD_HINT, phoneRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  initialPhone: string;
  message: MessageInstance;
  /** Back to the phone tab, with the phone filled in. */
  onBack: (phone: string) => void;
}

export function ResetSteps({ initialPhone, message, onBack }: Props) {
  const [sub, setSub] = useState<0 | 1 | 2>(0);
  const [verified, setVerified] = useState({ phone: initialPhone, code: '' });
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm<{ phone: string; code: string }>();
  const [setForm] = Form.useForm<{ password: string; confirm: string }>();

  const verify = async (f: { phone: string; code: string }) => {
    setBusy(true);
    try {
      await resetPassword({ phone: f.phone.trim(), code: f.code.trim() });
      setVerified({ phone: f.phone.trim(), code: f.code.trim() });
      setSub(1);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const save = async (f: { password: string; confirm: string }) => {
    setBusy(true);
    try {
      const msg = await resetPassword({ ...verified, password: f.password, confirm: f.confirm });
      // Spec §8: 'password changed successfully' moves to done; any other answer is shown.
      if (msg === M.RESET_OK) setSub(2);
      else message.error(msg || M.REQUEST_FAILED);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const validPhone = async () => {
    try {
      await verifyForm.validateFields(['phone']);
      return String(verifyForm.getFieldValue('phone')).trim();
    } catch {
      return null;
    }
  };

  return (
    <div data-testid="login-reset" data-step={sub + 1}>
      <Steps
        size="small"
        current={sub}
        className="login-reset-steps"
        items={[{ title: '验证身份' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {sub === 0 && (
        <Form
          form={verifyForm}
          name="reset"
          layout="vertical"
          requiredMark={false}
          initialValues={{ phone: initialPhone }}
          onFinish={verify}
        >
          <Form.Item name="phone" label="手机号" rules={phoneRules}>
            <Input placeholder="请输入注册时的手机号" maxLength={11} />
          </Form.Item>
          <Form.Item label="验证码" required htmlFor="reset_code">
            <div className="login-code-row">
              <Form.Item name="code" noStyle rules={codeRules}>
                <Input placeholder="请输入短信验证码" maxLength={6} />
              </Form.Item>
              <SendCodeButton phone={validPhone} message={message} testId="reset-send-code" />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-next">
            下一步
          </Button>
        </Form>
      )}
      {sub === 1 && (
        <Form form={setForm} name="reset_password" layout="vertical" requiredMark={false} onFinish={save}>
          <Form.Item name="password" label="新密码" rules={newPasswordRules} extra={PASSWORD_HINT}>
            <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmRules()}>
            <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-save">
            确认修改
          </Button>
        </Form>
      )}
      {sub === 2 && (
        <Result
          status="success"
          title={M.RESET_OK}
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" onClick={() => onBack(verified.phone)} data-testid="reset-done">
              去登录
            </Button>
          }
        />
      )}
      {sub < 2 && (
        <Button type="link" block onClick={() => onBack(verified.phone)}>
          返回登录
        </Button>
      )}
    </div>
  );
}

// 注销账号 (/deletion): what is lost, what the server says stands in the way (deletion_check), and the
// confirmation by password or SMS code plus the typed sentence. Success clears the local session.
import { Alert, App, Button, Card, Form, Input, Radio, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { clearSession, useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { codeRules, phoneRules } from '../../../components/login/rules';
import { SendCodeButton } from '../../../components/login/SendCodeButton';
import { RetryAlert } from '../../../components/RetryAlert';
import { useMemberInfo } from '../../center';
import { deleteAccount, useDeletionCheck } from '../hooks/queries';
import '../../../components/login/login.css';
import '../help.css';

interface Fields {
  phone?: string;
  password?: string;
  code?: string;
  confirm_text: string;
}

function Consequences() {
  const info = useMemberInfo();
  const u = info.data;
  return (
    <Alert
      type="warning"
      showIcon
      className="block-gap"
      title="注销后不可恢复"
      data-testid="deletion-consequences"
      description={
        <ul className="help-danger-list">
          <li>
            会员权益作废：
            {u ? `当前为${u.vip_name}${u.vip_expire ? `（有效期至 ${u.vip_expire}）` : ''}` : '当前会员等级'}
            ，剩余时间不退款。
          </li>
          <li>
            API 剩余次数作废：{u ? `当前剩余 ${u.api_balance.toLocaleString('zh-CN')} 次` : '当前剩余次数'}
            ，API 密钥全部失效。
          </li>
          <li>收藏的公众号与文章、分组、订阅的关键词、搜索记录、短链接、发票抬头与收件地址全部删除。</li>
          <li>手机号、微信与 QQ 的绑定解除，所有设备上的登录立即失效；手机号之后可以重新注册为新账号。</li>
          <li>订单、已开发票与 API 消费记录作为交易记录依法保留，但不再关联任何个人信息。</li>
        </ul>
      }
    />
  );
}

function DeletionForm({ onDeleted }: { onDeleted: () => void }) {
  const { message } = App.useApp();
  const check = useDeletionCheck();
  const info = useMemberInfo();
  const [form] = Form.useForm<Fields>();
  const [by, setBy] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const validPhone = async () => {
    try {
      await form.validateFields(['phone']);
      return String(form.getFieldValue('phone')).trim();
    } catch {
      return null;
    }
  };
  if (check.isPending) return <Skeleton active />;
  if (check.isError) return <RetryAlert message={check.error.message} onRetry={() => check.refetch()} />;
  const { blockers, confirm_text } = check.data;

  const submit = async (f: Fields) => {
    setBusy(true);
    setError('');
    try {
      await deleteAccount({
        password: by === 'password' ? (f.password ?? '') : '',
        code: by === 'code' ? (f.code ?? '').trim() : '',
        confirm_text: f.confirm_text.trim(),
      });
      onDeleted();
    } catch (e) {
      const msg = (e as Error).message;
      setError(msg);
      message.error(msg);
      void check.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Consequences />
      {blockers.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="block-gap"
          title="暂不能注销"
          data-testid="deletion-blockers"
          description={
            <ul className="help-danger-list">
              {blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          }
        />
      )}
      {error && (
        <Alert type="error" showIcon className="block-gap" title={error} data-testid="deletion-error" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 420 }}
        data-testid="deletion-form"
      >
        <Form.Item label="验证方式">
          <Radio.Group value={by} onChange={(e) => setBy(e.target.value)}>
            <Radio value="password">登录密码</Radio>
            <Radio value="code" data-testid="deletion-by-code">
              短信验证码
            </Radio>
          </Radio.Group>
        </Form.Item>
        {by === 'password' ? (
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password autoComplete="current-password" data-testid="deletion-password" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="phone"
              label={`绑定的手机号（${info.data?.phone ?? ''}）`}
              rules={[
                ...phoneRules,
                { validator: (_, v: string | undefined) => samePhone(v, info.data?.phone) },
              ]}
            >
              <Input maxLength={11} placeholder="请输入完整的手机号" data-testid="deletion-phone" />
            </Form.Item>
            <Form.Item label="短信验证码" required htmlFor="deletion_code">
              <div className="login-code-row">
                <Form.Item name="code" noStyle rules={codeRules}>
                  <Input
                    id="deletion_code"
                    maxLength={6}
                    placeholder="请输入短信验证码"
                    data-testid="deletion-code"
                  />
                </Form.Item>
                <SendCodeButton phone={validPhone} message={message} testId="deletion-send-code" />
              </div>
            </Form.Item>
          </>
        )}
        <Form.Item
          name="confirm_text"
          label={`请输入“${confirm_text}”`}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                (v ?? '').trim() === confirm_text
                  ? Promise.resolve()
                  : Promise.reject(new Error(`请输入“${confirm_text}”以确认注销`)),
            },
          ]}
        >
          <Input placeholder={confirm_text} data-testid="deletion-confirm-text" />
        </Form.Item>
        <Button
          danger
          type="primary"
          htmlType="submit"
          loading={busy}
          disabled={blockers.length > 0}
          data-testid="deletion-submit"
        >
          注销账号
        </Button>
      </Form>
    </>
  );
}

/**
 * The page knows the phone only masked (138****0001), so the member types it in full; it must fit the mask, and
 * the server checks the code against the account's own phone whatever is typed.
 */
function samePhone(v: string | undefined, masked: string | undefined): Promise<void> {
  const p = (v ?? '').trim();
  if (!masked || p.length !== 11 || (p.startsWith(masked.slice(0, 3)) && p.endsWith(masked.slice(-4))))
    return Promise.resolve();
  return Promise.reject(new Error('与账号绑定的手机号不一致'));
}

export function DeletionPage() {
  const session = useSession();
  // Kept here: clearing the session right after deletion would otherwise swap the form for the login prompt.
  const [done, setDone] = useState(false);
  const onDeleted = () => {
    setDone(true);
    // The server ended every session; forget the local one too (the header turns into 登录 / 注册).
    clearSession();
  };
  let body = <LoginPrompt what="注销账号" />;
  if (done)
    body = (
      <Result
        status="success"
        title="账号已注销"
        subTitle="感谢您使用公众号数据平台。"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
        data-testid="deletion-done"
      />
    );
  else if (session) body = <DeletionForm onDeleted={onDeleted} />;
  return (
    <App component={false}>
      <div className="help-page" data-testid="deletion-page">
        <Card title="注销账号">{body}</Card>
      </div>
    </App>
  );
}

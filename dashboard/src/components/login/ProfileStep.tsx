// Step 4: the profile form after registration, with a skip button (spec §2, §4, §5).
import { Button, Form, Input, Radio } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { USER_TYPES } from '../../../../contract/member-texts';
import { submitProfile } from '../../auth/api';
import { errorText, M, NEED_MAX, PHONE_RE } from './rules';

interface Props {
  phone: string;
  message: MessageInstance;
  onSubmitted: () => void;
  onSkip: () => void;
}

interface Fields {
  user_type?: string;
  name: string;
  phone: string;
  company: string;
  industry: string;
  need: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

export function ProfileStep({ phone, message, onSubmitted, onSkip }: Props) {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);

  const submit = async (f: Fields) => {
    setBusy(true);
    try {
      await submitProfile({
        user_type: f.user_type ?? '',
        name: f.name.trim(),
        phone: f.phone.trim(),
        company: f.company.trim(),
        industry: f.industry.trim(),
        need: f.need.trim(),
      });
      onSubmitted();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="login-profile">
      <p className="login-step-intro">注册成功！完善资料，我们为您推荐合适的数据服务。</p>
      <Form
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={{ phone }}
        onFinish={submit}
      >
        <Form.Item name="user_type" label="行业定位" rules={[{ required: true, message: M.USER_TYPE_EMPTY }]}>
          <Radio.Group options={USER_TYPES.map((t) => ({ label: t, value: t }))} />
        </Form.Item>
        <Form.Item name="name" label="联系人" rules={required(M.USERNAME_EMPTY)}>
          <Input placeholder="请输入您的姓名" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="联系方式"
          rules={[...required(M.CONTACT_EMPTY), { pattern: PHONE_RE, message: M.PHONE_INVALID }]}
        >
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
        <Form.Item name="company" label="公司名称" rules={required(M.COMPANY_EMPTY)}>
          <Input placeholder="请输入公司名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="industry" label="所属行业" rules={required(M.INDUSTRY_EMPTY)}>
          <Input placeholder="如：电商、教育、汽车" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="need"
          label="您的需求"
          rules={[...required(M.NEED_TOO_LONG), { max: NEED_MAX, message: M.NEED_TOO_LONG }]}
        >
          <Input.TextArea
            placeholder={`请在${NEED_MAX}字以内填写您的大致需求`}
            rows={3}
            showCount
            maxLength={NEED_MAX}
          />
        </Form.Item>
        <div className="login-profile-actions">
          <Button onClick={onSkip} data-testid="profile-skip">
            跳过
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-submit">
            提交
          </Button>
        </div>
      </Form>
    </div>
  );
}

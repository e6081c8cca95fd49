// The demand form of every service page (account/v1 submit_demand). Visitors may send it; a member's contact
// details are prefilled from the profile they gave at registration (user_info), since user_info masks the phone.
import { Alert, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  DEMAND_LIMITS,
  DEMAND_SERVICES,
  DemandMessages,
  type DemandService,
} from '../../../../../contract/demand-services';
import { errorText, phoneRules } from '../../../components/login/rules';
import { useMemberInfo } from '../../center';
import { useSubmitDemand } from '../hooks/demand-queries';

interface Fields {
  name: string;
  phone: string;
  company: string;
  content: string;
}

const EMPTY: Fields = { name: '', phone: '', company: '', content: '' };

export function DemandForm({ service, intro }: { service: DemandService; intro?: string }) {
  const [form] = Form.useForm<Fields>();
  const { pathname } = useLocation();
  const submit = useSubmitDemand();
  const [done, setDone] = useState<string | null>(null);
  const member = useMemberInfo();

  // Prefill once the profile arrives, without overwriting what the user already typed.
  useEffect(() => {
    const m = member.data;
    if (!m) return;
    const profile = m.profile ?? {};
    const current = form.getFieldsValue();
    form.setFieldsValue({
      name: current.name || profile.name || m.name || '',
      phone: current.phone || (/^1[3-9]\d{9}$/.test(profile.phone ?? '') ? (profile.phone as string) : ''),
      company: current.company || profile.company || '',
    });
  }, [member.data, form]);

  const onFinish = (f: Fields) => {
    setDone(null);
    submit.mutate(
      {
        name: f.name.trim(),
        phone: f.phone.trim(),
        company: (f.company ?? '').trim(),
        content: f.content.trim(),
        service,
        source_path: pathname,
      },
      {
        onSuccess: (msg) => {
          setDone(msg ?? '提交成功');
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card
      id="demand"
      className="block-gap service-demand"
      title={`提交需求：${DEMAND_SERVICES[service]}`}
      data-testid="demand-form"
    >
      <p className="muted">
        {intro ?? '留下联系方式与大致需求，数据顾问会在 1 个工作日内与您联系，确认数据范围、交付方式与报价。'}
      </p>
      {done && (
        <Alert
          type="success"
          showIcon
          className="block-gap"
          data-testid="demand-success"
          title={`${done}：我们已收到您的需求，会尽快与您联系`}
        />
      )}
      {submit.isError && (
        <Alert
          type="error"
          showIcon
          className="block-gap"
          data-testid="demand-error"
          title={errorText(submit.error)}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={EMPTY}
        onFinish={onFinish}
        onValuesChange={() => setDone(null)}
      >
        <div className="demand-row">
          <Form.Item
            name="name"
            label="联系人"
            rules={[{ required: true, whitespace: true, message: DemandMessages.NAME_EMPTY }]}
          >
            <Input placeholder="您的姓名" maxLength={DEMAND_LIMITS.name} data-testid="demand-name" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={phoneRules}>
            <Input placeholder="11 位手机号" maxLength={11} data-testid="demand-phone" />
          </Form.Item>
          <Form.Item name="company" label="公司名称（选填）">
            <Input
              placeholder="公司或机构名称"
              maxLength={DEMAND_LIMITS.company}
              data-testid="demand-company"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="content"
          label="需求描述"
          rules={[
            { required: true, whitespace: true, message: DemandMessages.CONTENT_EMPTY },
            { max: DEMAND_LIMITS.content, message: DemandMessages.CONTENT_LONG },
          ]}
        >
          <Input.TextArea
            rows={4}
            showCount
            maxLength={DEMAND_LIMITS.content}
            placeholder="例如：需要的平台与账号范围、时间范围、字段、更新频率、交付格式与预算"
            data-testid="demand-content"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="demand-submit">
          提交需求
        </Button>
      </Form>
    </Card>
  );
}

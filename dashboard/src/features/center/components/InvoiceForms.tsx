// The invoice title and address popups: add or edit, sent as the form fields invoices.ts expects; the server's
// validation message is shown as it answers it.
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import type { Address, InvoiceTitle } from '../../../../../contract/shapes/invoices';
import { messageOf } from '../../../api/errors';
import { useInvoiceWrite, useRegions } from '../hooks/center-queries';

interface ModalProps<T> {
  open: boolean;
  editing: T | null;
  onClose: (savedId?: number) => void;
}

export function TitleModal({ open, editing, onClose }: ModalProps<InvoiceTitle>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const write = useInvoiceWrite();
  const type = Form.useWatch('title_type', form);

  const save = async () => {
    const f = form.getFieldsValue();
    try {
      const msg = await write.mutateAsync({
        path: editing ? 'invoice_update' : 'invoice_add',
        fields: { ...f, tax_no: f.title_type === 1 ? '' : (f.tax_no ?? ''), id: editing?.id },
      });
      message.success(msg);
      onClose();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  return (
    <Modal
      title={editing ? '编辑发票抬头' : '新建发票抬头'}
      open={open}
      onOk={save}
      onCancel={() => onClose()}
      confirmLoading={write.isPending}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      {/* The modal is destroyed when hidden, so each opening starts from these values. */}
      <Form
        form={form}
        layout="vertical"
        data-testid="title-form"
        initialValues={editing ?? { title_type: 2, title: '', tax_no: '', email: '' }}
      >
        <Form.Item label="抬头类型" name="title_type">
          <Radio.Group
            options={[
              { label: '企业', value: 2 },
              { label: '个人', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item label="发票抬头" name="title" required>
          <Input
            placeholder={type === 1 ? '个人姓名' : '公司全称'}
            maxLength={100}
            data-testid="title-input"
          />
        </Form.Item>
        {type !== 1 && (
          <Form.Item label="纳税人识别号" name="tax_no" required extra="15–20 位数字或大写字母">
            <Input maxLength={20} data-testid="tax-input" />
          </Form.Item>
        )}
        <Form.Item label="接收邮箱" name="email" extra="电子发票将发送到该邮箱（选填）">
          <Input maxLength={100} data-testid="email-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AddressModal({ open, editing, onClose }: ModalProps<Address>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const write = useInvoiceWrite();
  const regions = useRegions();

  const save = async () => {
    const f = form.getFieldsValue();
    try {
      const msg = await write.mutateAsync({
        path: editing ? 'invoice_address_update' : 'invoice_address_add',
        fields: {
          receiver: f.receiver ?? '',
          phone: f.phone ?? '',
          region: f.region ?? '',
          address: f.address ?? '',
          is_default: f.is_default ? 1 : 0,
          id: editing?.id,
        },
      });
      message.success(msg);
      onClose();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  return (
    <Modal
      title={editing ? '编辑收件地址' : '新建收件地址'}
      open={open}
      onOk={save}
      onCancel={() => onClose()}
      confirmLoading={write.isPending}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="address-form"
        initialValues={editing ?? { receiver: '', phone: '', address: '', is_default: false }}
      >
        <Form.Item label="收件人" name="receiver" required>
          <Input maxLength={32} data-testid="receiver-input" />
        </Form.Item>
        <Form.Item label="手机号" name="phone" required>
          <Input maxLength={11} data-testid="address-phone-input" />
        </Form.Item>
        <Form.Item label="所在地区" name="region" required>
          <Select
            showSearch
            placeholder="请选择省份"
            loading={regions.isPending}
            options={(regions.data ?? []).map((r) => ({ label: r.name, value: r.name }))}
            data-testid="region-select"
          />
        </Form.Item>
        <Form.Item label="详细地址" name="address" required>
          <Input.TextArea maxLength={200} rows={2} data-testid="address-input" />
        </Form.Item>
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

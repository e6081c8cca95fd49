// A download button for an export URL: fetched with the member's token and saved; refusals shown as warnings.
import { App, Button } from 'antd';
import { useState } from 'react';
import { isLevelLimit } from '../../../api/errors';
import { openUpgrade } from '../../../components/gates/LevelLimit';
import { downloadExport } from '../../monitor';

export function ExportButton({
  href,
  label = '导出 Excel',
  testId = 'export-download',
  type = 'default',
  size,
  disabled,
}: {
  href: string;
  label?: string;
  testId?: string;
  type?: 'default' | 'primary' | 'link';
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
}) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await downloadExport(href);
      message.success(`已开始下载 ${name}`);
    } catch (e) {
      if (isLevelLimit(e))
        modal.confirm({
          title: '会员等级不足',
          content: (e as Error).message,
          okText: '去升级',
          cancelText: '取消',
          onOk: openUpgrade,
        });
      else message.warning((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={type} size={size} loading={busy} disabled={disabled} onClick={run} data-testid={testId}>
      {label}
    </Button>
  );
}

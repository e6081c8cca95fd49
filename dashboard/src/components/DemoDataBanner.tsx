// Required label: shown whenever the backend reports simulated (demo) data.
import { Alert } from 'antd';
import { useSystemInfo } from '../api/queries';

export const DEMO_DATA_NOTICE =
  '演示数据：当前展示的公众号、文章与阅读数均由内置模拟器生成，并非真实微信数据。';

export function DemoDataBanner() {
  const { data } = useSystemInfo();
  if (!data?.demo) return null;
  return <Alert data-testid="demo-banner" type="warning" showIcon banner title={DEMO_DATA_NOTICE} />;
}

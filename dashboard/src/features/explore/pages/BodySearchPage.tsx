// 主体搜索 (/appsearch/bodysearch?kw=): owners (主体) by name with how many accounts, industries and areas they have;
// each opens its owner page.
import { Card } from 'antd';
import { OwnerSearchBox } from '../components/OwnerSearchBox';
import '../explore.css';

export function BodySearchPage() {
  return (
    <Card title="主体搜索" data-testid="bodysearch-page">
      <OwnerSearchBox hint="按名称搜索公众号的运营主体，查看主体旗下的公众号数量、行业与地区，点击主体名称查看主体详情。" />
    </Card>
  );
}

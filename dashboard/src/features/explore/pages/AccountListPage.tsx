// 公众号分组 (/appsearch/accountList): the member's favourite groups with their accounts as a full page — the group
// management popup's manager (create, rename, pin, delete groups; remove and move accounts) beside an account
// search whose pick is added to the checked groups.
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { GroupManager } from '../../../components/groups/GroupManager';
import { AccountLink } from '../components/AccountLink';
import '../explore.css';

function AccountListBody() {
  const [picked, setPicked] = useState<PickedAccount | null>(null);
  return (
    <Flex vertical gap={16}>
      <Card size="small" title="添加公众号到分组">
        <Flex vertical gap={8}>
          <Flex gap={12} align="center" wrap>
            <AccountPicker value={picked} onChange={setPicked} testId="accountlist-picker" />
            {picked && <AccountLink mid={picked.mid} name={picked.name} avatar={picked.avatar} />}
          </Flex>
          <Typography.Text type="secondary">
            选择公众号后，在下方勾选一个或多个分组，点击「加入收藏」。勾选公众号可移动到其他分组或删除。
          </Typography.Text>
        </Flex>
      </Card>
      <Card
        size="small"
        title="我的分组"
        extra={<Link to="/appsearch/collection">查看收藏的公众号数据</Link>}
      >
        <GroupManager mids={picked ? [picked.mid] : []} createAtTop movable />
      </Card>
    </Flex>
  );
}

export function AccountListPage() {
  return (
    <Card title="公众号分组" data-testid="accountlist-page">
      <MemberOnly what="管理公众号分组">
        <AccountListBody />
      </MemberOnly>
    </Card>
  );
}

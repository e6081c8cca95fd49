// 同主体公众号 (/appsearch/withSubject?mid= or ?owner=): all accounts of one owner, found from one of its accounts
// (search/v1 mp_same_owner) or from the owner's name (monitor/v1 brand_detail, with each account's figures). Owner
// information is for deluxe members and above (spec §6): the server's limit answer shows the spec's panel; visitors
// get the login prompt.
import { Button, Card, Empty, Flex, List, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountDetail } from '../../../api/queries';
import { useSession } from '../../../auth/session';
import { AccountPicker } from '../../../components/AccountPicker';
import { TabError } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { useBrandDetail } from '../../ranks';
import { AccountLink } from '../components/AccountLink';
import { OwnerAccountsTable } from '../components/OwnerAccountsTable';
import { subjectPath, withSubjectPath } from '../components/OwnerResults';
import { OwnerSearchBox } from '../components/OwnerSearchBox';
import { EXPLORE_PAGE_SIZE, useSameOwner } from '../hooks/explore-queries';
import { midParam, textParam } from '../params';
import '../explore.css';

function ByAccount({ mid }: { mid: number }) {
  const [page, setPage] = useState(1);
  const base = useAccountDetail(mid);
  const same = useSameOwner(mid, page);
  if (same.isError)
    return <TabError error={same.error} onRetry={() => same.refetch()} limitTitle={same.error.message} />;
  const a = base.data?.account;
  const d = same.data;
  return (
    <Flex vertical gap={12} data-testid="withsubject-by-account">
      <Flex gap={12} align="center" wrap>
        {a && <AccountLink mid={a.mid} name={a.name || a.mp_name} wxid={a.wx || a.wxid} avatar={a.avatar} />}
        {d && (
          <>
            <span>
              主体：
              {d.owner ? (
                <Link to={subjectPath(d.owner)} data-testid="withsubject-owner">
                  {d.owner}
                </Link>
              ) : (
                '未知'
              )}
            </span>
            <Tag color="blue" data-testid="withsubject-total">
              同主体公众号 {d.total} 个
            </Tag>
          </>
        )}
      </Flex>
      <List
        loading={same.isFetching}
        dataSource={d?.accounts ?? []}
        locale={{ emptyText: <Empty description="暂无同主体公众号" /> }}
        pagination={
          (d?.total ?? 0) > EXPLORE_PAGE_SIZE
            ? {
                current: page,
                pageSize: EXPLORE_PAGE_SIZE,
                total: d?.total ?? 0,
                showSizeChanger: false,
                onChange: setPage,
              }
            : false
        }
        renderItem={(x) => (
          <List.Item
            data-testid="withsubject-item"
            actions={[
              <Link key="similar" to={`/appsearch/similar?mid=${x.mid}`}>
                相似公众号
              </Link>,
            ]}
          >
            <Flex gap={12} align="center">
              <AccountLink
                mid={x.mid}
                name={x.name || x.mp_name}
                wxid={x.wxid}
                avatar={x.avatar}
                testId="withsubject-account"
              />
              {x.media && <Tag>{x.media}</Tag>}
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}

function ByOwner({ owner }: { owner: string }) {
  const [page, setPage] = useState(1);
  const detail = useBrandDetail({ owner, days: 30, page }, true);
  if (detail.isError)
    return (
      <TabError error={detail.error} onRetry={() => detail.refetch()} limitTitle={detail.error.message} />
    );
  const d = detail.data;
  return (
    <Flex vertical gap={12} data-testid="withsubject-by-owner">
      <Flex gap={12} align="center" wrap>
        <span>
          主体：
          <Link to={subjectPath(owner)} data-testid="withsubject-owner">
            {owner}
          </Link>
        </span>
        {d && (
          <Tag color="blue" data-testid="withsubject-total">
            旗下公众号 {d.accounts} 个，近 30 天活跃 {d.active_accounts} 个
          </Tag>
        )}
      </Flex>
      <OwnerAccountsTable
        list={d?.list ?? []}
        total={d?.total ?? 0}
        page={page}
        loading={detail.isFetching}
        onPage={setPage}
      />
    </Flex>
  );
}

function Finder() {
  const navigate = useNavigate();
  const [by, setBy] = useState<'account' | 'owner'>('account');
  return (
    <Flex vertical gap={12}>
      <Segmented
        data-testid="withsubject-mode"
        value={by}
        onChange={(v) => setBy(v as 'account' | 'owner')}
        options={[
          { value: 'account', label: '按公众号查找' },
          { value: 'owner', label: '按主体查找' },
        ]}
      />
      {by === 'account' ? (
        <Flex vertical gap={8} align="flex-start">
          <AccountPicker
            value={null}
            testId="withsubject-picker"
            placeholder="输入公众号名称或微信号，查看同主体公众号"
            onChange={(a) => navigate(withSubjectPath({ mid: a.mid }))}
          />
          <Typography.Text type="secondary">
            选择一个公众号，列出与它属于同一运营主体的全部公众号。
          </Typography.Text>
        </Flex>
      ) : (
        <OwnerSearchBox
          linkTo={(owner) => withSubjectPath({ owner })}
          hint="输入主体名称搜索，选择一个主体列出它旗下的全部公众号。"
        />
      )}
    </Flex>
  );
}

export function WithSubjectPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const mid = midParam(params);
  const owner = textParam(params, 'owner');
  const chosen = mid !== null || owner !== '';
  return (
    <Card
      title="同主体公众号"
      data-testid="withsubject-page"
      extra={
        chosen && (
          <Link to="/appsearch/withSubject">
            <Button size="small">重新查找</Button>
          </Link>
        )
      }
    >
      {!chosen ? (
        <Finder />
      ) : !session ? (
        <LoginPrompt what="使用查看同主体公众号" />
      ) : mid !== null ? (
        <ByAccount key={mid} mid={mid} />
      ) : (
        <ByOwner key={owner} owner={owner} />
      )}
    </Card>
  );
}

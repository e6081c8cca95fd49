// 收录查询 (/appsearch/innet?q=): whether an account or an article is included (收录) on the platform. Spec §5's rule
// decides the kind: 1–30 characters is an account name (search_by_name, open to everyone), longer is an article
// link (monitor/v1 verifyLink, for members). What is not included can be submitted at once through the inclusion
// popup (collect_mp); its result popup lists the newly and previously included accounts.
import { Alert, Button, Card, Empty, Flex, Input, List, Result, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isLoginNeeded } from '../../../api/errors';
import { INCLUSION_NAME_MAX } from '../../../api/shell-queries';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { InclusionDialog } from '../../../components/shell/InclusionDialog';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { useVerifyLink } from '../../monitor';
import { AccountLink } from '../components/AccountLink';
import { useNameSearch } from '../hooks/explore-queries';
import { textParam } from '../params';
import '../explore.css';

function NotIncluded({ text, why }: { text: string; why: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Result
        data-testid="innet-missing"
        status="warning"
        title="尚未收录"
        subTitle={why}
        extra={
          <Button type="primary" onClick={() => setOpen(true)} data-testid="innet-submit">
            提交收录
          </Button>
        }
      />
      {open && <InclusionDialog open onClose={() => setOpen(false)} initial={text} />}
    </>
  );
}

function NameCheck({ name }: { name: string }) {
  const q = useNameSearch(name);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  if (q.isPending) return <Card loading bordered={false} />;
  const list = q.data.accounts;
  if (list.length === 0)
    return (
      <NotIncluded
        text={name}
        why={`平台中没有名称包含「${name}」的公众号，可提交收录，成功后文章在 10 分钟内更新。`}
      />
    );
  const exact = list.some((a) => a.name === name || a.wxid === name);
  return (
    <Flex vertical gap={8} data-testid="innet-found">
      <Alert
        type={exact ? 'success' : 'info'}
        showIcon
        message={
          exact
            ? `「${name}」已收录`
            : `没有名称完全相同的公众号，以下 ${q.data.total} 个名称包含「${name}」的公众号已收录`
        }
      />
      <List
        dataSource={list}
        renderItem={(a) => (
          <List.Item data-testid="innet-account">
            <Flex gap={12} align="center" wrap>
              <AccountLink mid={a.mid} name={a.name || a.mp_name} wxid={a.wxid} avatar={a.avatar} />
              <Tag color="green">已收录</Tag>
              <span className="explore-muted">
                已收录文章 {a.mp_fetch_sum} 篇{a.pubtime ? `，最近发文 ${a.pubtime}` : ''}
              </span>
            </Flex>
          </List.Item>
        )}
      />
      {!exact && <NotIncluded text={name} why="要找的公众号不在其中？可按名称提交收录。" />}
    </Flex>
  );
}

function LinkCheck({ url }: { url: string }) {
  const q = useVerifyLink(url);
  if (q.isError) {
    if (isLoginNeeded(q.error)) return <LoginPrompt what="使用按文章链接查询收录" />;
    return <NotIncluded text={url} why={q.error.message} />;
  }
  if (q.isPending) return <Card loading bordered={false} />;
  const a = q.data;
  return (
    <Alert
      data-testid="innet-article"
      type="success"
      showIcon
      message="该文章已收录"
      description={
        <Flex vertical gap={4}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            {a.title}
          </a>
          <span>
            公众号：
            <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
              {a.mp_name}
            </Link>
            {a.pubtime ? `，发布于 ${a.pubtime}` : ''}
          </span>
        </Flex>
      }
    />
  );
}

export function InnetPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const query = textParam(params, 'q');
  const [text, setText] = useState(query);
  const isName = [...query].length <= INCLUSION_NAME_MAX;
  return (
    <Card title="收录查询" data-testid="innet-page">
      <Flex vertical gap={12}>
        <Input.Search
          data-testid="innet-input"
          aria-label="公众号名称或文章链接"
          placeholder="输入公众号名称（30 字以内）或文章链接，查询是否已收录"
          enterButton="查询"
          size="large"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {})}
        />
        <Typography.Text type="secondary">
          30 字以内按公众号名称或微信号查询，更长的按文章链接查询；未收录的可直接提交收录，收录成功后文章在 10
          分钟内更新。
        </Typography.Text>
        {query === '' ? (
          <Empty description="输入公众号名称或文章链接开始查询" />
        ) : isName ? (
          <NameCheck key={query} name={query} />
        ) : session ? (
          <LinkCheck key={query} url={query} />
        ) : (
          <LoginPrompt what="使用按文章链接查询收录" />
        )}
      </Flex>
    </Card>
  );
}

// 关键词订阅 (/appsearch/subscribe): the member's keywords (userkeyword GET/POST, modify_userkeyword, DELETE) and
// the articles matching them (user_keyword_search), highlighted.
import {
  App as AntApp,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { WanFigure } from '../../../components/WanFigure';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatTotal, positionLabel } from '../../../lib/format';
import {
  type KeywordArticle,
  MAX_KEYWORDS,
  RANK_PAGE_SIZE,
  type UserKeyword,
  useKeywordArticles,
  useKeywordChange,
  useUserKeywords,
} from '../../ranks';
import '../../../components/styles/ranks.css';

const DAYS = [
  { value: 1, label: '今天' },
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
];

function KeywordEditor({ keywords }: { keywords: UserKeyword[] }) {
  const { message } = App.useApp();
  const change = useKeywordChange();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<UserKeyword | null>(null);
  const [editText, setEditText] = useState('');
  const run = (c: Parameters<typeof change.mutate>[0], done?: () => void) =>
    change.mutate(c, {
      onSuccess: (msg) => {
        message.success(msg || '操作成功');
        done?.();
      },
      onError: (e) => message.error(e.message),
    });
  const add = () => {
    const keyword = text.trim();
    if (!keyword) {
      message.warning('请输入关键词');
      return;
    }
    run({ op: 'add', keyword }, () => setText(''));
  };
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} style={{ maxWidth: 480 }}>
        <Input
          data-testid="keyword-input"
          aria-label="新关键词"
          placeholder="输入要订阅的关键词（不超过 20 个字）"
          maxLength={20}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={add}
        />
        <Button
          type="primary"
          data-testid="keyword-add"
          loading={change.isPending}
          disabled={keywords.length >= MAX_KEYWORDS}
          onClick={add}
        >
          添加订阅
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        已订阅 {keywords.length} / {MAX_KEYWORDS} 个关键词；标题或正文包含关键词的新文章会出现在下方。
      </Typography.Text>
      <Flex wrap gap={8} data-testid="keyword-list">
        {keywords.map((k) => (
          <Tag key={k.id} className="keyword-tag" data-testid="keyword-tag" color="blue">
            <span data-testid="keyword-text">{k.keyword}</span>
            <Button
              type="link"
              size="small"
              data-testid="keyword-edit"
              onClick={() => {
                setEditing(k);
                setEditText(k.keyword);
              }}
            >
              修改
            </Button>
            <Popconfirm
              title={`取消订阅“${k.keyword}”？`}
              okText="取消订阅"
              cancelText="保留"
              onConfirm={() => run({ op: 'delete', id: k.id })}
            >
              <Button type="link" size="small" danger data-testid="keyword-delete">
                删除
              </Button>
            </Popconfirm>
          </Tag>
        ))}
      </Flex>
      <Modal
        title="修改关键词"
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={change.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => {
          if (!editing) return;
          const keyword = editText.trim();
          if (!keyword) {
            message.warning('请输入关键词');
            return;
          }
          run({ op: 'rename', id: editing.id, keyword }, () => setEditing(null));
        }}
      >
        <Input
          data-testid="keyword-edit-input"
          aria-label="关键词"
          maxLength={20}
          value={editText}
          onChange={(e) => setEditText(e.target.value)}
        />
      </Modal>
    </Flex>
  );
}

function Matches({ keywords }: { keywords: UserKeyword[] }) {
  const [keyword, setKeyword] = useState('');
  const [days, setDays] = useState(7);
  const [page, setPage] = useState(1);
  // A deleted or renamed keyword falls back to all of them.
  const chosen = keywords.some((k) => k.keyword === keyword) ? keyword : '';
  const q = useKeywordArticles({ keyword: chosen, days, page }, keywords.length > 0);
  if (keywords.length === 0)
    return (
      <Empty data-testid="keyword-none" description="还没有订阅关键词，添加后即可查看包含关键词的文章" />
    );
  return (
    <>
      <Flex wrap gap={8} align="center" className="block-gap">
        <Tag.CheckableTag
          checked={chosen === ''}
          onChange={() => {
            setKeyword('');
            setPage(1);
          }}
        >
          全部关键词
        </Tag.CheckableTag>
        {keywords.map((k) => (
          <Tag.CheckableTag
            key={k.id}
            data-testid="keyword-filter"
            checked={chosen === k.keyword}
            onChange={() => {
              setKeyword(k.keyword);
              setPage(1);
            }}
          >
            {k.keyword}
          </Tag.CheckableTag>
        ))}
        <span className="grow" />
        <Radio.Group
          data-testid="keyword-days"
          size="small"
          optionType="button"
          value={days}
          options={DAYS}
          onChange={(e) => {
            setDays(e.target.value);
            setPage(1);
          }}
        />
      </Flex>
      {q.isError ? (
        <TabError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<KeywordArticle>
          rowKey={(a) => `${a.mid}_${a.aid}`}
          dataSource={q.data?.list ?? []}
          loading={q.isPending || q.isFetching}
          onRow={() => ({ 'data-testid': 'keyword-row' }) as never}
          locale={{ emptyText: '所选时间内暂无包含关键词的文章' }}
          tableLayout="fixed"
          pagination={{
            current: page,
            pageSize: RANK_PAGE_SIZE,
            total: q.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => `共 ${formatTotal(n)} 篇文章`,
            onChange: setPage,
          }}
          columns={[
            {
              title: '文章',
              key: 'title',
              render: (_, a) => (
                <div className="keyword-hit">
                  <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
                  {/* The server escapes the text and wraps only the matched terms in <em>. */}
                  <ArticleTitleLink post={`${a.mid}_${a.aid}`} testId="keyword-title">
                    <span
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-escaped highlight markup
                      dangerouslySetInnerHTML={{ __html: a.title_highlight }}
                    />
                  </ArticleTitleLink>
                  {a.excerpt_highlight && (
                    <div
                      className="keyword-excerpt"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-escaped highlight markup
                      dangerouslySetInnerHTML={{ __html: a.excerpt_highlight }}
                    />
                  )}
                  <div>
                    {a.keywords.map((k) => (
                      <Tag key={k} color="volcano" data-testid="keyword-matched">
                        {k}
                      </Tag>
                    ))}
                  </div>
                </div>
              ),
            },
            {
              title: '公众号',
              key: 'account',
              width: 180,
              render: (_, a) => (
                <span className="account-cell">
                  <AccountAvatar avatar={a.avatar} name={a.mp_name} size={28} />
                  <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
                    {a.mp_name || '-'}
                  </Link>
                </span>
              ),
            },
            { title: '发布时间', dataIndex: 'pubtime', width: 150, render: (t: string) => t.slice(0, 16) },
            {
              title: '阅读',
              dataIndex: 'read',
              width: 80,
              align: 'right',
              render: (v: number) => <WanFigure value={v} />,
            },
            {
              title: '点赞',
              dataIndex: 'zan',
              width: 70,
              align: 'right',
              render: (v: number) => <WanFigure value={v} />,
            },
          ]}
        />
      )}
    </>
  );
}

function SubscribeBody() {
  const q = useUserKeywords(true);
  if (q.isError) return <TabError error={q.error} onRetry={() => q.refetch()} />;
  const keywords = q.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Card size="small" title="我的订阅" loading={q.isPending}>
        <KeywordEditor keywords={keywords} />
      </Card>
      <Card size="small" title="订阅文章">
        {!q.isPending && <Matches keywords={keywords} />}
      </Card>
    </Flex>
  );
}

function SubscribePageBody() {
  return (
    <Card title="关键词订阅" data-testid="subscribe-page">
      <MemberOnly what="关键词订阅">
        <SubscribeBody />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts (App.useApp in the group pickers and editors) their context. */
export function SubscribePage() {
  return (
    <AntApp component={false}>
      <SubscribePageBody />
    </AntApp>
  );
}

// The member's keyword subscriptions (search/v1 userkeyword), shared by the two keyword monitors; the hits of the
// chosen keyword ('' = all) are rendered by `hits`.
import { App, Button, Empty, Input, Segmented, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { useAddKeyword, useDeleteKeyword, useMemberKeywords } from '../hooks/monitor-queries';

export function KeywordBoard({ hits, empty }: { hits: (keyword: string) => ReactNode; empty: string }) {
  const { message } = App.useApp();
  const keywords = useMemberKeywords(true);
  const add = useAddKeyword();
  const remove = useDeleteKeyword();
  const [draft, setDraft] = useState('');
  const [chosen, setChosen] = useState('');
  if (keywords.isError)
    return <RetryAlert message={keywords.error.message} onRetry={() => keywords.refetch()} />;
  const list = keywords.data ?? [];
  const submit = () => {
    const k = draft.trim();
    if (!k) {
      message.warning('请输入关键词');
      return;
    }
    add.mutate(k, {
      onSuccess: () => {
        message.success('添加成功');
        setDraft('');
      },
      onError: (e) => message.warning(e.message),
    });
  };
  return (
    <>
      <Space wrap className="block-gap" data-testid="keyword-list">
        <span>我的关键词：</span>
        {list.map((k) => (
          <Tag
            key={k.id}
            closable
            color="blue"
            onClose={(e) => {
              e.preventDefault();
              remove.mutate(k.id, {
                onSuccess: () => {
                  if (chosen === k.keyword) setChosen('');
                },
                onError: (err) => message.warning(err.message),
              });
            }}
          >
            {k.keyword}
          </Tag>
        ))}
        <Space.Compact>
          <Input
            data-testid="keyword-input"
            placeholder="添加关键词（最多20个）"
            maxLength={20}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={submit}
          />
          <Button type="primary" loading={add.isPending} onClick={submit} data-testid="keyword-add">
            添加
          </Button>
        </Space.Compact>
      </Space>
      {list.length === 0 ? (
        keywords.isPending ? null : (
          <Empty description={empty} />
        )
      ) : (
        <>
          <Segmented<string>
            className="block-gap"
            data-testid="keyword-filter"
            value={chosen}
            onChange={setChosen}
            options={[
              { value: '', label: '全部' },
              ...list.map((k) => ({ value: k.keyword, label: k.keyword })),
            ]}
          />
          {hits(chosen)}
        </>
      )}
    </>
  );
}

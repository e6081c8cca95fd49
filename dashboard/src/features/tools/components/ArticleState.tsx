// What an article tool shows while its article loads or when it cannot be shown: a spinner, 文章尚未收录 with the
// inclusion action, the server's own message for a bad link, or a retry for anything else.
import { Alert, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { RetryAlert } from '../../../components/RetryAlert';
import { NotCollected } from './NotCollected';

const NOT_FOUND = 40004;
const BAD_INPUT = 40000;

export function ArticleState<T>({
  query,
  url,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  url: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    const e = query.error;
    if (e instanceof ApiError && (e.code === NOT_FOUND || e.code === 404))
      return <NotCollected message={e.message} url={url} />;
    if (e instanceof ApiError && (e.code === BAD_INPUT || e.code === 400))
      return <Alert type="warning" showIcon data-testid="article-error" title={e.message} />;
    return <RetryAlert message={e?.message ?? '请求失败'} onRetry={() => query.refetch()} />;
  }
  if (query.isPending || query.data === undefined)
    return (
      <div className="tool-loading">
        <Spin />
      </div>
    );
  return <>{children(query.data)}</>;
}

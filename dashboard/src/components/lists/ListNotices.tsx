// The list's definition (the API's `rule` text) and its error banner.
import { Alert, Typography } from 'antd';
import { ApiError, NOT_LOGGED_IN_CODE } from '../../api/client';
import { FREE_LIST_DEPTH } from '../../api/endpoints';
import { RetryAlert } from '../RetryAlert';

export function ListRuleAlert({ text, testId }: { text: string | undefined; testId: string }) {
  if (!text) return null;
  return (
    <Alert
      data-testid={testId}
      type="info"
      showIcon
      className="block-gap"
      title="榜单口径"
      description={text}
    />
  );
}

/** Deep pages answer 'not logged in' or 'level insufficient' for visitors and free members. */
export function ListErrorAlert({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : undefined;
  const message =
    code === NOT_LOGGED_IN_CODE
      ? `${error.message}：前 ${FREE_LIST_DEPTH} 篇免费查看，更多需登录并开通会员`
      : error.message;
  return <RetryAlert message={message} onRetry={onRetry} />;
}

export function FreeDepthHint() {
  return (
    <Typography.Paragraph type="secondary" className="list-hint">
      访客与免费会员可查看前 {FREE_LIST_DEPTH} 篇，更多需开通会员
    </Typography.Paragraph>
  );
}

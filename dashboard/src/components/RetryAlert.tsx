// Error banner for a failed query, with the server's Chinese message and a retry button.
import { Alert, Button } from 'antd';

export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      className="block-gap"
      title={message}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

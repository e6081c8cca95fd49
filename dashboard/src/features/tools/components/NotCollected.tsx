// An article the platform has not collected: the server's message and the inclusion popup, prefilled with the link.
import { Button, Result } from 'antd';
import { lazy, Suspense, useState } from 'react';

const InclusionDialog = lazy(() =>
  import('../../../components/shell/InclusionDialog').then((m) => ({ default: m.InclusionDialog })),
);

export function NotCollected({ message, url }: { message: string; url: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Result
        data-testid="not-collected"
        status="warning"
        title="文章尚未收录"
        subTitle={message}
        extra={
          url ? (
            <Button type="primary" data-testid="not-collected-include" onClick={() => setOpen(true)}>
              提交收录
            </Button>
          ) : null
        }
      />
      {open && (
        <Suspense fallback={null}>
          <InclusionDialog open={open} initial={url} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

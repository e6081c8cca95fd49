// The admin review lists' shape (invoices, bank transfers): a status filter, a paged table whose pending rows
// offer two decisions, and a popup that takes a note before the decision is sent.
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Input, Modal, Radio, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import '../help.css';

export interface ReviewDecision<D> {
  value: D;
  /** Button label in the row, e.g. 确认到账. */
  label: string;
  /** Popup title. */
  title: string;
  /** Success message once sent. */
  done: string;
  /** Hint in the note field. */
  placeholder: string;
}

interface ReviewListProps<R extends { id: number }, D> {
  statuses: { value: string; label: string }[];
  initialStatus: string;
  useList: (status: string, page: number) => UseQueryResult<{ list: R[]; total: number }, Error>;
  columns: ColumnsType<R>;
  emptyText: string;
  tableTestId: string;
  scrollX: number;
  isPending: (row: R) => boolean;
  /** The two decisions: accept first, reject second (shown as the danger button). */
  decisions: [ReviewDecision<D>, ReviewDecision<D>];
  decide: { mutateAsync: (f: { row: R; decision: D; note: string }) => Promise<unknown>; isPending: boolean };
  /** What the popup says about the row being decided. */
  describe: (row: R, decision: D) => ReactNode;
  /** data-testid prefix for the accept button of a row and the popup's OK (e.g. transfer → transfer-confirm-3). */
  testIdPrefix?: string;
}

export function ReviewList<R extends { id: number }, D>(p: ReviewListProps<R, D>) {
  const { message } = App.useApp();
  const [status, setStatus] = useState(p.initialStatus);
  const [page, setPage] = useState(1);
  const list = p.useList(status, page);
  const [deciding, setDeciding] = useState<{ row: R; decision: ReviewDecision<D> } | null>(null);
  const [note, setNote] = useState('');
  const submit = async () => {
    if (!deciding) return;
    try {
      await p.decide.mutateAsync({ row: deciding.row, decision: deciding.decision.value, note: note.trim() });
      message.success(deciding.decision.done);
      setDeciding(null);
      setNote('');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => list.refetch()} />;
  const [accept, reject] = p.decisions;
  const columns: ColumnsType<R> = [
    ...p.columns,
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) =>
        p.isPending(row) ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              data-testid={p.testIdPrefix ? `${p.testIdPrefix}-confirm-${row.id}` : undefined}
              onClick={() => setDeciding({ row, decision: accept })}
            >
              {accept.label}
            </Button>
            <Button type="link" size="small" danger onClick={() => setDeciding({ row, decision: reject })}>
              {reject.label}
            </Button>
          </Space>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <Radio.Group
        className="block-gap"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
        options={p.statuses}
        optionType="button"
      />
      <Table<R>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          total: list.data?.total ?? 0,
          pageSize: 20,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: p.emptyText }}
        data-testid={p.tableTestId}
        scroll={{ x: p.scrollX }}
        columns={columns}
      />
      <Modal
        open={deciding !== null}
        title={deciding?.decision.title}
        okText="确定"
        cancelText="取消"
        confirmLoading={p.decide.isPending}
        onOk={submit}
        onCancel={() => setDeciding(null)}
        okButtonProps={
          (p.testIdPrefix ? { 'data-testid': `${p.testIdPrefix}-review-ok` } : {}) as Record<string, string>
        }
      >
        <p>{deciding ? p.describe(deciding.row, deciding.decision.value) : null}</p>
        <Input.TextArea
          rows={3}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={deciding?.decision.placeholder}
        />
      </Modal>
    </>
  );
}

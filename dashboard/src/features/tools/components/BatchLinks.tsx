// The batch form of the link tools (批量阅读数查询, 批量转换): up to `max` links, one a line → one call → a table of
// the answers, one row per link, with the page's own export buttons. The pages differ only in their call, columns
// and buttons.
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Space, Table, type TableProps, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { isLevelLimit } from '../../../api/errors';
import { batchLines } from '../batch-lines';

/** What a batch call answers: how many links it read, how many succeeded, and one line per link. */
export interface BatchAnswer<L> {
  total: number;
  success: number;
  list: L[];
}

export type BatchRow<L> = L & { n: number };

export interface BatchLinksProps<L> {
  max: number;
  /** The call, given the non-empty lines. */
  run: (lines: string[]) => Promise<BatchAnswer<L>>;
  columns: TableProps<BatchRow<L>>['columns'];
  rowTestId: string;
  inputLabel: string;
  placeholder: string;
  submitLabel: string;
  /** Said after "已输入 n / max 个链接". */
  countNote?: string;
  /** A membership-limit refusal shows a 开通会员 button beside the message. */
  upgradeOnLimit?: boolean;
  /** The buttons above the table (export, copy). */
  actions: (answer: BatchAnswer<L>) => ReactNode;
}

export function BatchLinks<L>(props: BatchLinksProps<L>) {
  const { max, columns, rowTestId } = props;
  const [text, setText] = useState('');
  const lines = batchLines(text);
  const run = useMutation({ mutationFn: props.run });
  const tooMany = lines.length > max;
  const levelLimit = props.upgradeOnLimit === true && isLevelLimit(run.error);
  const data = run.data;
  const rowProps = () => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement>;
  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        data-testid="batch-input"
        aria-label={props.inputLabel}
        rows={8}
        placeholder={props.placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Space wrap>
        <Button
          type="primary"
          data-testid="batch-submit"
          disabled={lines.length === 0 || tooMany}
          loading={run.isPending}
          onClick={() => run.mutate(lines)}
        >
          {props.submitLabel}
        </Button>
        <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="batch-count">
          已输入 {lines.length} / {max} 个链接{props.countNote}
        </Typography.Text>
      </Space>
      {run.isError && (
        <Alert
          type={levelLimit ? 'warning' : 'error'}
          showIcon
          data-testid="batch-error"
          title={run.error.message}
          action={
            levelLimit ? (
              <Link to="/appsearch/center?tabSt=2">
                <Button size="small" type="primary">
                  开通会员
                </Button>
              </Link>
            ) : undefined
          }
        />
      )}
      {data && (
        <Card
          size="small"
          title={
            <span data-testid="batch-summary">
              共 {data.total} 个，成功 {data.success} 个
            </span>
          }
          extra={props.actions(data)}
        >
          <Table<BatchRow<L>>
            rowKey="n"
            size="small"
            columns={columns}
            dataSource={data.list.map((r, i) => ({ ...r, n: i + 1 }))}
            pagination={false}
            onRow={rowProps}
            scroll={{ x: 860 }}
          />
        </Card>
      )}
    </Flex>
  );
}

// Similar accounts popup (spec §2): the base account with its same-owner count, then the similar list; each item's
// own similar accounts open nested inside the popup, with a way back.
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type SimilarBase, SimilarList } from './SimilarList';

export type { SimilarBase };

export function SimilarModal({
  open,
  onClose,
  base,
}: {
  open: boolean;
  onClose: () => void;
  base: SimilarBase;
}) {
  // Nested "similar of similar" views stack up; the header goes back one level.
  const [stack, setStack] = useState<SimilarBase[]>([]);
  const current = stack.at(-1) ?? base;
  const close = () => {
    setStack([]);
    onClose();
  };
  return (
    <Modal title="相似公众号" open={open} onCancel={close} footer={null} width={900} destroyOnHidden>
      <Flex gap={8} align="center" className="block-gap" data-testid="similar-base">
        {stack.length > 0 && (
          <Button size="small" onClick={() => setStack(stack.slice(0, -1))}>
            返回上一级
          </Button>
        )}
        <Typography.Text strong>{current.name}</Typography.Text>
        <Tag color="blue">同主体公众号 {current.same_owner} 个</Tag>
      </Flex>
      <SimilarList key={current.mid} base={current} onSimilar={(a) => setStack([...stack, a])} />
    </Modal>
  );
}

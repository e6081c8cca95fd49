// Associated mini-programs tab (spec §2): sort choices and one card per mini-program.
import { Avatar, Card, Col, Empty, Flex, Pagination, Radio, Row, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { imageProxyUrl } from '../../../api/endpoints';
import { TabError } from '../../../components/gates/LevelLimit';
import { formatTotal } from '../../../lib/format';
import { type AccountApplet, APPLET_PAGE_SIZE, type AppletOrder, useApplets } from '../hooks/detail-queries';

const ORDERS: { value: AppletOrder; label: string }[] = [
  { value: 'exposure', label: '曝光量' },
  { value: 'article', label: '涉及文章数' },
  { value: 'account', label: '涉及公众号数' },
  { value: 'read', label: '总阅读数' },
];

function AppletCard({ applet }: { applet: AccountApplet }) {
  return (
    <Card size="small" className="applet-card" data-testid="applet-card">
      <Flex gap={12} align="flex-start">
        {/* Without an icon the avatar shows its default glyph. */}
        <Avatar
          shape="square"
          size={48}
          src={applet.icon ? imageProxyUrl(applet.icon) : undefined}
          alt={applet.title}
        >
          小程序
        </Avatar>
        <div className="applet-main">
          <div className="applet-title" data-testid="applet-title">
            {applet.title || '（未命名小程序）'}
          </div>
          <div className="applet-sub">AppID：{applet.appid}</div>
          <div className="applet-sub">原始ID：{applet.username || '-'}</div>
          <div>
            {applet.labels.map((l) => (
              <Tag key={l}>{l}</Tag>
            ))}
          </div>
        </div>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="applet-desc">
        {applet.desc || '暂无简介'}
      </Typography.Paragraph>
      <Flex justify="space-between" className="applet-figures">
        <span>
          曝光量 <b>{formatTotal(applet.exposure_num)}</b>
        </span>
        <span>
          相关文章 <b>{formatTotal(applet.article_num)}</b>
        </span>
        <span>
          相关公众号 <b>{formatTotal(applet.account_num)}</b>
        </span>
      </Flex>
    </Card>
  );
}

export function AppletsTab({ mid }: { mid: number }) {
  const [orderby, setOrderby] = useState<AppletOrder>('exposure');
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useApplets({ id: mid, page, orderby });
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  const list = data?.applet_data ?? [];
  return (
    <div data-testid="applets-tab">
      <Flex gap={8} align="center" className="block-gap">
        <span>排序：</span>
        <Radio.Group
          data-testid="applet-order"
          size="small"
          value={orderby}
          options={ORDERS}
          onChange={(e) => {
            setOrderby(e.target.value);
            setPage(1);
          }}
        />
      </Flex>
      <Spin spinning={isPending || isFetching}>
        {list.length === 0 ? (
          isPending ? (
            <div className="page-loading" />
          ) : (
            <Empty description="暂无数据" />
          )
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((a) => (
              <Col key={a.appid} xs={24} md={12} xl={8}>
                <AppletCard applet={a} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {(data?.total_number ?? 0) > APPLET_PAGE_SIZE && (
        <Pagination
          className="history-pager"
          align="end"
          current={page}
          pageSize={APPLET_PAGE_SIZE}
          total={data?.total_number ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </div>
  );
}

// 获取公众号头像与二维码 (/appsearch/getheard?mid=): pick an account, see its avatar and its follow QR code large,
// and download them (avatar through the image proxy, QR code drawn by the server as SVG, or saved as PNG here).
import { Button, Card, Col, Empty, Flex, Image, Input, List, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountQrcodeUrl, imageProxyUrl } from '../../../api/endpoints';
import { useAccountDetail, useAccountSearch } from '../../../api/queries';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountName, accountWx } from '../../../lib/account';
import '../tools.css';

const QR_PNG_SIZE = 640;

/** Draws the server's SVG QR code on a canvas and saves it as PNG (what most people paste into posters). */
async function downloadQrPng(mid: number, name: string): Promise<void> {
  const svg = await (await fetch(accountQrcodeUrl(mid))).text();
  const img = new window.Image();
  const src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('二维码图片加载失败'));
      img.src = src;
    });
    const canvas = document.createElement('canvas');
    canvas.width = QR_PNG_SIZE;
    canvas.height = QR_PNG_SIZE;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, QR_PNG_SIZE, QR_PNG_SIZE);
    ctx.drawImage(img, 0, 0, QR_PNG_SIZE, QR_PNG_SIZE);
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `${name}-二维码.png`;
    a.click();
  } finally {
    URL.revokeObjectURL(src);
  }
}

function AccountImages({ mid }: { mid: number }) {
  const q = useAccountDetail(mid);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  if (!q.data) return <Card loading />;
  const a = q.data.account;
  const name = accountName(a) || String(mid);
  return (
    <Flex vertical gap={12} data-testid="account-images">
      <Space size={12}>
        <AccountAvatar avatar={a.avatar} name={name} size={40} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-images-name">
          {name}
        </Typography.Title>
        {accountWx(a) && <span className="muted">微信号：{accountWx(a)}</span>}
      </Space>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={12}>
          <Card title="公众号头像" className="tool-image-card">
            {a.avatar ? (
              <Flex vertical align="center" gap={12}>
                <Image
                  width={240}
                  src={imageProxyUrl(a.avatar)}
                  alt={`${name}的头像`}
                  fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                  data-testid="account-avatar-large"
                />
                <Button
                  href={imageProxyUrl(a.avatar)}
                  download={`${name}-头像.jpg`}
                  data-testid="avatar-download"
                >
                  下载头像
                </Button>
              </Flex>
            ) : (
              <Empty description="该公众号没有头像" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="关注二维码" className="tool-image-card">
            <Flex vertical align="center" gap={12}>
              <img
                className="tool-qrcode"
                src={accountQrcodeUrl(mid)}
                alt={`${name}的二维码`}
                width={240}
                height={240}
                data-testid="account-qrcode-large"
              />
              <Space>
                <Button onClick={() => downloadQrPng(mid, name)} data-testid="qrcode-download-png">
                  下载 PNG
                </Button>
                <Button href={accountQrcodeUrl(mid)} download={`${name}-二维码.svg`}>
                  下载 SVG
                </Button>
              </Space>
              <Typography.Text type="secondary">微信扫码打开该公众号的主页</Typography.Text>
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

export function AccountImagesPage() {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid')) > 0 ? Number(params.get('mid')) : null;
  const [kw, setKw] = useState('');
  const search = useAccountSearch(kw, 1);
  return (
    <Card title="获取公众号头像与二维码" data-testid="getheard-page">
      <Flex vertical gap={16}>
        <Input.Search
          data-testid="account-images-search"
          aria-label="公众号名称或微信号"
          placeholder="输入公众号名称或微信号搜索"
          enterButton="搜索"
          size="large"
          maxLength={50}
          allowClear
          onSearch={(v) => {
            setKw(v.trim());
            setParams({});
          }}
        />
        {mid !== null ? (
          <AccountImages mid={mid} />
        ) : search.isError ? (
          <RetryAlert message={search.error.message} onRetry={() => search.refetch()} />
        ) : (
          <List
            data-testid="account-images-list"
            grid={{ gutter: 12, xs: 1, sm: 2, md: 3, lg: 4 }}
            loading={search.isFetching}
            dataSource={search.data?.accounts ?? []}
            locale={{ emptyText: kw ? `没有找到“${kw}”相关的公众号` : '暂无公众号' }}
            renderItem={(a) => (
              <List.Item>
                <Card
                  size="small"
                  hoverable
                  data-testid="account-images-item"
                  onClick={() => setParams({ mid: String(a.mid) })}
                >
                  <Space>
                    <AccountAvatar avatar={a.avatar} name={accountName(a)} size={32} />
                    <span>{accountName(a)}</span>
                  </Space>
                </Card>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}

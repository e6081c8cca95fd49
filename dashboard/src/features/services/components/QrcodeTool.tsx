// 公众号二维码 (/WechatQRCode): any collected account's "scan to follow" code, drawn by the server from the
// account's profile link (common/v1 account_qrcode), ready to download or embed.
import { Button, Empty, Flex, Image, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { accountQrcodeUrl } from '../../../api/endpoints';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { accountDetailPath } from '../../../lib/account';

export function QrcodeTool() {
  const [account, setAccount] = useState<PickedAccount | null>(null);
  return (
    <div data-testid="qrcode-tool">
      <Typography.Paragraph type="secondary">
        搜索并选择一个已收录的公众号，即时生成它的关注二维码（SVG
        矢量图，扫码打开公众号主页，可直接用于海报与物料）。
      </Typography.Paragraph>
      <AccountPicker value={account} onChange={setAccount} testId="qrcode-account" />
      {account ? (
        <Flex gap={24} align="center" className="block-gap" data-testid="qrcode-result">
          <Image
            src={accountQrcodeUrl(account.mid)}
            alt={`${account.name}的关注二维码`}
            width={180}
            height={180}
            data-testid="qrcode-image"
          />
          <Space orientation="vertical">
            <Typography.Text strong>{account.name}</Typography.Text>
            <Button href={accountQrcodeUrl(account.mid)} download={`${account.name}-二维码.svg`}>
              下载二维码（SVG）
            </Button>
            <Link to={accountDetailPath(account.mid)}>查看公众号详情</Link>
          </Space>
        </Flex>
      ) : (
        <Empty className="block-gap" description="请选择公众号" />
      )}
    </div>
  );
}

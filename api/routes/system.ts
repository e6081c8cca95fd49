import { Hono } from 'hono';
import QRCode from 'qrcode';
import { z } from 'zod';
import { getAccount, platformCounts } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { isImageSource } from '../image-source';
import { accountProfileUrl } from './common-extras';

const imageInput = z.object({
  url: z
    .string({ message: '不能为空' })
    .max(2048, '过长')
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), '不是有效的图片地址'),
});

/** Platform facts for the dashboard (demo flag, live totals) and the upstream image proxy. */
export function systemRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.get('/system/v1/info', async (c) =>
    ok(c, {
      demo: deps.demo,
      upstream: deps.demo ? 'simulator' : 'wechat',
      ...(await platformCounts(deps.store)),
    }),
  );

  // An account's "scan to follow" QR: its WeChat profile page, drawn here rather than hot-linked.
  app.get('/common/v1/account_qrcode', async (c) => {
    const input = await parseInput(
      c,
      z.object({
        mid: z.coerce.number({ message: '必须是数字' }).int('必须是整数').positive('必须是正整数'),
      }),
    );
    if (!input.ok) return input.response;
    const account = await getAccount(deps.store, input.data.mid);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const svg = await QRCode.toString(accountProfileUrl(account.biz), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
    });
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });

  // WeChat's image CDNs refuse hot-linking, so avatars and covers are fetched server-side: image paths only.
  app.get('/common/v1/image', async (c) => {
    const input = await parseInput(c, imageInput);
    if (!input.ok) return input.response;
    const url = new URL(input.data.url);
    if (!isImageSource(url, deps.imageHosts))
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：不支持该图片来源');
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
    } catch {
      return fail(c, 502, Codes.UNAVAILABLE, '图片获取失败');
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || !type.startsWith('image/')) {
      await res.body?.cancel();
      return fail(c, 502, Codes.UNAVAILABLE, '图片获取失败');
    }
    return c.body(res.body, 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      // An SVG from upstream must never run script in our origin.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  return app;
}

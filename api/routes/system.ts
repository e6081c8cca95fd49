import { Hono } from 'hono';
import { z } from 'zod';
import { platformCounts } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';

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

  // WeChat's image CDNs refuse hot-linking, so avatars and covers are fetched server-side.
  app.get('/common/v1/image', async (c) => {
    const input = await parseInput(c, imageInput);
    if (!input.ok) return input.response;
    const url = new URL(input.data.url);
    if (!deps.imageHosts.includes(url.host))
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

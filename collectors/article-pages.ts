import type { ParsedArticle } from './article-parser';
import { longLink } from './article-url';
import { UpstreamError } from './http';
import type { ArticleLookup, SourceArticle } from './source';

/** Article links are WeChat's; the source re-points them at its own upstream. */
const WECHAT_ORIGIN = 'https://mp.weixin.qq.com';

/** The article's page, parsed; it must show this very article. */
export async function articlePage(
  source: Pick<ArticleLookup, 'article'>,
  a: SourceArticle,
): Promise<ParsedArticle> {
  const p = await source.article(longLink(WECHAT_ORIGIN, a));
  if (p.biz !== a.biz || p.msgid !== a.msgid || p.idx !== a.idx)
    throw new UpstreamError(`article page shows ${p.biz}/${p.aid}, not ${a.msgid}_${a.idx}`, 'malformed');
  return p;
}

/**
 * Pages of the given articles, side by side (the source's upstream queue bounds them, as every request), by
 * article key `msgid_idx`. A page that cannot be had is left out, so its article goes out without body text;
 * failures are counted and the first error kept for the log.
 */
export async function articlePages(
  source: Pick<ArticleLookup, 'article'>,
  articles: SourceArticle[],
  stopped: () => boolean = () => false,
): Promise<{ pages: Map<string, ParsedArticle>; failed: number; firstError: string }> {
  const pages = new Map<string, ParsedArticle>();
  let failed = 0;
  let firstError = '';
  await Promise.all(
    articles.map(async (a) => {
      if (stopped()) return;
      try {
        pages.set(`${a.msgid}_${a.idx}`, await articlePage(source, a));
      } catch (err) {
        failed++;
        firstError ||= (err as Error).message;
      }
    }),
  );
  return { pages, failed, firstError };
}

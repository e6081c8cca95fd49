import { z } from 'zod';
import { COPYRIGHT_CODE } from '../core/copyright';
import type { ParsedArticle } from './article-parser';
import { listedArticle } from './article-url';
import type { CredentialPool } from './credential-pool';
import { type FetchOptions, fetchJson, UpstreamError } from './http';
import { paidArticleAnswer, parsedFromPaid } from './paid-article';
import type { SourceArticle, SourceCounts, SourcePush } from './source';
import { readAnswer } from './upstream-answers';

/** Pushes per post_history page (the provider's documentation: about 5 pushes a page). */
const PAGE_PUSHES = 5;

const head = z.object({ code: z.number().int(), msg: z.string().nullish() });
const history = z.object({
  data: z
    .array(
      z.object({
        url: z.string(),
        title: z.string().nullish(),
        digest: z.string().nullish(),
        cover_url: z.string().nullish(),
        post_time: z.number().int().nonnegative(),
        original: z.union([z.number(), z.string()]).nullish(),
      }),
    )
    .nullish(),
  total_num: z.number().int().nonnegative().nullish(),
});
const counts = z.object({
  data: z.object({
    read: z.number().int().nonnegative(),
    zan: z.number().int().nonnegative().nullish(),
    looking: z.number().int().nonnegative().nullish(),
    share_num: z.number().int().nonnegative().nullish(),
    comment_count: z.number().int().nonnegative().nullish(),
  }),
});

/**
 * A commercial data API in the shapes of 极致了 (dajiala.com, fbmain/monitor/v3; docs/collectors.md): post history
 * (post_history, by biz and page), counters (read_zan_pro, by article URL) and article detail (article_html, by
 * article URL), the key in the JSON body. Each call
 * is priced: the pool reserves it against the key's monthly cap before sending and records a failed call as the
 * provider charges it. code -1 (QPS) is freq control, 20001 (balance or key) retires the key, 110 ends a history.
 */
export class PaidSource {
  readonly name = 'paid';
  constructor(
    private baseUrl: string,
    private pool: CredentialPool,
    private http: Pick<FetchOptions, 'timeoutMs' | 'retries' | 'backoffMs'> = {},
  ) {}

  private call<T extends z.ZodTypeAny>(path: string, body: Record<string, unknown>, shape: T) {
    return this.pool.run(async (secret) => {
      const x = await fetchJson<unknown>(new URL(path, this.baseUrl).toString(), {
        ...this.http,
        method: 'POST',
        body: JSON.stringify({ ...body, key: secret.key ?? '', verifycode: '' }),
      });
      const h = readAnswer(head, x, 'paid');
      if (h.code === 110) return null;
      if (h.code !== 0) {
        const kind = h.code === -1 ? 'freq' : h.code === 20001 ? 'expired' : 'rejected';
        throw new UpstreamError(`paid: code=${h.code} ${h.msg ?? ''}`.trim(), kind, undefined, h.code);
      }
      return readAnswer(shape, x, 'paid') as z.infer<T>;
    });
  }

  async listPushes(
    biz: string,
    begin: number,
    count: number,
  ): Promise<{ total: number; pushes: SourcePush[] }> {
    const page = Math.floor(begin / PAGE_PUSHES) + 1;
    const r = await this.call('/fbmain/monitor/v3/post_history', { biz, page }, history);
    const pushes: SourcePush[] = [];
    const byMsg = new Map<number, SourcePush>();
    for (const d of r?.data ?? []) {
      const id = listedArticle(d.url);
      if (!id) continue;
      const { msgid } = id;
      const a: SourceArticle = {
        biz,
        msgid,
        idx: id.idx,
        sn: id.sn,
        title: d.title ?? '',
        digest: d.digest ?? '',
        cover: d.cover_url ?? '',
        author: '',
        link: id.link,
        createTime: d.post_time,
        copyrightStat: Number(d.original) === 1 ? COPYRIGHT_CODE.original : COPYRIGHT_CODE.unknown,
        sourceUrl: '',
      };
      let p = byMsg.get(msgid);
      if (!p) {
        p = { msgid, time: d.post_time, articles: [] };
        byMsg.set(msgid, p);
        pushes.push(p);
      }
      p.articles.push(a);
    }
    for (const p of pushes) p.articles.sort((x, y) => x.idx - y.idx);
    const from = begin - (page - 1) * PAGE_PUSHES;
    return { total: r?.total_num ?? begin + pushes.length, pushes: pushes.slice(from, from + count) };
  }

  /** An article's detail by any of its links (article_html); code 101: deleted, in breach or the account moved. */
  async article(url: string): Promise<ParsedArticle> {
    const r = await this.call('/fbmain/monitor/v3/article_html', { url }, paidArticleAnswer);
    if (!r) throw new UpstreamError('paid: no article at the link', 'rejected');
    return parsedFromPaid(r.data);
  }

  async counts(a: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>): Promise<SourceCounts> {
    const url = `https://mp.weixin.qq.com/s?__biz=${encodeURIComponent(a.biz)}&mid=${a.msgid}&idx=${a.idx}&sn=${a.sn}`;
    const r = await this.call('/fbmain/monitor/v3/read_zan_pro', { url }, counts);
    if (!r) throw new UpstreamError('paid: no counters for the article', 'rejected');
    return {
      read: r.data.read,
      zan: r.data.zan ?? 0,
      looking: r.data.looking ?? 0,
      share: r.data.share_num ?? 0,
      comment: r.data.comment_count ?? 0,
    };
  }
}

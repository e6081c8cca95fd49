import { COPYRIGHT_CODE } from '../platform/copyright';
import { midOf } from '../platform/wechat-ids';
import type { CredentialPool } from './credential-pool';
import { type FetchOptions, fetchJson, UpstreamError } from './http';
import type { SourceArticle, SourcePush } from './source';
import { readAnswer, wereadAnswer, wereadHead } from './upstream-answers';

/**
 * WeChat Reading (weread.qq.com/web/mp/articles): an account is the book `MP_WXS_<decimal id>`, its
 * posts come as push groups (reviews[].subReviews[].review.mpInfo), 20 groups per page by offset.
 * Needs a logged-in web cookie; -2012 means the login timed out, -2041 that the route refuses for now.
 */
export class WereadSource {
  readonly name = 'weread';
  constructor(
    private baseUrl: string,
    private pool: CredentialPool,
    private http: Pick<FetchOptions, 'timeoutMs' | 'retries' | 'backoffMs'> = {},
  ) {}

  async listPushes(
    biz: string,
    begin: number,
    count: number,
  ): Promise<{ total: number; pushes: SourcePush[] }> {
    const u = new URL('/web/mp/articles', this.baseUrl);
    u.searchParams.set('bookId', `MP_WXS_${midOf(biz)}`);
    u.searchParams.set('offset', String(begin));
    const r = await this.pool.run(async (secret) => {
      const x = await fetchJson<unknown>(u.toString(), {
        ...this.http,
        headers: { ...(secret.cookie ? { cookie: secret.cookie } : {}), referer: 'https://weread.qq.com/' },
      });
      const head = readAnswer(wereadHead, x, 'weread');
      if (head.errCode) {
        const kind = head.errCode === -2012 ? 'expired' : head.errCode === -2041 ? 'freq' : 'rejected';
        throw new UpstreamError(
          `weread: errCode=${head.errCode} ${head.errMsg ?? ''}`.trim(),
          kind,
          undefined,
          head.errCode,
        );
      }
      return readAnswer(wereadAnswer, x, 'weread');
    });
    const pushes: SourcePush[] = [];
    for (const g of (r.reviews ?? []).slice(0, count)) {
      const articles: SourceArticle[] = [];
      for (const s of g.subReviews ?? []) {
        const m = s.review?.mpInfo;
        if (!m?.doc_url) continue;
        let link: URL;
        try {
          link = new URL(m.doc_url.replace(/&amp;/g, '&'));
        } catch {
          continue;
        }
        const msgid = Number(link.searchParams.get('mid'));
        const idx = Number(link.searchParams.get('idx'));
        // A link without a usable identity is not an article we can key.
        if (!Number.isSafeInteger(msgid) || msgid <= 0 || !Number.isInteger(idx) || idx < 1 || idx > 8)
          continue;
        articles.push({
          biz,
          msgid,
          idx,
          sn: link.searchParams.get('sn') ?? '',
          title: m.title ?? '',
          digest: m.content ?? '',
          cover: m.pic_url ?? '',
          // WeChat Reading does not say who wrote it, nor whether it is original, nor the message kind.
          author: '',
          link: link.toString().replace(/#rd$/, ''),
          createTime: m.time ?? s.review?.createTime ?? g.createTime ?? 0,
          copyrightStat: COPYRIGHT_CODE.unknown,
          sourceUrl: '',
        });
      }
      if (articles.length > 0)
        pushes.push({
          msgid: articles[0]?.msgid ?? 0,
          time: g.createTime ?? articles[0]?.createTime ?? 0,
          articles,
        });
    }
    return { total: r.totalCount ?? begin + pushes.length, pushes };
  }
}

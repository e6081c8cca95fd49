import { COPYRIGHT_CODE } from '../core/copyright';
import { midOf } from '../core/wechat-ids';
import { listedArticle } from './article-url';
import type { CredentialPool, PoolCredential } from './credential-pool';
import type { CredentialStore } from './credentials';
import { type FetchOptions, fetchJson, UpstreamError } from './http';
import type { SourceArticle, SourcePush } from './source';
import { readAnswer, wereadAnswer, wereadHead } from './upstream-answers';
import { renewReading } from './weread-login';

/** What a reading login needs beyond its pool: where a renewed daily token is stored. */
export interface WereadLogins {
  store: Pick<CredentialStore, 'renew'>;
}

/**
 * WeChat Reading (weread.qq.com/web/mp/articles): an account is the book `MP_WXS_<decimal id>`, its
 * posts come as push groups (reviews[].subReviews[].review.mpInfo), 20 groups per page by offset.
 * Needs a logged-in web cookie; -2012 means the login timed out (renewed once with wr_rt when `logins` is given),
 * -2041 that the route refuses for now (a burst, or a ban: the pool retires a credential refused too often). An
 * account must be on the reading account's shelf first: it is added (/mp/shelf/addToShelf) once per credential.
 */
export class WereadSource {
  readonly name = 'weread';
  private shelved = new Set<string>();
  constructor(
    private baseUrl: string,
    private pool: CredentialPool,
    private http: Pick<FetchOptions, 'timeoutMs' | 'retries' | 'backoffMs'> = {},
    private logins: WereadLogins | null = null,
  ) {}

  private async shelve(bookId: string, cred: PoolCredential, cookie: string): Promise<void> {
    const k = `${cred.id}/${bookId}`;
    if (this.shelved.has(k)) return;
    const r = await fetchJson<{ succ?: number; errCode?: number; errMsg?: string }>(
      new URL('/mp/shelf/addToShelf', this.baseUrl).toString(),
      { ...this.http, method: 'POST', body: JSON.stringify({ bookIds: [bookId] }), headers: { cookie } },
    );
    if (r?.errCode) throw wereadError(r.errCode, r.errMsg);
    this.shelved.add(k);
  }

  async listPushes(
    biz: string,
    begin: number,
    count: number,
  ): Promise<{ total: number; pushes: SourcePush[] }> {
    const u = new URL('/web/mp/articles', this.baseUrl);
    u.searchParams.set('bookId', `MP_WXS_${midOf(biz)}`);
    u.searchParams.set('offset', String(begin));
    const bookId = `MP_WXS_${midOf(biz)}`;
    const r = await this.pool.run(async (secret, cred) => {
      const once = async (cookie: string) => {
        if (this.logins && cookie) await this.shelve(bookId, cred, cookie);
        const x = await fetchJson<unknown>(u.toString(), {
          ...this.http,
          headers: { ...(cookie ? { cookie } : {}), referer: 'https://weread.qq.com/' },
        });
        const head = readAnswer(wereadHead, x, 'weread');
        if (head.errCode) throw wereadError(head.errCode, head.errMsg);
        return readAnswer(wereadAnswer, x, 'weread');
      };
      try {
        return await once(secret.cookie ?? '');
      } catch (e) {
        // The daily token lapsed: renewed once with the refresh token, then the same request again.
        if (!(e instanceof UpstreamError) || e.code !== -2012 || !this.logins) throw e;
        const renewed = await renewReading(this.baseUrl, this.logins.store, cred);
        if (!renewed) throw e;
        // The pool's copy too: its next request goes out with the new token.
        Object.assign(cred.secret, renewed);
        return once(renewed.cookie ?? '');
      }
    });
    const pushes: SourcePush[] = [];
    for (const g of (r.reviews ?? []).slice(0, count)) {
      const articles: SourceArticle[] = [];
      for (const s of g.subReviews ?? []) {
        const m = s.review?.mpInfo;
        if (!m?.doc_url) continue;
        // A link without a usable identity is not an article we can key.
        const id = listedArticle(m.doc_url);
        if (!id) continue;
        articles.push({
          biz,
          msgid: id.msgid,
          idx: id.idx,
          sn: id.sn,
          title: m.title ?? '',
          digest: m.content ?? '',
          cover: m.pic_url ?? '',
          // WeChat Reading does not say who wrote it, nor whether it is original, nor the message kind.
          author: '',
          link: id.link,
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

function wereadError(code: number, msg?: string | null): UpstreamError {
  const kind = code === -2012 ? 'expired' : code === -2041 ? 'freq' : 'rejected';
  return new UpstreamError(`weread: errCode=${code} ${msg ?? ''}`.trim(), kind, undefined, code);
}

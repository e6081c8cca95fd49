import PQueue from 'p-queue';
import type { z } from 'zod';
import { type Clock, realClock } from '../core/clock';
import type { Logger } from '../core/log';
import { createLogger } from '../core/log';
import { type PageCounts, type ParsedArticle, parseArticlePage } from './article-parser';
import { parseArticleUrl } from './article-url';
import type { BudgetLedger } from './budget-ledger';
import { CredentialPool, type RateLimit } from './credential-pool';
import { type CredentialStore, StaticCredentialStore } from './credentials';
import { type FetchOptions, fetchJson, fetchText, UpstreamError } from './http';
import type {
  ArticleLookup,
  Source,
  SourceAccount,
  SourceArticle,
  SourceCounts,
  SourceFinder,
  SourceMiniProgram,
  SourceProfile,
  SourcePush,
  SourceVideo,
} from './source';
import {
  baseResp,
  postListData,
  postListHead,
  profileAnswer,
  readAnswer,
  wxaprofileAnswer,
} from './upstream-answers';
import { check, readAppmsgext, readAppmsgpublish, readListEx, readSearchbiz } from './upstream-readers';

export { check };

export interface MpSourceOptions {
  /** Back-office credentials ({token, cookie}) for searchbiz / appmsgpublish / appmsg. */
  mp?: CredentialPool;
  /** Client credentials ({key, uin, pass_ticket, appmsg_token}) for getappmsgext and article pages. */
  client?: CredentialPool;
  /** 视频号助手 credentials ({cookie}) for video-account posts. */
  finder?: CredentialPool;
  /** Which back-office post list to read: appmsgpublish (default) or the older appmsg list_ex. */
  listApi?: 'publish' | 'list_ex';
  /** Where counters come from: /mp/getappmsgext (default) or the article page's appmsg_bar_data. */
  countsVia?: 'getappmsgext' | 'page';
  http?: Pick<FetchOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxBackoffMs'>;
}

export interface PoolSettings {
  store: CredentialStore;
  clock?: Clock;
  log?: Logger;
  concurrency?: number;
  globalRate?: RateLimit | null;
  perCredential?: RateLimit | null;
  cooldownMs?: number;
  /** Daily budgets in PostgreSQL (budget-ledger.ts) and the egress IPs' daily budgets. */
  ledger?: BudgetLedger | null;
  egressBudgets?: Record<string, number>;
}

/** A paid key's own rate: one call per 250 ms keeps any wall-clock second within the providers' 5 per second. */
const PAID_RATE: RateLimit = { cap: 1, intervalMs: 250 };
/** WeChat Reading bans after bursts: a reading account refused this often in a day is taken as banned. */
const WEREAD_BAN_AFTER = 3;

/** The pools of one upstream, sharing one global queue. */
export function upstreamPools(s: PoolSettings): {
  mp: CredentialPool;
  client: CredentialPool;
  weread: CredentialPool;
  finder: CredentialPool;
  paid: CredentialPool;
} {
  const global = s.globalRate
    ? new PQueue({
        concurrency: s.concurrency ?? 64,
        intervalCap: s.globalRate.cap,
        interval: s.globalRate.intervalMs,
        carryoverIntervalCount: true,
      })
    : new PQueue({ concurrency: s.concurrency ?? 64 });
  const make = (source: 'mp' | 'client' | 'weread' | 'finder' | 'paid') =>
    new CredentialPool({
      source,
      store: s.store,
      clock: s.clock ?? realClock,
      log: s.log ?? createLogger('silent'),
      global,
      perCredential: source === 'paid' ? PAID_RATE : (s.perCredential ?? null),
      cooldownMs: s.cooldownMs,
      ledger: s.ledger ?? null,
      // Per-IP budgets are WeChat Reading's (about 300 a day per IP); other upstreams count per credential.
      egressBudgets: source === 'weread' ? s.egressBudgets : undefined,
      banAfterRefusals: source === 'weread' ? WEREAD_BAN_AFTER : undefined,
    });
  return {
    mp: make('mp'),
    client: make('client'),
    weread: make('weread'),
    finder: make('finder'),
    paid: make('paid'),
  };
}

/**
 * WeChat back-office and client shapes: searchbiz, appmsgpublish (publish_page JSON-in-JSON) or the
 * older appmsg list_ex, getappmsgext counters, and article pages. Every request goes through a
 * credential pool; with none given, one anonymous credential (the built-in simulator needs no login).
 */
export class MpSource implements Source, ArticleLookup {
  readonly name = 'mp';
  private mp: CredentialPool;
  private client: CredentialPool;
  private finder: CredentialPool;

  constructor(
    private baseUrl: string,
    private opts: MpSourceOptions = {},
  ) {
    const fallback =
      opts.mp && opts.client
        ? null
        : upstreamPools({ store: StaticCredentialStore.anonymous(), concurrency: 256 });
    this.mp = opts.mp ?? (fallback?.mp as CredentialPool);
    this.client = opts.client ?? (fallback?.client as CredentialPool);
    // Video posts are optional to every upstream: without a finder pool, an anonymous one.
    this.finder =
      opts.finder ?? fallback?.finder ?? upstreamPools({ store: StaticCredentialStore.anonymous() }).finder;
  }

  private url(path: string, q: Record<string, string | number>): string {
    const u = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, String(v));
    return u.toString();
  }

  /**
   * A back-office GET with the credential's token in the query and its cookie in the header. The
   * answer's ret is checked inside the pool, so freq control and expiry act on that credential.
   */
  private backOffice<S extends z.ZodType>(
    what: string,
    path: string,
    q: Record<string, string | number>,
    schema: S,
  ): Promise<z.output<S>> {
    return this.backOfficeRead(path, q, (r) => {
      check(readAnswer(baseResp, r, what), what);
      return readAnswer(schema, r, what);
    });
  }

  /** A back-office GET with an mp credential, its answer read by `read` inside the pool (errors retire or retry). */
  private backOfficeRead<T>(
    path: string,
    q: Record<string, string | number>,
    read: (answer: unknown) => T,
  ): Promise<T> {
    return this.mp.run(async (secret) => {
      const query = secret.token ? { ...q, token: secret.token, lang: 'zh_CN' } : q;
      const r = await fetchJson<unknown>(this.url(path, query), {
        ...this.opts.http,
        headers: secret.cookie ? { cookie: secret.cookie } : {},
      });
      return read(r);
    });
  }

  async listAccounts(begin: number, count: number) {
    return this.search('', begin, count);
  }

  private search(query: string, begin: number, count: number) {
    return this.backOfficeRead(
      '/cgi-bin/searchbiz',
      { action: 'search_biz', query, begin, count, f: 'json', ajax: 1 },
      readSearchbiz,
    );
  }

  async searchAccounts(query: string): Promise<SourceAccount[]> {
    return (await this.search(query, 0, 10)).accounts;
  }

  async profile(biz: string): Promise<SourceProfile> {
    const r = await this.backOffice(
      'profile_ext',
      '/mp/profile_ext',
      { action: 'getinfo', __biz: biz, f: 'json' },
      profileAnswer,
    );
    return {
      biz: r.fakeid,
      name: r.nickname,
      alias: r.alias,
      avatar: r.round_head_img,
      ghId: r.user_name,
      owner: r.principal_name,
      area: r.province,
      industry: r.category,
      tags: r.tags,
      signature: r.signature,
      qrcode: r.qrcode,
      regTime: r.register_time,
      finderUsername: r.finder_username || undefined,
    };
  }

  /** A mini-program's profile (更多资料: name, 原始 ID, 主体), read like an account's profile. */
  async miniProgram(appid: string): Promise<SourceMiniProgram> {
    const r = await this.backOffice('wxaprofile', '/mp/wxaprofile', { appid, f: 'json' }, wxaprofileAnswer);
    return { appid: r.appid, nickname: r.nickname, username: r.username, owner: r.principal_name };
  }

  /**
   * A video account's posts, newest first (视频号助手 post_list: {errCode, data:{list[], totalCount}}),
   * with the finder credential's cookie. Each post's desc.media[0] carries the cover and videoPlayLen
   * (seconds); its contact is the account itself (nickname, headUrl, signature), read as the profile.
   */
  async videoPosts(
    finderUsername: string,
    page = 1,
    size = 20,
  ): Promise<{ total: number; videos: SourceVideo[]; finder: SourceFinder | null }> {
    const r = await this.finder.run(async (secret) => {
      const x = await fetchJson<unknown>(this.url('/cgi-bin/mmfinderassistant-bin/post/post_list', {}), {
        ...this.opts.http,
        method: 'POST',
        body: JSON.stringify({ finderUsername, pageSize: size, currentPage: page }),
        headers: secret.cookie ? { cookie: secret.cookie } : {},
      });
      const head = readAnswer(postListHead, x, 'post_list');
      // 300333/300334: the assistant's login is gone.
      if (head.errCode === 300333 || head.errCode === 300334)
        throw new UpstreamError(`post_list: errCode=${head.errCode}`, 'expired', undefined, head.errCode);
      const data = (x as { data?: unknown }).data;
      if (head.errCode !== 0 || !data)
        throw new UpstreamError(
          `post_list: errCode=${head.errCode} ${head.errMsg ?? ''}`.trim(),
          'rejected',
          undefined,
          head.errCode,
        );
      return readAnswer(postListData, data, 'post_list');
    });
    const contact = r.list.find((v) => v.contact?.username === finderUsername)?.contact;
    return {
      total: r.totalCount,
      videos: r.list.map((v) => {
        const media = v.desc?.media?.[0];
        const len = Number(media?.videoPlayLen ?? 0);
        return {
          objectId: v.objectId,
          createTime: v.createTime,
          description: v.desc?.description ?? '',
          read: v.readCount,
          like: v.likeCount,
          comment: v.commentCount,
          forward: v.forwardCount,
          fav: v.favCount,
          cover: media?.coverUrl || media?.thumbUrl || '',
          durationS: Number.isFinite(len) && len > 0 ? Math.min(Math.round(len), 4_294_967_295) : 0,
        };
      }),
      finder: contact
        ? {
            username: finderUsername,
            nickname: contact.nickname,
            avatar: contact.headUrl,
            signature: contact.signature,
          }
        : null,
    };
  }

  async listPushes(biz: string, begin: number, count: number) {
    return this.opts.listApi === 'list_ex'
      ? this.listEx(biz, begin, count)
      : this.listPublish(biz, begin, count);
  }

  private listPublish(biz: string, begin: number, count: number) {
    return this.backOfficeRead(
      '/cgi-bin/appmsgpublish',
      {
        sub: 'list',
        search_field: 'null',
        begin,
        count,
        query: '',
        fakeid: biz,
        type: '101_1',
        free_publish_type: 1,
        sub_action: 'list_ex',
        f: 'json',
        ajax: 1,
      },
      (x) => readAppmsgpublish(x, biz),
    );
  }

  /**
   * appmsg list_ex pages by article, not by push: read enough articles to cover `count` pushes from
   * push `begin` on, regrouping by appmsgid. Paging by push keeps one interface for both lists.
   */
  private async listEx(biz: string, begin: number, count: number) {
    const pushes: SourcePush[] = [];
    const byMsg = new Map<number, SourcePush>();
    let articlesTotal = 0;
    let exhausted = false;
    for (let offset = 0; ; offset += 20) {
      const r = await this.backOfficeRead(
        '/cgi-bin/appmsg',
        { action: 'list_ex', begin: offset, count: 20, fakeid: biz, type: 9, query: '', f: 'json', ajax: 1 },
        (x) => readListEx(x, biz),
      );
      articlesTotal = r.total;
      for (const a of r.articles) {
        let p = byMsg.get(a.msgid);
        if (!p) {
          p = { msgid: a.msgid, time: a.createTime, articles: [] };
          byMsg.set(a.msgid, p);
          pushes.push(p);
        }
        p.articles.push(a);
      }
      exhausted = offset + 20 >= articlesTotal || r.articles.length === 0;
      // One push past the wanted window guarantees the last wanted push is complete.
      if (exhausted || pushes.length > begin + count) break;
    }
    // The list counts articles, not pushes: until the end is seen, say there is at least one more page.
    const total = exhausted ? pushes.length : Math.max(pushes.length, begin + count + 1);
    return { total, pushes: pushes.slice(begin, begin + count) };
  }

  async counts(a: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>): Promise<SourceCounts> {
    if (this.opts.countsVia === 'page') {
      const page = await this.page(
        this.url('/s', { __biz: a.biz, mid: a.msgid, idx: a.idx, sn: a.sn }),
        true,
      );
      return snapshotCounts(page.counts as PageCounts & { read: number });
    }
    const r = await this.client.run(async (secret) => {
      const x = await fetchJson<unknown>(
        this.url('/mp/getappmsgext', {
          __biz: a.biz,
          mid: a.msgid,
          idx: a.idx,
          sn: a.sn,
          f: 'json',
          ...secret,
        }),
        {
          ...this.opts.http,
          method: 'POST',
          body: new URLSearchParams({ is_only_read: '1', is_temp_url: '0', appmsg_type: '9' }),
        },
      );
      return readAppmsgext(x);
    });
    return snapshotCounts(r.counts);
  }

  /**
   * Fetches an article page by long or short link on this upstream's host and parses it. A link to
   * mp.weixin.qq.com is re-pointed at this upstream, so the same URL works against the simulator.
   */
  async article(url: string): Promise<ParsedArticle> {
    const link = parseArticleUrl(url);
    // Members read this (收录 of a long input): spec §5 takes more than 30 characters as an article link.
    if (!link)
      throw new UpstreamError(
        `不是公众号文章链接：${url.length > 40 ? `${url.slice(0, 40)}…` : url}（公众号名称最长 30 个字，更长的输入按文章链接收录）`,
        'rejected',
      );
    const target =
      link.kind === 'short'
        ? this.url(`/s/${link.token}`, {})
        : this.url('/s', { __biz: link.biz, mid: link.msgid, idx: link.idx, sn: link.sn });
    return this.page(target, false);
  }

  /** Fetches and parses an article page with a client credential; `needCounts` insists on appmsg_bar_data. */
  private page(target: string, needCounts: boolean): Promise<ParsedArticle> {
    return this.client.run(async (secret) => {
      const u = new URL(target);
      for (const [k, v] of Object.entries(secret)) u.searchParams.set(k, v);
      const page = await fetchText(u.toString(), this.opts.http);
      const parsed = parseArticlePage(page.text, target);
      if (!parsed.ok) throw new UpstreamError(`article page without an article: ${target}`, 'rejected');
      // Checked inside the pool: a page without counters means this client session is gone.
      if (needCounts && (!parsed.counts || parsed.counts.read === null))
        throw new UpstreamError('article page without its counters (read_num, appmsg_bar_data)', 'expired');
      return parsed;
    });
  }
}

/** A poll's counters for the snapshot: a counter the upstream did not send is 0 (see SourceCounts). */
function snapshotCounts(c: { read: number } & Omit<PageCounts, 'read'>): SourceCounts {
  return {
    read: c.read,
    looking: c.looking ?? 0,
    zan: c.zan ?? 0,
    share: c.share ?? 0,
    comment: c.comment ?? 0,
  };
}

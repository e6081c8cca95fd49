import { fetchJson, UpstreamError } from './http';
import type { Source, SourceAccount, SourceArticle, SourceCounts, SourceProfile, SourcePush } from './source';

interface BaseResp {
  base_resp?: { ret: number; err_msg?: string; errmsg?: string };
}
interface BizInfo {
  fakeid: string;
  nickname: string;
  alias: string;
  round_head_img: string;
  signature?: string;
}
interface AppMsgEx {
  appmsgid: number;
  itemidx: number;
  title: string;
  digest?: string;
  cover?: string;
  author_name?: string;
  link: string;
  create_time: number;
  copyright_stat?: number;
  source_url?: string;
  is_deleted?: boolean;
}

function check(r: BaseResp, what: string): void {
  const ret = r.base_resp?.ret ?? 0;
  if (ret !== 0)
    throw new UpstreamError(`${what}: ret=${ret} ${r.base_resp?.err_msg ?? r.base_resp?.errmsg ?? ''}`);
}

/** sn is only in the article link; the list answer does not carry it as a field. */
function snOf(link: string): string {
  try {
    return new URL(link).searchParams.get('sn') ?? '';
  } catch {
    return '';
  }
}

/**
 * WeChat back-office shapes (searchbiz, appmsgpublish with its JSON-in-JSON publish_page,
 * getappmsgext counters). Pointed at the built-in simulator in the demo.
 */
export class MpSource implements Source {
  readonly name = 'mp';
  constructor(private baseUrl: string) {}

  private url(path: string, q: Record<string, string | number>): string {
    const u = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, String(v));
    return u.toString();
  }

  async listAccounts(begin: number, count: number) {
    const r = await fetchJson<BaseResp & { list: BizInfo[]; total: number }>(
      this.url('/cgi-bin/searchbiz', { action: 'search_biz', query: '', begin, count, f: 'json', ajax: 1 }),
    );
    check(r, 'searchbiz');
    const accounts: SourceAccount[] = r.list.map((b) => ({
      biz: b.fakeid,
      name: b.nickname,
      alias: b.alias,
      avatar: b.round_head_img,
    }));
    return { total: r.total, accounts };
  }

  async profile(biz: string): Promise<SourceProfile> {
    const r = await fetchJson<
      BaseResp &
        BizInfo & {
          user_name: string;
          principal_name: string;
          register_time: number;
          province: string;
          category: string;
          tags: string[];
          qrcode: string;
        }
    >(this.url('/mp/profile_ext', { action: 'getinfo', __biz: biz, f: 'json' }));
    check(r, 'profile_ext');
    return {
      biz: r.fakeid,
      name: r.nickname,
      alias: r.alias,
      avatar: r.round_head_img,
      ghId: r.user_name,
      owner: r.principal_name,
      area: r.province,
      industry: r.category,
      tags: r.tags ?? [],
      signature: r.signature ?? '',
      qrcode: r.qrcode ?? '',
      regTime: r.register_time,
    };
  }

  async listPushes(biz: string, begin: number, count: number) {
    const r = await fetchJson<BaseResp & { publish_page: string }>(
      this.url('/cgi-bin/appmsgpublish', {
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
      }),
    );
    check(r, 'appmsgpublish');
    const page = JSON.parse(r.publish_page) as {
      total_count: number;
      publish_list: { publish_info: string }[];
    };
    const pushes: SourcePush[] = [];
    for (const item of page.publish_list) {
      const info = JSON.parse(item.publish_info) as {
        msgid: number;
        sent_info?: { time: number };
        appmsgex: AppMsgEx[];
      };
      const articles: SourceArticle[] = info.appmsgex
        .filter((x) => !x.is_deleted)
        .map((x) => ({
          biz,
          msgid: x.appmsgid,
          idx: x.itemidx,
          sn: snOf(x.link),
          title: x.title,
          digest: x.digest ?? '',
          cover: x.cover ?? '',
          author: x.author_name ?? '',
          link: x.link.replace(/#rd$/, ''),
          createTime: x.create_time,
          copyrightStat: x.copyright_stat ?? 0,
          sourceUrl: x.source_url ?? '',
        }));
      pushes.push({
        msgid: info.msgid,
        time: info.sent_info?.time ?? articles[0]?.createTime ?? 0,
        articles,
      });
    }
    return { total: page.total_count, pushes };
  }

  async counts(a: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>): Promise<SourceCounts> {
    const r = await fetchJson<
      BaseResp & {
        appmsgstat?: {
          read_num: number;
          like_num: number;
          old_like_num: number;
          share_num?: number;
          ret?: number;
        };
        comment_count?: number;
      }
    >(this.url('/mp/getappmsgext', { __biz: a.biz, mid: a.msgid, idx: a.idx, sn: a.sn, f: 'json' }), {
      method: 'POST',
      body: new URLSearchParams({ is_only_read: '1', is_temp_url: '0', appmsg_type: '9' }),
    });
    check(r, 'getappmsgext');
    const s = r.appmsgstat;
    if (!s || (s.ret ?? 0) !== 0) throw new UpstreamError('getappmsgext: no appmsgstat');
    return {
      read: s.read_num,
      // like_num is 在看 and old_like_num is 点赞 since WeChat renamed the buttons in 2020.
      looking: s.like_num,
      zan: s.old_like_num,
      share: s.share_num ?? 0,
      comment: r.comment_count ?? 0,
    };
  }
}

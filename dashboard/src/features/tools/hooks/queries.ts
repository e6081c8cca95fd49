// Calls and react-query hooks of the link and article tools (spec §2 /sogoHerf … /singleDay): tools/v1 link and
// article calls, monitor/v3 read_zan and tencent_claim, monitor/v1 read_zan_look_report and spend_time,
// search/v1 isExistReport. Answer shapes are the contract's (contract/shapes), or the server's where not moved yet.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Claim,
  ReadCounts,
  ReportReadiness,
  SpendTime,
  ZanLookReport,
} from '../../../../../contract/shapes/article-reports';
import type { ArticleContent, CommentRow, CommentSort } from '../../../../../contract/shapes/tools';
import { apiGet, apiPostForm } from '../../../api/client';

export type {
  ArticleContent,
  Claim,
  CommentRow,
  CommentSort,
  ReadCounts,
  ReportReadiness,
  SpendTime,
  ZanLookReport,
};

/** An article named by its link or by `post` (`<mid>_<aid>`, as report links carry it). */
export type ArticleTarget = { url: string } | { post: string };
const targetParams = (t: ArticleTarget) => ('url' in t ? { url: t.url } : { post: t.post });

// ---------- link tools ----------

export interface PermanentLink {
  input: string;
  kind: 'temporary' | 'short' | 'long';
  url: string;
  mid: number;
  aid: string;
  title: string;
  mp_name: string;
  pubtime: string;
  original: 0 | 1;
}

export type BatchLine = { input: string; ok: true } & Omit<PermanentLink, 'input'>;
export interface PermanentBatch {
  total: number;
  success: number;
  list: (BatchLine | { input: string; ok: false; msg: string; kind?: string })[];
}

export const convertLink = (url: string) => apiPostForm<PermanentLink>('/tools/v1/link_permanent', { url });
export const convertLinks = (urls: string[]) =>
  apiPostForm<PermanentBatch>('/tools/v1/link_permanent', { urls: urls.join('\n') });

export interface LongLink {
  input: string;
  source: 'site' | 'wechat';
  url: string;
  title?: string;
  mp_name?: string;
  pubtime?: string;
}
export const shortToLong = (url: string) => apiPostForm<LongLink>('/tools/v1/short_to_long', { url });

export interface ShortLink {
  code: string;
  url: string;
  short_url: string;
  hits: number;
  created_at: string;
}
export const SHORT_LINK_PAGE_SIZE = 10;

export function useShortLinks(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['short-links', page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; list: ShortLink[] }>(
        '/tools/v1/short_link',
        { page, num: SHORT_LINK_PAGE_SIZE },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreateShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      apiPostForm<{ code: string; short_url: string; url: string; created: boolean }>(
        '/tools/v1/short_link',
        {
          url,
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['short-links'] }),
  });
}

// ---------- article tools ----------

export function useArticleContent(target: ArticleTarget | null) {
  return useQuery({
    queryKey: ['article-content', target],
    queryFn: ({ signal }) =>
      apiGet<ArticleContent>('/tools/v1/article_content', targetParams(target as ArticleTarget), signal),
    enabled: target !== null,
    retry: false,
  });
}

export function useReadCounts(url: string | null) {
  return useQuery({
    queryKey: ['read-zan', url],
    queryFn: ({ signal }) => apiGet<ReadCounts>('/monitor/v3/read_zan', { url }, signal),
    enabled: url !== null,
    retry: false,
  });
}

export type ReadLine = ({ input: string; ok: true } & ReadCounts) | { input: string; ok: false; msg: string };
export { READ_BATCH_MAX } from '../../../../../contract/shapes/tools';
export const readBatch = (urls: string[]) =>
  apiPostForm<{ total: number; success: number; list: ReadLine[] }>('/tools/v1/read_batch', {
    urls: urls.join('\n'),
  });

/** The article's series and the rest of the data page, by `post`; off until the article is known. */
export function useZanLookReport(post: string | null) {
  return useQuery({
    queryKey: ['read-zan-look-report', post],
    queryFn: ({ signal }) => apiGet<ZanLookReport>('/monitor/v1/read_zan_look_report', { post }, signal),
    enabled: post !== null,
    retry: false,
  });
}

export function useReportReadiness(post: string | null) {
  return useQuery({
    queryKey: ['is-exist-report', post],
    queryFn: ({ signal }) => apiGet<ReportReadiness>('/search/v1/isExistReport', { post }, signal),
    enabled: post !== null,
    retry: false,
  });
}

export function useSpendTime(post: string | null) {
  return useQuery({
    queryKey: ['spend-time', post],
    queryFn: ({ signal }) => apiGet<SpendTime>('/monitor/v1/spend_time', { post }, signal),
    enabled: post !== null,
    retry: false,
  });
}

export function useClaim(post: string | null) {
  return useQuery({
    queryKey: ['tencent-claim', post],
    queryFn: ({ signal }) => apiGet<Claim>('/monitor/v3/tencent_claim', { post }, signal),
    enabled: post !== null,
    retry: false,
  });
}

export const COMMENT_PAGE_SIZE = 20;
export interface CommentQuery {
  mid: number | null;
  days: 1 | 7 | 30;
  sort: CommentSort;
  page: number;
}

export function useCommentRank(q: CommentQuery) {
  return useQuery({
    queryKey: ['comment-rank', q],
    queryFn: ({ signal }) =>
      apiGet<{
        total: number;
        totals: { articles: number; comments: number; reads: number };
        list: CommentRow[];
      }>(
        '/tools/v1/comment_rank',
        { mid: q.mid ?? undefined, days: q.days, sort: q.sort, page: q.page, num: COMMENT_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// Calls and react-query hooks of the rankings, mini-programs, follows, keyword subscriptions and brand pages
// (spec §2 /appsearch rankings, mini-programs, follows; §7 rank/v1, original/v1, follow/v1, search/v1 minipro_* and
// userkeyword, monitor/v1 brand_* and official_account_contrast). Field names are the backend's.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountFigures, BrandFigures, BrandRow } from '../../../api/brand-query';
import type { MiniproAccount, MiniproArticle } from '../../../api/minipro-query';
import type { OriginalCategory, OriginalTag } from '../../../api/original-query';
import type { RankedAccount } from '../../../api/rankings-query';
import { apiGet, formBody, type Params, request, requestSuccess } from './client';
import type { SimilarArticle } from './group-queries';
import type { ListArticle } from './types';

// Shapes the server answers with: declared once, beside the query that builds them.
export type {
  AccountFigures,
  BrandFigures,
  BrandRow,
  MiniproAccount,
  MiniproArticle,
  OriginalCategory,
  OriginalTag,
};

// ---------- rankings ----------

export type RankPeriod = 'day' | 'week' | 'month';
/** rank/v1 account rankings; `original` goes through original/v1 ranklisk (it adds the original reads). */
export type AccountRankType = 'common' | 'real' | 'media' | 'area_rank' | 'original' | 'fake' | 'new_fake';

export const RANK_PAGE_SIZE = 20;
/** Places open to visitors and free members (rank/v1 FREE_RANK_DEPTH). */
export const FREE_RANK_DEPTH = 100;

/** A ranking row; original/v1 ranklisk adds the original articles' reads. */
export interface RankRow extends RankedAccount {
  original_reads?: number;
  original_avg_read?: number;
}

export interface RankPage {
  period: RankPeriod;
  period_start: string;
  period_end: string;
  complete: boolean;
  computed_at: string | null;
  total: number;
  list: RankRow[];
}

export interface RankQuery {
  type: AccountRankType;
  period: RankPeriod;
  /** new_fake only: read the previous period (new_fake_old). */
  previous: boolean;
  media: string;
  area: string;
  page: number;
}

interface RanklistAnswer extends Omit<RankPage, 'total'> {
  status: number;
  total_number: number;
}

function rankParams(q: RankQuery): Params {
  return {
    period: q.period,
    media: q.media || undefined,
    area: q.area || undefined,
    page: q.page,
    num: RANK_PAGE_SIZE,
  };
}

async function fetchRank(q: RankQuery, signal?: AbortSignal): Promise<RankPage> {
  if (q.type === 'original') {
    // original/v1 answers in `status` with the page at the top level.
    const body = await requestSuccess<never>('/original/v1/ranklisk', { query: rankParams(q), signal });
    const { total_number, ...page } = body as unknown as RanklistAnswer;
    return { ...page, total: total_number };
  }
  const path = q.type === 'new_fake' && q.previous ? 'new_fake_old' : q.type;
  return apiGet<RankPage>(`/rank/v1/${path}`, rankParams(q), signal);
}

export function useAccountRank(q: RankQuery, enabled = true) {
  return useQuery({
    queryKey: ['rank', q],
    queryFn: ({ signal }) => fetchRank(q, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export interface RankFilters {
  media: string[];
  area: string[];
}

export function useRankFilters() {
  return useQuery({
    queryKey: ['rank-filters'],
    queryFn: ({ signal }) => apiGet<RankFilters>('/rank/v1/filters', undefined, signal),
    staleTime: 10 * 60_000,
  });
}

// ---------- original content (original/v1 onelevel, secondlevel, hotarticle) ----------

export type OriginalDays = 1 | 7 | 30;

interface StatusList<T> {
  status: number;
  total_number: number;
  list: T[];
}

export function useOriginalCategories(days: OriginalDays) {
  return useQuery({
    queryKey: ['original-onelevel', days],
    queryFn: async ({ signal }) =>
      (await requestSuccess<never>('/original/v1/onelevel', {
        query: { days },
        signal,
      })) as unknown as StatusList<OriginalCategory> & { article_total: number },
    placeholderData: keepPreviousData,
  });
}

export function useOriginalTags(media: string, days: OriginalDays) {
  return useQuery({
    queryKey: ['original-secondlevel', media, days],
    queryFn: async ({ signal }) =>
      (await requestSuccess<never>('/original/v1/secondlevel', {
        query: { media, days, pagesize: 50 },
        signal,
      })) as unknown as StatusList<OriginalTag>,
    enabled: media !== '',
    placeholderData: keepPreviousData,
  });
}

export type HotOriginalSort = 'read' | 'zan' | 'pubtime';

export function useHotOriginals(q: {
  media: string;
  tag: string;
  days: OriginalDays;
  orderby: HotOriginalSort;
  page: number;
}) {
  return useQuery({
    queryKey: ['original-hot', q],
    queryFn: async ({ signal }) =>
      (await requestSuccess<never>('/original/v1/hotarticle', {
        query: { ...q, media: q.media || undefined, tag: q.tag || undefined, pagesize: RANK_PAGE_SIZE },
        signal,
      })) as unknown as { total_number: number; article_list: ListArticle[] },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- mini-programs ----------

export interface Minipro {
  appid: string;
  title: string;
  icon: string;
  username: string;
  labels: string[];
  desc: string;
  exposure_num: number;
  article_num: number;
  account_num: number;
  exposure_30d?: number;
  article_30d?: number;
  account_30d?: number;
  last_seen?: string;
}

export interface MiniproRankRow extends Minipro {
  rank: number;
  prev_rank: number;
  rank_change: number | null;
}

export function useMiniproRank(period: RankPeriod, page: number) {
  return useQuery({
    queryKey: ['minipro-rank', period, page],
    queryFn: ({ signal }) =>
      apiGet<{ period_start: string; period_end: string; total: number; applet_data: MiniproRankRow[] }>(
        '/rank/v1/minipro_rank',
        { period, page, num: RANK_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type MiniproSort = 'exposure' | 'article' | 'account';

export function useMiniproSearch(kw: string, sort: MiniproSort, page: number) {
  return useQuery({
    queryKey: ['minipro-search', kw, sort, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; applet_data: Minipro[] }>(
        '/search/v1/minipro_search',
        { kw, sort, page, num: RANK_PAGE_SIZE },
        signal,
      ),
    enabled: kw !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMiniproDetail(appid: string) {
  return useQuery({
    queryKey: ['minipro-detail', appid],
    queryFn: ({ signal }) =>
      apiGet<{ applet: Minipro }>('/search/v1/minipro_detail', { appid }, signal).then((d) => d.applet),
    enabled: appid !== '',
    retry: false,
  });
}

export function useMiniproArticles(appid: string, orderby: 'pubtime' | 'read', page: number) {
  return useQuery({
    queryKey: ['minipro-article', appid, orderby, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; article_list: MiniproArticle[] }>(
        '/search/v1/minipro_article',
        { appid, orderby, page, num: RANK_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMiniproAccounts(appid: string, page: number) {
  return useQuery({
    queryKey: ['minipro-mpaccount', appid, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; accounts: MiniproAccount[] }>(
        '/search/v1/minipro_mpaccount',
        { appid, page, num: RANK_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSameOwnerMinipros(appid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['same-owner-minipro', appid],
    queryFn: ({ signal }) =>
      apiGet<{ owner: string; total: number; applet_data: Minipro[] }>(
        '/common/v1/same_owner_minipro',
        { appid, num: 50 },
        signal,
      ),
    enabled,
    retry: false,
  });
}

// ---------- follows ----------

/** An article of the follow feed: the same row as the similar-article table, without the match degree. */
export type FollowArticle = Omit<SimilarArticle, 'match'>;

export function useFollowArticles(mids: number[], page: number) {
  return useQuery({
    queryKey: ['follow-account-article', mids, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; article_list: FollowArticle[] }>(
        '/follow/v1/follow_account_article',
        { mids: mids.join(','), page, pagesize: RANK_PAGE_SIZE },
        signal,
      ),
    enabled: mids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export type FollowScope = 'all' | 'title' | 'body';

export interface FollowSearch {
  kw: string;
  kw_type: FollowScope;
  group_id: number | null;
  orderby: 'pubtime' | 'read';
  page: number;
}

export function useFollowSearch(q: FollowSearch) {
  return useQuery({
    queryKey: ['follow-key-search', q],
    queryFn: ({ signal }) =>
      apiGet<{ kw: string; accounts: number; total: number; article_list: FollowArticle[] }>(
        '/follow/v1/follow_key_search',
        { ...q, group_id: q.group_id ?? undefined, pagesize: RANK_PAGE_SIZE },
        signal,
      ),
    enabled: q.kw !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- keyword subscriptions ----------

export interface UserKeyword {
  id: number;
  keyword: string;
  created_at: string;
}

export interface KeywordArticle {
  mid: number;
  aid: string;
  position: number;
  title: string;
  title_highlight: string;
  excerpt: string;
  excerpt_highlight: string;
  href: string;
  pubtime: string;
  read: number;
  zan: number;
  looking: number;
  keywords: string[];
  mp_name: string;
  avatar: string;
}

export const MAX_KEYWORDS = 20;

export function useUserKeywords(enabled: boolean) {
  return useQuery({
    queryKey: ['userkeyword'],
    queryFn: ({ signal }) => apiGet<UserKeyword[]>('/search/v1/userkeyword', undefined, signal),
    enabled,
    retry: false,
  });
}

export function useKeywordArticles(q: { keyword: string; days: number; page: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['user-keyword-search', q],
    queryFn: ({ signal }) =>
      apiGet<{ list: KeywordArticle[]; total: number; keywords: string[]; days: number }>(
        '/search/v1/user_keyword_search',
        { keyword: q.keyword || undefined, days: q.days, page: q.page, pagesize: RANK_PAGE_SIZE },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Add (POST), rename (modify_userkeyword) or delete (DELETE) a keyword; answers the server's message. */
export function useKeywordChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { op: 'add'; keyword: string }
        | { op: 'rename'; id: number; keyword: string }
        | { op: 'delete'; id: number },
    ) => {
      const [path, method, fields]: [string, 'POST' | 'DELETE', Params] =
        change.op === 'add'
          ? ['/search/v1/userkeyword', 'POST', { keyword: change.keyword }]
          : change.op === 'rename'
            ? ['/search/v1/modify_userkeyword', 'POST', { id: change.id, keyword: change.keyword }]
            : ['/search/v1/userkeyword', 'DELETE', { id: change.id }];
      return (await requestSuccess<unknown>(path, { method, body: formBody(fields) })).msg;
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['userkeyword'] });
      client.invalidateQueries({ queryKey: ['user-keyword-search'] });
    },
  });
}

// ---------- brands and account comparison (monitor/v1, `status` envelope with data) ----------

export type BrandDays = 7 | 30;
export type BrandSort = 'reads' | 'avg_reads' | 'articles' | 'accounts' | 'likes' | 'looking' | 'fans';

export function useBrandRanking(q: { days: BrandDays; sort: BrandSort; kw: string; page: number }) {
  return useQuery({
    queryKey: ['brand-ranking', q],
    queryFn: ({ signal }) =>
      request<{ list: BrandRow[]; total: number; start_day: string; end_day: string }>(
        '/monitor/v1/brand_ranking',
        { query: { ...q, kw: q.kw || undefined, pagesize: RANK_PAGE_SIZE }, signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type BrandDetail = BrandFigures & {
  owner: string;
  areas: string[];
  media: string[];
  start_day: string;
  end_day: string;
  list: AccountFigures[];
  total: number;
};

export function useBrandDetail(q: { owner: string; days: BrandDays; page: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['brand-detail', q],
    queryFn: ({ signal }) =>
      request<BrandDetail>('/monitor/v1/brand_detail', { query: { ...q, pagesize: RANK_PAGE_SIZE }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface BrandDayBars {
  charts: { x: string[]; articles: number[]; reads: number[]; likes: number[]; looking: number[] };
  series: { mid: number; name: string; reads: number[] }[];
}

export function useBrandBars(q: { owner: string; days: BrandDays }, enabled: boolean) {
  return useQuery({
    queryKey: ['brand-bar', q],
    queryFn: ({ signal }) =>
      request<BrandDayBars>('/monitor/v1/brand_bar', { query: { ...q, type: 'day' }, signal }),
    enabled,
    retry: false,
  });
}

export interface ContrastSeries {
  mid: number;
  name: string;
  articles: number[];
  reads: number[];
  likes: number[];
  looking: number[];
}

export interface Contrast {
  days: BrandDays;
  start_day: string;
  end_day: string;
  accounts: AccountFigures[];
  charts: { x: string[]; series: ContrastSeries[] };
}

export const CONTRAST_MIN = 2;
export const CONTRAST_MAX = 5;

export function useAccountContrast(mids: number[], days: BrandDays, enabled: boolean) {
  return useQuery({
    queryKey: ['official-account-contrast', mids, days],
    queryFn: ({ signal }) =>
      request<Contrast>('/monitor/v1/official_account_contrast', {
        query: { mids: mids.join(','), days },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

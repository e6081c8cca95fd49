// Calls and react-query hooks of the rankings, mini-programs, follows, keyword subscriptions and brand pages
// (spec §2 /appsearch rankings, mini-programs, follows; §7 rank/v1, original/v1, follow/v1, search/v1 minipro_* and
// userkeyword, monitor/v1 brand_* and official_account_contrast). Field names are the backend's.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type {
  AccountFigures,
  BrandDayBars,
  BrandDetail,
  BrandFigures,
  BrandRanking,
  BrandRow,
  BrandSort,
  Contrast,
  ContrastSeries,
  WindowDays,
} from '../../../../../contract/shapes/brands';
import type {
  ArticleItem,
  FollowSearchOrder,
  FollowSearchScope,
} from '../../../../../contract/shapes/follow';
import type {
  KeywordArticle,
  MemberKeywordRow as UserKeyword,
} from '../../../../../contract/shapes/keywords';
import type { MiniproAccount, MiniproArticle, MiniproSort } from '../../../../../contract/shapes/minipro';
import type { HotOriginalSort, OriginalCategory, OriginalTag } from '../../../../../contract/shapes/original';
import {
  FREE_RANK_DEPTH,
  type MiniproCard,
  type MiniproRankRow,
  type RankedAccount,
  type RankPage as ServedRankPage,
} from '../../../../../contract/shapes/rankings';
import { call } from '../../../api/call';
import { apiGet, formBody, type Params, request, requestSuccess } from '../../../api/client';
import type { RankPeriod } from '../../../lib/period';

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

/** rank/v1 account rankings; `original` goes through original/v1 ranklisk (it adds the original reads). */
export type AccountRankType = 'common' | 'real' | 'media' | 'area_rank' | 'original' | 'fake' | 'new_fake';

export const RANK_PAGE_SIZE = 20;
export { FREE_RANK_DEPTH };

/** A ranking row; original/v1 ranklisk adds the original articles' reads. */
export interface RankRow extends RankedAccount {
  original_reads?: number;
  original_avg_read?: number;
}

export interface RankPage extends Omit<ServedRankPage, 'list'> {
  list: RankRow[];
}

export interface RankQuery {
  type: AccountRankType;
  period: RankPeriod;
  /** Any day of the wanted period; absent or '' for the running one. */
  date?: string;
  /** new_fake only: read the previous period (new_fake_old). */
  previous: boolean;
  media: string;
  area: string;
  page: number;
}

function rankParams(q: RankQuery) {
  return {
    period: q.period,
    date: q.date || undefined,
    media: q.media || undefined,
    area: q.area || undefined,
    page: q.page,
    num: RANK_PAGE_SIZE,
  };
}

async function fetchRank(q: RankQuery, signal?: AbortSignal): Promise<RankPage> {
  if (q.type === 'original') {
    // original/v1 answers in `status` with the page at the top level.
    const { total_number, ...page } = await call(contract.original.ranklisk, rankParams(q), { signal });
    return { ...page, total: total_number };
  }
  const entry = {
    common: contract.rank.common,
    real: contract.rank.real,
    media: contract.rank.media,
    area_rank: contract.rank.areaRank,
    fake: contract.rank.fake,
    new_fake: q.previous ? contract.rank.newFakeOld : contract.rank.newFake,
  }[q.type];
  return call(entry, rankParams(q), { signal });
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

export function useRankFilters() {
  return useQuery({
    queryKey: ['rank-filters'],
    queryFn: ({ signal }) => call(contract.rank.filters, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

// ---------- original content (original/v1 onelevel, secondlevel, hotarticle) ----------

export type OriginalDays = 1 | 7 | 30;

export function useOriginalCategories(days: OriginalDays) {
  return useQuery({
    queryKey: ['original-onelevel', days],
    queryFn: ({ signal }) => call(contract.original.onelevel, { days }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOriginalTags(media: string, days: OriginalDays) {
  return useQuery({
    queryKey: ['original-secondlevel', media, days],
    queryFn: ({ signal }) => call(contract.original.secondlevel, { media, days, pagesize: 50 }, { signal }),
    enabled: media !== '',
    placeholderData: keepPreviousData,
  });
}

export type { HotOriginalSort };

export function useHotOriginals(q: {
  media: string;
  tag: string;
  days: OriginalDays;
  orderby: HotOriginalSort;
  page: number;
}) {
  return useQuery({
    queryKey: ['original-hot', q],
    queryFn: ({ signal }) =>
      call(
        contract.original.hotarticle,
        { ...q, media: q.media || undefined, tag: q.tag || undefined, pagesize: RANK_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- mini-programs ----------

export interface Minipro extends MiniproCard {
  exposure_30d?: number;
  article_30d?: number;
  account_30d?: number;
  last_seen?: string;
}

export type { MiniproRankRow };

export function useMiniproRank(period: RankPeriod, page: number) {
  return useQuery({
    queryKey: ['minipro-rank', period, page],
    queryFn: ({ signal }) =>
      call(contract.rank.miniproRank, { period, page, num: RANK_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type { MiniproSort };

export function useMiniproSearch(kw: string, sort: MiniproSort, page: number) {
  return useQuery({
    queryKey: ['minipro-search', kw, sort, page],
    queryFn: ({ signal }) =>
      call(contract.search.miniproSearch, { kw, sort, page, num: RANK_PAGE_SIZE }, { signal }),
    enabled: kw !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMiniproDetail(appid: string) {
  return useQuery({
    queryKey: ['minipro-detail', appid],
    queryFn: ({ signal }) => call(contract.search.miniproDetail, { appid }, { signal }).then((d) => d.applet),
    enabled: appid !== '',
    retry: false,
  });
}

export function useMiniproArticles(appid: string, orderby: 'pubtime' | 'read', page: number) {
  return useQuery({
    queryKey: ['minipro-article', appid, orderby, page],
    queryFn: ({ signal }) =>
      call(contract.search.miniproArticle, { appid, orderby, page, num: RANK_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMiniproAccounts(appid: string, page: number) {
  return useQuery({
    queryKey: ['minipro-mpaccount', appid, page],
    queryFn: ({ signal }) =>
      call(contract.search.miniproMpaccount, { appid, page, num: RANK_PAGE_SIZE }, { signal }),
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
export type FollowArticle = ArticleItem;

export function useFollowArticles(mids: number[], page: number) {
  return useQuery({
    queryKey: ['follow-account-article', mids, page],
    queryFn: ({ signal }) =>
      call(
        contract.follow.followAccountArticle,
        { mids: mids.join(','), page, pagesize: RANK_PAGE_SIZE },
        { signal },
      ),
    enabled: mids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export type FollowScope = FollowSearchScope;

export interface FollowSearch {
  kw: string;
  kw_type: FollowScope;
  group_id: number | null;
  orderby: FollowSearchOrder;
  page: number;
}

export function useFollowSearch(q: FollowSearch) {
  return useQuery({
    queryKey: ['follow-key-search', q],
    queryFn: ({ signal }) =>
      call(
        contract.follow.followKeySearch,
        { ...q, group_id: q.group_id ?? undefined, pagesize: RANK_PAGE_SIZE },
        { signal },
      ),
    enabled: q.kw !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- keyword subscriptions ----------

// Keyword subscriptions and their articles as the contract declares them (contract/shapes/keywords.ts).
export type { KeywordArticle, UserKeyword };

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

export type { BrandDayBars, BrandDetail, BrandRanking, BrandSort, Contrast, ContrastSeries };
export type BrandDays = WindowDays;

export function useBrandRanking(q: { days: BrandDays; sort: BrandSort; kw: string; page: number }) {
  return useQuery({
    queryKey: ['brand-ranking', q],
    queryFn: ({ signal }) =>
      request<BrandRanking>('/monitor/v1/brand_ranking', {
        query: { ...q, kw: q.kw || undefined, pagesize: RANK_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

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

export function useBrandBars(q: { owner: string; days: BrandDays }, enabled: boolean) {
  return useQuery({
    queryKey: ['brand-bar', q],
    queryFn: ({ signal }) =>
      request<BrandDayBars>('/monitor/v1/brand_bar', { query: { ...q, type: 'day' }, signal }),
    enabled,
    retry: false,
  });
}

export { CONTRAST_MAX, CONTRAST_MIN } from '../../../../../contract/shapes/brands';

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

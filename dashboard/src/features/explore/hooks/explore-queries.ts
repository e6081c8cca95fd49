// Calls and react-query hooks of the explore pages (owners, favourites, collected articles, public opinion) that no
// other query module covers; the pages reuse the existing modules for everything else.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { OwnerHit } from '../../../../../contract/shapes/accounts';
import type {
  CollectedArticle,
  CollectGroupCount,
  FavoriteFigures,
} from '../../../../../contract/shapes/groups';
import type { KeywordCounts } from '../../../../../contract/shapes/keyword-trends';
import { call } from '../../../api/call';
import { apiGet, apiPostForm } from '../../../api/client';

// Shapes the server answers with: declared once, beside the query that builds them.
export type { CollectedArticle, CollectGroupCount, FavoriteFigures, KeywordCounts, OwnerHit };

export const EXPLORE_PAGE_SIZE = 20;

// ---------- owners (search/v1 owner_search) ----------

/** Owners whose name contains `kw` (1–30 characters, as the server accepts). */
export function useOwnerSearch(kw: string, page: number) {
  return useQuery({
    queryKey: ['owner-search', kw, page],
    queryFn: ({ signal }) =>
      call(contract.search.ownerSearch, { kw, page, num: EXPLORE_PAGE_SIZE }, { signal }),
    enabled: kw !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** mp_same_owner: the owner's other accounts of one account (owner information: deluxe and above). */
export function useSameOwner(mid: number | null, page: number) {
  return useQuery({
    queryKey: ['mp-same-owner', mid, page],
    queryFn: ({ signal }) =>
      call(contract.search.mpSameOwner, { mid, page, num: EXPLORE_PAGE_SIZE }, { signal }),
    enabled: mid !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- favourite accounts with figures (search/v1 favorite_figures) ----------

export function useFavoriteFigures(enabled: boolean) {
  return useQuery({
    // Under the 'group-list-ext' prefix, which every favourite and group change invalidates.
    queryKey: ['group-list-ext', 'figures'],
    queryFn: ({ signal }) =>
      apiGet<{ days: number; total: number; list: FavoriteFigures[] }>(
        '/search/v1/favorite_figures',
        undefined,
        signal,
      ),
    enabled,
    retry: false,
  });
}

// ---------- collected articles (favorite_article_option GET, collect_group_list, move_article_collect) ----------

/** collect_group_list without a type: the groups with their article counts. */
export function useCollectGroupCounts(enabled: boolean) {
  return useQuery({
    // Shares the 'collect-group-list' prefix, so every collection change refreshes it.
    queryKey: ['collect-group-list', 0],
    queryFn: ({ signal }) => apiGet<CollectGroupCount[]>('/search/v1/collect_group_list', undefined, signal),
    enabled,
    retry: false,
  });
}

export function useCollectedArticles(groupId: number | null, page: number, enabled: boolean) {
  return useQuery({
    // Under 'article-favorite', which every collect and uncollect invalidates.
    queryKey: ['article-favorite', 'list', groupId, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; article_list: CollectedArticle[] }>(
        '/search/v1/favorite_article_option',
        { group_id: groupId ?? undefined, page, num: EXPLORE_PAGE_SIZE },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMoveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { aid: string; mid: number; group_id: number; from_group_id: number }) =>
      apiPostForm<unknown>('/search/v1/move_article_collect', o),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['article-favorite'] });
      client.invalidateQueries({ queryKey: ['collect-group-list'] });
    },
  });
}

// ---------- public opinion (main/v1 overview_public, public_sentimen) ----------

export interface DayCounts extends KeywordCounts {
  date: string;
}

export interface OpinionOverview {
  days: number;
  dates: string[];
  total: KeywordCounts;
  keywords: (KeywordCounts & { id: number; keyword: string })[];
  trend: DayCounts[];
}

export function useOpinionOverview(days: number, enabled: boolean) {
  return useQuery({
    queryKey: ['overview-public', days],
    queryFn: ({ signal }) => apiGet<OpinionOverview>('/main/v1/overview_public', { days }, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface KeywordSeries {
  id: number;
  keyword: string;
  total: KeywordCounts;
  series: DayCounts[];
}

/** One keyword's per-day counts. */
export function useKeywordSeries(keyword: string, days: number, enabled: boolean) {
  return useQuery({
    queryKey: ['public-sentimen', keyword, days],
    queryFn: ({ signal }) =>
      apiGet<{ days: number; dates: string[]; list: KeywordSeries[] }>(
        '/main/v1/public_sentimen',
        { keyword, days },
        signal,
      ),
    enabled: enabled && keyword !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- inclusion check (search/v1 search_by_name) ----------

/** Accounts whose name contains `name` (or whose WeChat id is `name`): the exact name first. */
export function useNameSearch(name: string) {
  return useQuery({
    queryKey: ['search-by-name', name],
    queryFn: ({ signal }) =>
      call(contract.search.searchByName, { name, page: 1, num: EXPLORE_PAGE_SIZE }, { signal }),
    enabled: name !== '',
    retry: false,
  });
}

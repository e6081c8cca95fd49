// Calls and react-query hooks of favourite groups (accounts), article collection groups and similar articles
// (spec §2 "Group management popup", "Article collection", "Similar-article table"; §7 search/v1 groups).
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { contract } from '../../../contract';
import type { SimilarItem, SimilarPage } from '../../../contract/shapes/follow';
import type {
  AccountGroup,
  CollectGroupName as CollectGroup,
  AccountGroupWithAccounts as FavoriteGroupExt,
  FavoriteAccount as GroupAccount,
} from '../../../contract/shapes/groups';
import { call } from './call';
import { ApiError, apiGet, apiPostForm, formBody, request, requestSuccess } from './client';

// ---------- types (field names as the backend answers them) ----------

// Groups as the contract declares them (contract/shapes/groups.ts).
export type { AccountGroup, CollectGroup, FavoriteGroupExt, GroupAccount };

/** Which kind of group: favourite accounts (group_*) or collected articles (collect_group_*). */
export type GroupKind = 'account' | 'article';

// follow/v1 similar_article's rows and page, as the contract declares them.
export type SimilarArticle = SimilarItem;
export type SimilarArticleList = SimilarPage;

export interface ArticleKey {
  aid: string;
  mid: number;
}

/** The chosen article for collection: wxname is stored beside it (favorite_article_option POST). */
export interface CollectTarget extends ArticleKey {
  wxname?: string;
}

// ---------- constants and codes (spec §8) ----------

export const ALREADY_IN_GROUP = 40005;
export const SIMILAR_ARTICLE_PAGE_SIZE = 20;
export const CHOOSE_GROUP_OR_ACCOUNT = '请选择您想要的分组或公众号后再加入收藏';
export const CHOOSE_GROUP = '请选择分组';

export const isAlreadyInGroup = (e: unknown) => e instanceof ApiError && e.code === ALREADY_IN_GROUP;

const GROUP_KEYS = {
  account: { list: ['group-list'], prefix: 'group' },
  article: { list: ['collect-group-list'], prefix: 'collect_group' },
} as const;

/** Every view of the member's favourite accounts: the plain list, the tree, and the detail's star. */
function refreshAccountGroups(client: QueryClient) {
  client.invalidateQueries({ queryKey: ['group-list'] });
  client.invalidateQueries({ queryKey: ['group-list-ext'] });
  client.invalidateQueries({ queryKey: ['mp-detail'] });
}

/** Collected-article flags live in the history list (is_favorite, favorite_count) and in the option call. */
function refreshArticleGroups(client: QueryClient) {
  client.invalidateQueries({ queryKey: ['collect-group-list'] });
  client.invalidateQueries({ queryKey: ['detail-publist'] });
  client.invalidateQueries({ queryKey: ['article-favorite'] });
}

const refreshKind = (client: QueryClient, kind: GroupKind) =>
  kind === 'account' ? refreshAccountGroups(client) : refreshArticleGroups(client);

// ---------- account groups and favourites ----------

export function useAccountGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['group-list'],
    queryFn: ({ signal }) => apiGet<AccountGroup[]>('/search/v1/group_list', undefined, signal),
    enabled,
    retry: false,
  });
}

/** The member's groups with their accounts: the group-management tree and the monitor's "by my favourites". */
export function useFavoriteAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['group-list-ext'],
    queryFn: ({ signal }) => apiGet<FavoriteGroupExt[]>('/search/v1/group_list_ext', undefined, signal),
    enabled,
    retry: false,
  });
}

export function useAddFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { group_id: number; mids: number[] }) =>
      apiPostForm<{ added: number }>('/search/v1/favorite_add', {
        group_id: o.group_id,
        mids: o.mids.join(','),
      }),
    onSettled: () => refreshAccountGroups(client),
  });
}

/** Removes accounts from one group, or (without group_id) from all of the member's groups. */
export function useRemoveFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { group_id?: number; mids: number[] }) =>
      apiPostForm<{ removed: number }>('/search/v1/favorite_delete', {
        group_id: o.group_id,
        mids: o.mids.join(','),
      }),
    onSettled: () => refreshAccountGroups(client),
  });
}

// ---------- both kinds: create, rename, delete, top ----------

export function useCreateGroup(kind: GroupKind = 'account') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiPostForm<{ group_id: number; name: string }>(`/search/v1/${GROUP_KEYS[kind].prefix}_add`, { name }),
    onSuccess: () => refreshKind(client, kind),
  });
}

/** Deletes a group; answers the server's message ('"name" deleted successfully', spec §8). */
export function useDeleteGroup(kind: GroupKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (groupId: number) =>
      (
        await requestSuccess<unknown>(`/search/v1/${GROUP_KEYS[kind].prefix}_delete`, {
          method: 'DELETE',
          body: formBody({ group_id: groupId }),
        })
      ).msg,
    onSettled: () => refreshKind(client, kind),
  });
}

export function useRenameGroup(kind: GroupKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { group_id: number; name: string }) =>
      request<unknown>(`/search/v1/${GROUP_KEYS[kind].prefix}_rename`, { method: 'PUT', body: formBody(o) }),
    onSettled: () => refreshKind(client, kind),
  });
}

export function useTopGroup(kind: GroupKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) =>
      apiPostForm<{ top: boolean }>(`/search/v1/${GROUP_KEYS[kind].prefix}_top`, { group_id: groupId }),
    onSettled: () => refreshKind(client, kind),
  });
}

// ---------- article collection ----------

/** collect_group_list type 1: the chooser's names. */
export function useCollectGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['collect-group-list', 1],
    queryFn: ({ signal }) => apiGet<CollectGroup[]>('/search/v1/collect_group_list', { type: 1 }, signal),
    enabled,
    retry: false,
  });
}

/** Collects an article into a group; answers the server's message ('文章已收藏至分组' + name, spec §8). */
export function useCollectArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (o: CollectTarget & { group_id: number }) =>
      (
        await requestSuccess<unknown>('/search/v1/favorite_article_option', {
          method: 'POST',
          body: formBody({ aid: o.aid, mid: o.mid, group_id: o.group_id, wxname: o.wxname }),
        })
      ).msg,
    onSettled: () => refreshArticleGroups(client),
  });
}

/** Uncollects an article from every group it is in. */
export function useUncollectArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: ArticleKey) =>
      request<unknown>('/search/v1/favorite_article_option', {
        method: 'DELETE',
        body: formBody({ aid: o.aid, mid: o.mid }),
      }),
    onSettled: () => refreshArticleGroups(client),
  });
}

// ---------- similar articles ----------

/** `top`: headline articles only, filtered and counted by the server. */
export function useSimilarArticles(q: ArticleKey & { page: number; top: boolean }, enabled: boolean) {
  return useQuery({
    queryKey: ['similar-article', q],
    queryFn: ({ signal }) =>
      call(
        contract.follow.similarArticle,
        { aid: q.aid, mid: q.mid, page: q.page, pagesize: SIMILAR_ARTICLE_PAGE_SIZE, top: q.top ? 1 : 0 },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

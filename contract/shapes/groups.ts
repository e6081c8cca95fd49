import { z } from 'zod';
import { optionalText, pagingInput, sentRecordId } from '../member-fields';
import { M } from '../member-texts';
import { accountFigures } from './brands';

/**
 * A member's account groups with favourite accounts (group_*, favorite_*), article collection groups with
 * collected articles (collect_group_*, favorite_article_option, move_article_collect) and search records
 * (search_record, delete_history), as the search/v1 calls take and answer them. Member forms: a refusal is the
 * first rule's own message (contract/member-fields.ts firstMessage).
 */

export const GROUP_LIMITS = { perMember: 50, nameMax: 20, itemsPerGroup: 2000 } as const;

const id = sentRecordId;
const optionalId = (msg: string) => id(msg).optional();
const groupId = id(M.CHOOSE_GROUP);
const optionalGroupId = optionalId('分组ID无效');

/** mids as a list, a comma-separated string, or repeated fields. */
const midList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
      .map((x) => String(x).trim())
      .filter(Boolean),
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      message: M.CHOOSE_GROUP_OR_ACCOUNT,
    })
    .min(1, M.CHOOSE_GROUP_OR_ACCOUNT)
    .max(200, '一次最多添加 200 个公众号'),
);
const groupName = optionalText(100).pipe(
  z
    .string()
    .min(1, '分组名称不能为空')
    .max(GROUP_LIMITS.nameMax, `分组名称不能超过${GROUP_LIMITS.nameMax}个字`),
);
const aid = optionalText(64).pipe(z.string().regex(/^[\w-]{1,64}$/, '文章ID (aid) 无效'));
const mid = id('公众号ID (mid) 无效');

// ---------- inputs ----------

export const groupNameInput = z.object({ name: groupName });
export const groupRenameInput = z.object({ group_id: groupId, name: groupName });
export const groupIdInput = z.object({ group_id: groupId });
export const favoriteAddInput = z.object({ group_id: id(M.CHOOSE_GROUP_OR_ACCOUNT), mids: midList });
export const favoriteListInput = pagingInput.extend({ group_id: optionalGroupId });
export const favoriteDeleteInput = z.object({ group_id: optionalGroupId, mids: midList });
/** One article of the member's collection. */
export const articleKeyInput = z.object({ aid, mid });
/**
 * favorite_article_option GET: with a valid aid and mid, whether that article is collected; otherwise the page of
 * collected articles (the list's rules then decide what is refused).
 */
export const collectedInput = z.union([articleKeyInput, favoriteListInput]);
export const collectInput = z.object({ group_id: groupId, aid, mid, wxname: optionalText(64) });
export const collectGroupListInput = z.object({ type: z.coerce.number().int().min(0).max(9).default(0) });
export const moveArticleInput = z.object({ aid, mid, group_id: groupId, from_group_id: optionalGroupId });

// ---------- answers ----------

const flag = z.number().int().min(0).max(1);

export const groupCreated = z.object({ group_id: z.number(), id: z.number(), name: z.string() });
export const groupTop = z.object({ top: flag });
export const accountGroup = z.object({
  group_id: z.number(),
  id: z.number(),
  name: z.string(),
  top: flag,
  count: z.number(),
});
export type AccountGroup = z.output<typeof accountGroup>;

/** An account as the favourite lists name it (empty texts for one no longer in the catalogue). */
const favoriteAccount = z.object({
  id: z.number(),
  mid: z.number(),
  avatar: z.string(),
  wx_name: z.string(),
  name: z.string(),
  mp_name: z.string(),
});
export type FavoriteAccount = z.output<typeof favoriteAccount>;
export const accountGroupWithAccounts = z.object({
  group_id: z.number(),
  id: z.number(),
  name: z.string(),
  top: flag,
  account_list: z.array(favoriteAccount),
});
export type AccountGroupWithAccounts = z.output<typeof accountGroupWithAccounts>;

export const favoriteAdded = z.object({ added: z.number() });
export const favoriteRemoved = z.object({ removed: z.number() });
export const favoritePage = z.object({
  total: z.number(),
  list: z.array(favoriteAccount.extend({ group_id: z.number(), created_at: z.string() })),
});
export type FavoritePage = z.output<typeof favoritePage>;

/** The favourites page: each favourite account once, its figures over `days` days and the groups holding it. */
export const favoriteFigures = accountFigures.extend({
  last_pub: z.string(),
  groups: z.array(z.object({ group_id: z.number(), name: z.string() })),
});
export type FavoriteFigures = z.output<typeof favoriteFigures>;
export const favoriteFiguresPage = z.object({
  days: z.number(),
  total: z.number(),
  list: z.array(favoriteFigures),
});

export const collectedState = z.object({ is_favorite: flag, group_ids: z.array(z.number()) });
export const collectedArticle = z.object({
  group_id: z.number(),
  aid: z.string(),
  mid: z.number(),
  wxname: z.string(),
  title: z.string(),
  href: z.string(),
  position: z.number(),
  pubtime: z.string(),
  created_at: z.string(),
});
export type CollectedArticle = z.output<typeof collectedArticle>;
export const collectedPage = z.object({ total: z.number(), article_list: z.array(collectedArticle) });
export const collectedAnswer = z.union([collectedState, collectedPage]);

/** collect_group_list: type 1 gives names only (the chooser); otherwise counts and times too. */
export const collectGroupName = z.object({ group_id: z.number(), id: z.number(), name: z.string() });
export type CollectGroupName = z.output<typeof collectGroupName>;
export const collectGroupCount = collectGroupName.extend({
  top: flag,
  count: z.number(),
  created_at: z.string(),
});
export type CollectGroupCount = z.output<typeof collectGroupCount>;
export const collectGroupList = z.union([z.array(collectGroupCount), z.array(collectGroupName)]);

export const searchRecord = z.object({ kw: z.string(), kind: z.string(), created_at: z.string() });
export type SearchRecord = z.output<typeof searchRecord>;

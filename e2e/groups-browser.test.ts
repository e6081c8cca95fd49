import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import {
  haveChromium,
  launchBrowser,
  sessionContext as memberContext,
  screenshot,
  watchProblems,
} from './browser';
import { startInProcess, waitReady } from './harness';
import { buy, type Client, signUp } from './members-harness';

/**
 * Groups in a real browser on demo data (spec §2 "Group management popup", "Article collection", "Similar-article
 * table"): a member favourites an account into a group created in the 分组管理 popup and deletes it; collects a
 * history article into a new collection group and uncollects it; opens the similar-article table of an article,
 * ticks 头条 and collects a similar article from its favourite dropdown.
 */

const runBrowser = haveChromium() || process.env.CI === 'true';
if (!runBrowser)
  console.warn('[groups browser tests] skipped: /usr/bin/chromium not found (run `npm run test:setup`)');

type Json = any;

/** A toast of antd's message. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

describe.runIf(runBrowser)('groups, favourites and article collection in a real browser', () => {
  let platform: Platform;
  let url: string;
  let browser: Browser;
  let member: Client;
  /** An account whose first history page has an article with similar articles, and that article's index. */
  let mid: number;
  let articles: Json[];
  let similarIndex: number;
  let similar: Json;
  let name: string;

  beforeAll(async () => {
    platform = await startInProcess({ RANK_EVERY_S: '1', FAKE_EVERY_S: '1' });
    url = platform.url as string;
    await waitReady(url);
    browser = await launchBrowser();
    member = await signUp(url);
    await buy(member, 'vip3_q');
    const all = (await member.post('/fbmain/search/v1/key_search', { kw: '', num: 50 })).body.data.accounts;
    for (const a of all as Json[]) {
      const list = (await member.get('/fbmain/search/v1/detail_pubList', { mId: a.mid, page: 1, num: 20 }))
        .body.data.article_list as Json[];
      const flat = list.flatMap((g) => g.articles);
      for (const [i, art] of flat.entries()) {
        const s = (
          await member.get('/fbmain/follow/v1/similar_article', { aid: art.aid, mid: a.mid, pagesize: 20 })
        ).body.data;
        if (s?.total > 0) {
          mid = a.mid;
          name = a.name;
          articles = flat;
          similarIndex = i;
          similar = s;
          break;
        }
      }
      if (similar) break;
    }
    if (!similar) throw new Error('the demo data has no article with similar articles');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('favourites the account into a group created in 分组管理, shows it in the tree, then deletes the group', async () => {
    const context = await memberContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${mid}&active=0`);
    await page.getByTestId('account-header').waitFor();
    await page.getByTestId('favorite-star').click();
    const dialog = page.getByRole('dialog', { name: '分组管理' });
    await dialog.waitFor();
    await dialog.getByText('暂无分组，请先新建分组').waitFor();

    // No group chosen: §5's message.
    await page.getByTestId('group-add-favorite').click();
    await toast(page, '请选择您想要的分组或公众号后再加入收藏').waitFor();

    // The create-group popup sends the typed name; an empty one is answered by the server under the field.
    await page.getByTestId('group-create').click();
    const create = page.getByRole('dialog', { name: '新建分组' });
    await create.getByRole('button', { name: '确 定' }).click();
    await create.getByText('分组名称不能为空').waitFor();
    await page.getByTestId('group-name-input').fill('重点关注');
    await create.getByRole('button', { name: '确 定' }).click();
    await toast(page, '创建成功').waitFor();
    await create.waitFor({ state: 'hidden' });

    // The new group comes checked: add the account into it; it appears in the tree.
    await page.getByTestId('group-add-favorite').click();
    await toast(page, '添加成功').waitFor();
    await dialog.getByTestId('group-account').getByText(name, { exact: true }).waitFor();
    expect(await dialog.getByTestId('group-node-name').allInnerTexts()).toEqual(['重点关注']);
    const favs = (await member.get('/fbmain/search/v1/favorite_list')).body.data.list as Json[];
    expect(favs.map((f) => f.mid)).toEqual([mid]);
    await expect
      .poll(() => page.getByTestId('favorite-star').textContent(), { timeout: 10_000 })
      .toContain('已收藏');

    // Again into the same group: 40005 is a warning.
    await page.getByTestId('group-add-favorite').click();
    await page.locator('.ant-message-warning').getByText('该公众号已在分组中').waitFor();
    await screenshot(page, 'group-manage.png');

    // Delete: the group node is checked (with its account), 删除 deletes the group.
    await page.getByTestId('group-delete').click();
    await page.locator('.ant-popover').getByRole('button', { name: '删 除' }).click();
    await toast(page, '“重点关注”删除成功').waitFor();
    await dialog.getByText('暂无分组，请先新建分组').waitFor();
    expect((await member.get('/fbmain/search/v1/group_list')).body.data).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('collects a history article into a new collection group and uncollects it', async () => {
    const first = articles[0];
    const context = await memberContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${mid}&active=0`);
    const row = page.getByTestId('article-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(first.title);
    await row.getByTestId('article-collect').click();
    const picker = page.getByTestId('collect-picker');
    await picker.waitFor();
    // Submitting without a group only warns.
    await picker.getByTestId('collect-submit').click();
    await toast(page, '请选择分组').first().waitFor();
    await picker.getByTestId('collect-new-group').fill('素材库');
    await picker.getByRole('button', { name: '新建分组' }).click();
    await toast(page, '创建成功').waitFor();
    await picker.getByTestId('collect-submit').click();
    await toast(page, '文章已收藏至分组素材库').waitFor();
    await row.getByTestId('article-uncollect').waitFor();
    const option = async () =>
      (await member.get('/fbmain/search/v1/favorite_article_option', { aid: first.aid, mid })).body.data;
    expect((await option()).is_favorite).toBe(1);
    expect(await row.textContent()).toContain(`收藏${first.favorite_count + 1}`);
    await screenshot(page, 'article-collected.png');

    await row.getByTestId('article-uncollect').click();
    await toast(page, '已取消收藏').waitFor();
    await row.getByTestId('article-collect').waitFor();
    expect((await option()).is_favorite).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the similar-article table from a history row, ticks 头条 and collects from the dropdown', async () => {
    const context = await memberContext(browser, member.token as string);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${url}/main/appsearch/detail?mid=${mid}&active=0`);
    const row = page.getByTestId('article-row').nth(similarIndex);
    await row.waitFor();
    await row.getByTestId('article-similar').click();
    const table = page.getByTestId('similar-articles');
    const rows = table.getByTestId('similar-article-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(similar.article_list.length);
    expect(await page.getByTestId('similar-article-total').textContent()).toBe(
      `共找到 ${similar.total} 篇相似文章`,
    );
    expect(await table.getByTestId('similar-article-title').allInnerTexts()).toEqual(
      similar.article_list.map((a: Json) => a.title || '（无标题）'),
    );
    const firstRow = await rows.first().textContent();
    expect(firstRow).toContain(similar.article_list[0].mp_name);
    expect(firstRow).toContain(similar.article_list[0].read.toLocaleString('zh-CN'));

    // 头条 asks the server for headline articles only (counted and paged there).
    const heads = (
      await member.get('/fbmain/follow/v1/similar_article', { aid: similar.aid, mid, pagesize: 20, top: 1 })
    ).body.data;
    expect(heads.article_list.every((a: Json) => a.position === 1)).toBe(true);
    await page.getByTestId('similar-article-first').click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(heads.article_list.length);
    expect(await page.getByTestId('similar-article-total').textContent()).toBe(
      `共找到 ${heads.total} 篇相似文章`,
    );
    expect(await table.getByTestId('similar-article-position').allInnerTexts()).toEqual(
      heads.article_list.map(() => '头条'),
    );
    await screenshot(page, 'similar-articles-first.png');
    await page.getByTestId('similar-article-first').click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(similar.article_list.length);

    // The favourite dropdown lists the collection groups (素材库 from the previous test); one click collects.
    const target = similar.article_list[0];
    await rows.first().getByTestId('similar-article-favorite').click();
    await page.locator('.ant-dropdown-menu').getByText('素材库', { exact: true }).first().click();
    await toast(page, '文章已收藏至分组素材库').first().waitFor();
    const option = (
      await member.get('/fbmain/search/v1/favorite_article_option', { aid: target.aid, mid: target.mid })
    ).body.data;
    expect(option.is_favorite).toBe(1);
    await screenshot(page, 'similar-articles.png');
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import { waitReady } from './harness';
import { Client, memberEngines, refusal, signUp, startMemberPlatform } from './members-harness';

const S = '/fbmain/search/v1';

describe.each(await memberEngines())(
  'groups, favourites, collections, keywords on $name',
  ({ name, skip }) => {
    let base = '';
    let stop = async () => {};
    let mids: number[] = [];
    let a: Client;
    let b: Client;
    beforeAll(async () => {
      if (skip) return;
      // 25 accounts: enough to pass the free level's 20 favourites.
      const p = await startMemberPlatform(name, { SIM_ACCOUNTS: '25', CRAWL_DAYS: '2' });
      base = p.url;
      stop = p.stop;
      await waitReady(base);
      const found = await new Client(base).post(`${S}/key_search`, { kw: '', num: 50 });
      mids = found.body.data.accounts.map((x: { mid: number }) => x.mid);
      a = await signUp(base);
      b = await signUp(base);
    });
    afterAll(() => stop());

    it.skipIf(skip)('visitors get 用户未登录 from every group call', async () => {
      const v = new Client(base);
      for (const [method, path] of [
        ['GET', 'group_list'],
        ['GET', 'group_list_ext'],
        ['POST', 'group_add'],
        ['POST', 'favorite_add'],
        ['GET', 'favorite_list'],
        ['GET', 'collect_group_list'],
        ['POST', 'favorite_article_option'],
        ['GET', 'userkeyword'],
        ['GET', 'search_record'],
      ] as const) {
        const r = await v.call(method, `${S}/${path}`, {});
        expect(r.body, path).toEqual({ error_code: 40001, msg: '用户未登录' });
      }
    });

    it.skipIf(skip)(
      'creates, renames, pins and deletes account groups; favourites accounts into them',
      async () => {
        const g1 = await a.post(`${S}/group_add`, { name: '竞品' });
        expect(g1.body).toMatchObject({ error_code: 0, msg: '创建成功' });
        const g2 = await a.post(`${S}/group_add`, { name: '客户' });
        const id1 = g1.body.data.group_id;
        const id2 = g2.body.data.group_id;
        expect((await a.post(`${S}/group_add`, { name: '竞品' })).body.msg).toBe('分组名称已存在');
        expect((await a.post(`${S}/group_add`, { name: '' })).body.msg).toBe('分组名称不能为空');
        expect((await a.put(`${S}/group_rename`, { group_id: id2, name: '重点客户' })).body.msg).toBe(
          M.UPDATED,
        );
        expect((await a.post(`${S}/group_top`, { group_id: id2 })).body.data.top).toBe(1);
        const list = await a.get(`${S}/group_list`);
        expect(list.body.data.map((g: { name: string }) => g.name)).toEqual(['重点客户', '竞品']);

        expect((await a.post(`${S}/favorite_add`, { group_id: id1 })).body.msg).toBe(
          M.CHOOSE_GROUP_OR_ACCOUNT,
        );
        expect((await a.post(`${S}/favorite_add`, { mids: String(mids[0]) })).body.msg).toBe(
          M.CHOOSE_GROUP_OR_ACCOUNT,
        );
        const add = await a.post(`${S}/favorite_add`, { group_id: id1, mids: `${mids[0]},${mids[1]}` });
        expect(add.body).toMatchObject({ error_code: 0, msg: '添加成功', data: { added: 2 } });
        const again = await a.post(`${S}/favorite_add`, { group_id: id1, mids: [mids[0]] });
        expect(again.body).toEqual({ error_code: 40005, msg: '该公众号已在分组中' });
        expect(refusal(await a.post(`${S}/favorite_add`, { group_id: id1, mids: '999999999' }))).toBe(40004);
        // Someone else's group is not found, for adding and for deleting.
        expect(refusal(await b.post(`${S}/favorite_add`, { group_id: id1, mids: [mids[2]] }))).toBe(40004);
        expect(refusal(await b.del(`${S}/group_delete`, { group_id: id1 }))).toBe(40004);

        const ext = await a.get(`${S}/group_list_ext`);
        const g = ext.body.data.find((x: { group_id: number }) => x.group_id === id1);
        expect(g.account_list.map((x: { mid: number }) => x.mid).sort()).toEqual([mids[0], mids[1]].sort());
        expect(g.account_list[0].name).not.toBe('');
        expect(g.account_list[0]).toHaveProperty('wx_name');

        // mp_detail: is_favorite is the member's own; collect_count counts members.
        const detail = (c: Client) => c.get(`${S}/mp_detail`, { mId: mids[0] });
        expect((await detail(a)).body.data.account).toMatchObject({ is_favorite: 1, collect_count: 1 });
        expect((await detail(b)).body.data.account.is_favorite).toBe(0);
        expect((await detail(new Client(base))).body.data.account.is_favorite).toBe(0);

        const fl = await a.get(`${S}/favorite_list`, { group_id: id1 });
        expect(fl.body.data.total).toBe(2);
        expect(
          (await a.post(`${S}/favorite_delete`, { group_id: id1, mids: String(mids[1]) })).body.msg,
        ).toBe(M.DELETED);
        expect((await a.get(`${S}/favorite_list`)).body.data.total).toBe(1);
        const del = await a.del(`${S}/group_delete`, { group_id: id1 });
        expect(del.body).toEqual({ error_code: 0, msg: '“竞品”删除成功' });
        expect((await detail(a)).body.data.account.is_favorite).toBe(0);
      },
    );

    it.skipIf(skip)('keeps free members to 20 favourite accounts (40002 beyond)', async () => {
      const c = await signUp(base);
      const g = (await c.post(`${S}/group_add`, { name: '全部' })).body.data.group_id;
      expect(
        (await c.post(`${S}/favorite_add`, { group_id: g, mids: mids.slice(0, 20) })).body.error_code,
      ).toBe(0);
      const over = await c.post(`${S}/favorite_add`, { group_id: g, mids: [mids[20]] });
      expect(refusal(over)).toBe(40002);
      expect(over.body).toEqual({ error_code: 40002, msg: M.LEVEL_INSUFFICIENT });
    });

    it.skipIf(skip)(
      'collects articles into groups, shows is_favorite in detail_pubList, moves and uncollects',
      async () => {
        const mid = mids[3] as number;
        const pub = await a.post(`${S}/detail_pubList`, { mId: mid });
        const art = pub.body.data.article_list[0].articles[0];
        const g1 = (await a.post(`${S}/collect_group_add`, { name: '好文' })).body.data.group_id;
        const g2 = (await a.post(`${S}/collect_group_add`, { name: '素材' })).body.data.group_id;
        expect((await a.get(`${S}/collect_group_list`, { type: 1 })).body.data).toEqual([
          { group_id: g1, id: g1, name: '好文' },
          { group_id: g2, id: g2, name: '素材' },
        ]);
        const form = { aid: art.aid, mid, wxname: art.mp_name };
        expect((await a.post(`${S}/favorite_article_option`, form)).body.msg).toBe(M.CHOOSE_GROUP);
        const col = await a.post(`${S}/favorite_article_option`, { ...form, group_id: g1 });
        expect(col.body).toEqual({ error_code: 0, msg: `${M.ARTICLE_COLLECTED}好文` });
        expect(
          (await a.post(`${S}/favorite_article_option`, { ...form, group_id: g1 })).body.error_code,
        ).toBe(40005);
        expect(refusal(await b.post(`${S}/favorite_article_option`, { ...form, group_id: g1 }))).toBe(40004);

        const mine = await a.post(`${S}/detail_pubList`, { mId: mid });
        const seen = mine.body.data.article_list[0].articles[0];
        expect(seen).toMatchObject({ aid: art.aid, is_favorite: 1, favorite_count: 1 });
        const theirs = await b.post(`${S}/detail_pubList`, { mId: mid });
        expect(theirs.body.data.article_list[0].articles[0]).toMatchObject({
          is_favorite: 0,
          favorite_count: 1,
        });

        expect((await a.get(`${S}/favorite_article_option`, { aid: art.aid, mid })).body.data).toEqual({
          is_favorite: 1,
          group_ids: [g1],
        });
        expect(
          (await a.post(`${S}/move_article_collect`, { aid: art.aid, mid, group_id: g2 })).body.msg,
        ).toBe('移动成功');
        const listed = await a.get(`${S}/favorite_article_option`, { group_id: g2 });
        expect(listed.body.data.total).toBe(1);
        expect(listed.body.data.article_list[0]).toMatchObject({
          aid: art.aid,
          title: art.title,
          group_id: g2,
        });
        expect(
          (await a.get(`${S}/collect_group_list`)).body.data.find((g: { id: number }) => g.id === g2).count,
        ).toBe(1);
        expect((await a.post(`${S}/collect_group_top`, { group_id: g2 })).body.data.top).toBe(1);
        expect((await a.put(`${S}/collect_group_rename`, { group_id: g2, name: '素材库' })).body.msg).toBe(
          M.UPDATED,
        );
        expect((await a.del(`${S}/favorite_article_option`, { aid: art.aid, mid })).body.msg).toBe(
          '已取消收藏',
        );
        expect(
          (await a.get(`${S}/favorite_article_option`, { aid: art.aid, mid })).body.data.is_favorite,
        ).toBe(0);
        expect((await a.del(`${S}/collect_group_delete`, { group_id: g1 })).body.msg).toBe('“好文”删除成功');
      },
    );

    it.skipIf(skip)('keeps keyword subscriptions and search records per member', async () => {
      const add = await a.post(`${S}/userkeyword`, { keyword: '新能源' });
      expect(add.body.msg).toBe(M.ADDED);
      const id = add.body.data.id;
      expect((await a.post(`${S}/userkeyword`, { keyword: '新能源' })).body.error_code).toBe(40000);
      expect((await a.put(`${S}/userkeyword`, { id, keyword: '储能' })).body.msg).toBe(M.UPDATED);
      expect(refusal(await b.put(`${S}/userkeyword`, { id, keyword: '偷改' }))).toBe(40004);
      expect((await a.get(`${S}/userkeyword`)).body.data.map((k: { keyword: string }) => k.keyword)).toEqual([
        '储能',
      ]);
      expect((await a.del(`${S}/userkeyword`, { id })).body.msg).toBe(M.DELETED);

      await a.post(`${S}/key_search`, { kw: '科技' });
      await a.post(`${S}/key_search`, { kw: '财经' });
      const rec = await a.get(`${S}/search_record`);
      expect(rec.body.data.map((r: { kw: string }) => r.kw)).toEqual(['财经', '科技']);
      // A repeat moves the keyword to the top; it is not listed twice.
      await a.post(`${S}/key_search`, { kw: '科技' });
      const again = await a.get(`${S}/search_record`);
      expect(again.body.data.map((r: { kw: string }) => r.kw)).toEqual(['科技', '财经']);
      expect((await b.get(`${S}/search_record`)).body.data).toEqual([]);
      await a.get(`${S}/delete_history`);
      expect((await a.get(`${S}/search_record`)).body.data).toEqual([]);
    });
  },
);

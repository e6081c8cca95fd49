import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { startInProcess, waitReady } from './harness';
import { buy, signUp } from './members-harness';

/**
 * Inclusion (collect_mp) and page update (mp_update) over HTTP on a running platform: the API hands the work to the
 * collectors and answers with their result, in the spec's shapes (§3 Inclusion result, §8 codes).
 */
let platform: Platform & { dataDir: string };
let api: string;
const S = '/fbmain/search/v1';

beforeAll(async () => {
  platform = await startInProcess();
  api = platform.url as string;
  await waitReady(api);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('collect_mp', () => {
  it('includes an unlisted account by name, then says it is already included', async () => {
    const world = platform.simulator?.world;
    const acc = world?.unlisted.find((a) => world.pushes(a).length > 0);
    if (!acc) throw new Error('no unlisted account with posts');
    const visitor = await fetch(`${api}${S}/collect_mp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ wxname: acc.name }).toString(),
    });
    expect(visitor.status).toBe(401);
    const member = await signUp(api);
    const first = await member.post(`${S}/collect_mp`, { wxname: acc.name });
    expect(first.body).toMatchObject({
      error_code: 0,
      msg: 'success',
      data: { code: 1, is_success: true, tip: '收录成功，文章将在10分钟内更新', data2: [] },
    });
    expect(first.body.data.data).toEqual([
      expect.objectContaining({ mid: acc.mid, wxname: acc.name, wxid: acc.alias }),
    ]);
    const again = await member.post(`${S}/collect_mp`, { wxname: acc.name });
    expect(again.body.data).toMatchObject({ code: 1, tip: '该公众号已收录，请勿重复提交', data: [] });
    expect(again.body.data.data2.map((a: { mid: number }) => a.mid)).toEqual([acc.mid]);
  });

  it('answers a name nobody has with the tip, and empty input in Chinese', async () => {
    const member = await signUp(api);
    const none = await member.post(`${S}/collect_mp`, { wxname: '不存在的公众号名称啊' });
    expect(none.body).toMatchObject({ error_code: 0, data: { code: 0, is_success: false } });
    expect(none.body.data.tip).toContain('未找到');
    const empty = await member.post(`${S}/collect_mp`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入公众号名称或文章链接');
  });
});

describe('mp_update', () => {
  it('is for levels above 1, busy for 5 s per account, and its progress can be read', async () => {
    const list = await (
      await fetch(`${api}${S}/key_search`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'kw=&num=5',
      })
    ).json();
    const mid = list.data.accounts[0].mid;
    const free = await signUp(api);
    expect((await free.post(`${S}/mp_update`, { mid })).body).toMatchObject({
      error_code: 40002,
      msg: '该功能仅限高级及以上会员使用',
    });
    const senior = await signUp(api);
    await buy(senior, 'vip2_q');
    const first = await senior.post(`${S}/mp_update`, { mid });
    expect(first.body).toMatchObject({ code: 0, data: { request_id: expect.any(String) } });
    const busy = await senior.post(`${S}/mp_update`, { mid });
    expect(busy.body).toEqual({ code: 1, msg: '数据更新中，点击间隔为 5 秒，请稍后再试' });
    const id = first.body.data.request_id;
    let state = '';
    for (let i = 0; i < 120 && state !== 'done'; i++) {
      state = (await senior.get(`${S}/crawl_progress`, { request_id: id })).body.data.state;
      if (state !== 'done') await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe('done');
    expect((await senior.post(`${S}/mp_update`, { mid: 'abc' })).status).toBe(400);
    expect((await senior.get(`${S}/crawl_progress`, { request_id: 'x' })).body.msg).toBe(
      '参数错误：请求编号 (request_id) 格式不正确',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { startInProcess, waitReady } from './harness';
import { buy, refusal, responseRefusal, signUp } from './members-harness';

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
    expect(await responseRefusal(visitor)).toBe(40001);
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
    expect(refusal(empty)).toBe(40000);
    expect(empty.body.msg).toBe('请输入公众号名称或文章链接');
    // Spec §5: more than 30 characters is an article link; a long Chinese name is told why, in Chinese.
    const long = await member.post(`${S}/collect_mp`, { wxname: '一个名字很长很长的公众号'.repeat(3) });
    expect(refusal(long)).toBe(40000);
    expect(long.body.msg).toMatch(
      /^不是公众号文章链接：一个名字很长.*（公众号名称最长 30 个字，更长的输入按文章链接收录）$/,
    );
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
    expect(refusal(await senior.post(`${S}/mp_update`, { mid: 'abc' }))).toBe(2);
    // Spec §7: url and time. The account by a link carrying __biz; data newer than the page's time needs no crawl.
    const other = await signUp(api);
    await buy(other, 'vip2_q');
    const biz = Buffer.from(String(mid)).toString('base64');
    const home = `https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=${encodeURIComponent(biz)}`;
    const fresh = await other.post(`${S}/mp_update`, { url: home, time: '2020-01-01 08:00:00' });
    expect(fresh.body).toMatchObject({ code: 1, data: { update_time: expect.stringMatching(/^20\d\d-/) } });
    expect(fresh.body.msg).toMatch(/^数据已于 .+ 更新，请刷新页面查看$/);
    const later = await other.post(`${S}/mp_update`, { url: home, time: '2099-01-01' });
    expect(later.body).toMatchObject({ code: 0, data: { request_id: expect.any(String) } });
    const short = await senior.post(`${S}/mp_update`, { url: 'https://mp.weixin.qq.com/s/AbCdEf' });
    expect(refusal(short)).toBe(2);
    expect(short.body.msg).toMatch(/短链接不含公众号/);
    const badTime = await senior.post(`${S}/mp_update`, { mid, time: 'yesterday' });
    expect(refusal(badTime)).toBe(2);
    expect(badTime.body.msg).toMatch(/time.*格式应为 YYYY-MM-DD HH:mm:ss 或 Unix 秒/);
    expect((await senior.get(`${S}/crawl_progress`, { request_id: 'x' })).body.msg).toBe(
      '参数错误：请求编号 (request_id) 格式不正确',
    );
  });
});

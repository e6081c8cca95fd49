import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { startInProcess, until, waitReady } from './harness';
import { buy, Client, refusal, signUp } from './members-harness';

/**
 * Batch inclusion (collect_mp2) and the owner refresh (update_zhuti_info) over HTTP on a running platform: the API
 * hands each line, or the refresh, to the collectors and answers in collect_mp's and mp_update's shapes.
 */
let platform: Platform & { dataDir: string };
let api: string;
const S = '/fbmain/search/v1';

beforeAll(async () => {
  platform = await startInProcess();
  api = platform.url as string;
  await waitReady(api);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('collect_mp2', () => {
  it('includes several names at once, one per line, each answered as collect_mp answers it', async () => {
    const world = platform.simulator?.world;
    const [a, b] = (world?.unlisted ?? []).filter((x) => world?.pushes(x).length);
    if (!a || !b) throw new Error('need two unlisted accounts with posts');
    const listed = (
      await (
        await fetch(`${api}${S}/key_search`, { method: 'POST', body: new URLSearchParams({ kw: '' }) })
      ).json()
    ).data.accounts[0];
    const member = await signUp(api);
    const r = await member.post(`${S}/collect_mp2`, {
      content: `${a.name}\n\n${b.name}\r\n${listed.name}\n${a.name}\n不存在的公众号名称啊`,
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.results.map((x: { input: string }) => x.input)).toEqual([
      a.name,
      b.name,
      listed.name,
      '不存在的公众号名称啊',
    ]);
    expect(d.results[0]).toMatchObject({
      code: 1,
      is_success: true,
      tip: '收录成功，文章将在10分钟内更新',
      data: [expect.objectContaining({ mid: a.mid, wxname: a.name, wxid: a.alias })],
      data2: [],
    });
    expect(d.results[2]).toMatchObject({ code: 1, tip: '该公众号已收录，请勿重复提交', data: [] });
    expect(d.results[2].data2.map((x: { mid: number }) => x.mid)).toContain(listed.mid);
    expect(d.results[3]).toMatchObject({ code: 0, is_success: false, data: [], data2: [] });
    expect(d.results[3].tip).toContain('未找到');
    expect(d).toMatchObject({ code: 1, is_success: true, total: 4, succeeded: 3, failed: 1, pending: 0 });
    expect(d.data.map((x: { mid: number }) => x.mid).sort()).toEqual([a.mid, b.mid].sort());
    // Already included: what the listed name's line found, once each.
    expect(d.data2).toEqual(d.results[2].data2);
    expect(d.tip).toBe(
      `共 4 条：新收录 2 个公众号，已收录 ${d.results[2].data2.length} 个，1 条未找到或失败`,
    );
    // One line answers exactly as collect_mp would: the accounts are now included.
    const one = await member.post(`${S}/collect_mp2`, { wxname: a.name });
    expect(one.body.data).toMatchObject({ code: 1, tip: '该公众号已收录，请勿重复提交', total: 1, data: [] });
    expect(one.body.data.data2.map((x: { mid: number }) => x.mid)).toEqual([a.mid]);
  });

  it('refuses empty or oversized batches and visitors, in Chinese', async () => {
    const member = await signUp(api);
    const empty = await member.post(`${S}/collect_mp2`, { content: '\n  \n' });
    expect(refusal(empty)).toBe(40000);
    expect(empty.body).toEqual({ error_code: 40000, msg: '请输入公众号名称或文章链接，每行一个' });
    const many = Array.from({ length: 21 }, (_, i) => `号${i}`).join('\n');
    expect((await member.post(`${S}/collect_mp2`, { content: many })).body.msg).toBe(
      '一次最多提交 20 条，请分批提交',
    );
    expect((await new Client(api).post(`${S}/collect_mp2`, { content: '某号' })).body).toEqual({
      error_code: 40001,
      msg: '用户未登录',
    });
  });
});

describe('update_zhuti_info', () => {
  it('asks the collectors to re-read the owner for deluxe members, under the 5 s rule shared with mp_update', async () => {
    const list = await (
      await fetch(`${api}${S}/key_search`, {
        method: 'POST',
        body: new URLSearchParams({ kw: '', num: '5' }),
      })
    ).json();
    const acc = list.data.accounts[0];
    const senior = await signUp(api);
    await buy(senior, 'vip2_q');
    expect((await senior.post(`${S}/update_zhuti_info`, { mid: acc.mid })).body).toEqual({
      error_code: 40002,
      msg: '主体信息仅限豪华及以上会员查看',
    });
    const deluxe = await signUp(api);
    await buy(deluxe, 'vip3_q');
    const first = await deluxe.post(`${S}/update_zhuti_info`, { mid: acc.mid });
    expect(first.body).toMatchObject({
      code: 0,
      msg: '主体信息刷新中，稍后刷新页面即可查看',
      data: { request_id: expect.any(String), owner: acc.owner, area: acc.area },
    });
    const busy = { code: 1, msg: '数据更新中，点击间隔为 5 秒，请稍后再试' };
    expect((await deluxe.post(`${S}/update_zhuti_info`, { mid: acc.mid })).body).toEqual(busy);
    expect((await deluxe.post(`${S}/mp_update`, { mid: acc.mid })).body).toEqual(busy);
    const id = first.body.data.request_id;
    await until('the owner refresh to finish', async () => {
      const p = await deluxe.get(`${S}/crawl_progress`, { request_id: id });
      return p.body.data.state === 'done';
    });
    expect((await deluxe.post(`${S}/update_zhuti_info`, { mid: 'abc' })).body).toEqual({
      code: 2,
      msg: '参数错误：公众号ID (mid) 必须是数字',
    });
    const unknown = await deluxe.post(`${S}/update_zhuti_info`, { mid: 99 });
    expect(refusal(unknown)).toBe(2);
    expect(unknown.body).toEqual({ code: 2, msg: '公众号不存在或尚未收录' });
  });
});

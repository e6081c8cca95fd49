import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { bizOf } from '../core/wechat-ids';
import { buy, Client, type Reply, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * common/v1 qrcode_images, same_owner_minipro, area_list and statistics_download on real chDB and PGlite, with
 * hand-computed fixtures.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const SERVICE = 'https://work.weixin.qq.com/kfid/kfc0123456789abcdef';
const GROUP = 'https://weixin.qq.com/g/AQYAAKtestgroup';
const profileOf = (mid: number) =>
  `https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=${encodeURIComponent(bizOf(mid))}#wechat_redirect`;

const ACCOUNTS = [
  { mid: 1, name: '甲一号', owner: '甲公司', area: '北京' },
  { mid: 2, name: '甲二号', owner: '甲公司', area: '北京' },
  { mid: 3, name: '乙号', owner: '乙公司', area: '上海' },
  { mid: 4, name: '无主体号', owner: '', area: '' },
  { mid: 5, name: '丙号', owner: '丙公司', area: '广东' },
];
const AAA = 'wxaaa1111111';
const BBB = 'wxbbb2222222';
const CCC = 'wxccc3333333';
const DDD = 'wxddd4444444';

let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let visitor: Client;
let free: Client;
let senior: Client;
let deluxe: Client;

beforeAll(async () => {
  const opened = await openServedApp(
    'common-extras',
    NOW,
    {},
    {
      siteQrcodes: [
        { kind: 'service', title: '联系客服', text: SERVICE },
        { kind: 'group', title: '用户交流群', text: GROUP },
      ],
    },
  );
  ({ store, close } = opened);
  base = opened.base;
  await store.insert(
    'accounts',
    ACCOUNTS.map((a) => ({ ...a, biz: bizOf(a.mid), updated_at: NOW })),
  );
  // Day ranking of 2026-11-01 and the week from Monday 10-26: who is ranked within their area.
  const ranked = (mid: number, period: string, start: string, area_rank: number) => ({
    rank_type: 'common',
    period,
    period_start: start,
    mid,
    area: ACCOUNTS.find((a) => a.mid === mid)?.area,
    rank: area_rank,
    area_rank,
    generation: NOW,
  });
  await store.insert('rankings', [
    ranked(1, 'day', '2026-11-01', 1),
    ranked(2, 'day', '2026-11-01', 0),
    ranked(3, 'day', '2026-11-01', 1),
    { ...ranked(5, 'day', '2026-11-01', 1), rank_type: 'original' },
    ranked(2, 'week', '2026-10-26', 1),
  ]);
  await store.insert(
    'miniprograms',
    [AAA, BBB, CCC, DDD].map((appid) => ({ appid, title: `小程序${appid.slice(2, 5)}`, updated_at: NOW })),
  );
  await store.insert('miniprogram_owners', [
    { appid: AAA, owner: '甲公司', updated_at: NOW },
    { appid: BBB, owner: '甲公司', updated_at: NOW },
    { appid: CCC, owner: '乙公司', updated_at: NOW },
  ]);
  // Exposure = reads of the articles embedding it: AAA 100 + 300, BBB 300 + 50, CCC none.
  const art = (mid: number, aid: string, appids: string[], reads: number) => ({ mid, aid, appids, reads });
  const arts = [art(1, '1_1', [AAA], 100), art(2, '2_1', [AAA, BBB], 300), art(3, '3_1', [BBB], 50)];
  const pub = Math.floor(Date.parse('2026-10-30T09:00:00+08:00') / 1000);
  await store.insert(
    'articles',
    arts.map((a) => ({
      mid: a.mid,
      aid: a.aid,
      msgid: 1,
      idx: 1,
      pubtime: pub,
      miniprogram_appids: a.appids,
      updated_at: NOW,
    })),
  );
  await store.insert(
    'article_metrics',
    arts.map((a) => ({
      day: '2026-10-30',
      mid: a.mid,
      aid: a.aid,
      pubtime: pub,
      reads: a.reads,
      version: 1,
    })),
  );
  visitor = new Client(base);
  free = await signUp(base);
  senior = await signUp(base);
  await buy(senior, 'vip2_q');
  deluxe = await signUp(base);
  await buy(deluxe, 'vip3_q');
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** Reads a QR PNG back: the dark/light value at the centre of every module, against the code of `text`. */
function expectQrOf(png: Buffer, text: string, width: number) {
  const img = PNG.sync.read(png);
  expect(img.width).toBe(width);
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const scale = img.width / (n + 2);
  const mismatched: string[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const x = Math.floor((c + 1.5) * scale);
      const y = Math.floor((r + 1.5) * scale);
      const dark = (img.data[(y * img.width + x) * 4] as number) < 128;
      if (dark !== Boolean(qr.modules.get(r, c))) mismatched.push(`${r},${c}`);
    }
  expect(mismatched).toEqual([]);
}
const pngOf = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
};

describe('qrcode_images', () => {
  it('draws accounts’ follow codes (their profile page) as PNG, naming the unknown mids', async () => {
    const r = await visitor.get('/fbmain/common/v1/qrcode_images', { mids: '1,99,1' });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(1);
    expect(r.body.data.missing).toEqual([99]);
    const [one] = r.body.data.list;
    expect(one).toMatchObject({
      kind: 'account',
      mid: 1,
      name: '甲一号',
      title: '甲一号',
      text: profileOf(1),
    });
    expectQrOf(pngOf(one.img), profileOf(1), 240);
  });

  it('draws the site’s configured customer-service and group codes, at the asked size', async () => {
    const r = await visitor.get('/fbmain/common/v1/qrcode_images', { type: 'site', size: 300 });
    expect(r.body.data.list.map((x: { kind: string; title: string }) => [x.kind, x.title])).toEqual([
      ['service', '联系客服'],
      ['group', '用户交流群'],
    ]);
    expectQrOf(pngOf(r.body.data.list[1].img), GROUP, 300);
    const g = await visitor.get('/fbmain/common/v1/qrcode_images', { type: 'group' });
    expect(g.body.data.list.map((x: { text: string }) => x.text)).toEqual([GROUP]);
  });

  it('answers one code as an image/png body', async () => {
    const res = await fetch(`${base}/fbmain/common/v1/qrcode_images?type=service&format=png&size=200`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expectQrOf(Buffer.from(await res.arrayBuffer()), SERVICE, 200);
  });

  it.each([
    [{}, 400, '请提供公众号ID列表 (mids) 或类型 (type)'],
    [{ mids: '1,x' }, 400, '公众号ID列表 (mids)'],
    [{ mids: Array.from({ length: 21 }, (_, i) => i + 1).join(',') }, 400, '最多 20 个'],
    [{ type: 'wechat' }, 400, '类型 (type) 只能是 service、group 或 site'],
    [{ type: 'site', size: 100 }, 400, '图片尺寸 (size) 最小为 120'],
    [{ type: 'site', format: 'png' }, 400, 'format=png 只能生成一个二维码'],
    [{ mids: '99', format: 'png' }, 404, '没有可生成的二维码'],
    [{ format: 'gif', type: 'group' }, 400, '格式 (format) 只能是 json 或 png'],
  ])('bad input %o answers %i in Chinese', async (q, status, msg) => {
    const r = await visitor.get('/fbmain/common/v1/qrcode_images', q);
    expect(refusal(r)).toBe(status === 404 ? 40004 : 40000);
    expect(r.body.msg).toContain(msg);
  });
});

describe('same_owner_minipro', () => {
  const appids = (r: Reply) => r.body.data.applet_data.map((a: { appid: string }) => a.appid);

  it('lists the mini-programs of an account’s owner, most exposed first, paged', async () => {
    const r = await deluxe.get('/fbmain/common/v1/same_owner_minipro', { mid: 1 });
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({ owner: '甲公司', total: 2 });
    expect(
      r.body.data.applet_data.map((a: Record<string, unknown>) => [
        a.appid,
        a.owner,
        a.exposure_num,
        a.article_num,
        a.account_num,
      ]),
    ).toEqual([
      [AAA, '甲公司', 400, 2, 2],
      [BBB, '甲公司', 350, 2, 2],
    ]);
    const p2 = await deluxe.post('/fbmain/common/v1/same_owner_minipro', { mid: '2', num: '1', page: '2' });
    expect(p2.body.data.total).toBe(2);
    expect(appids(p2)).toEqual([BBB]);
  });

  it('lists the other mini-programs of a mini-program’s owner; unknown owners give none', async () => {
    const r = await deluxe.get('/fbmain/common/v1/same_owner_minipro', { appid: AAA });
    expect(r.body.data).toMatchObject({ owner: '甲公司', total: 1 });
    expect(appids(r)).toEqual([BBB]);
    expect((await deluxe.get('/fbmain/common/v1/same_owner_minipro', { appid: CCC })).body.data).toEqual({
      owner: '乙公司',
      total: 0,
      applet_data: [],
    });
    // Described, but its profile not read yet; an account without an owner.
    expect((await deluxe.get('/fbmain/common/v1/same_owner_minipro', { appid: DDD })).body.data.owner).toBe(
      '',
    );
    expect((await deluxe.get('/fbmain/common/v1/same_owner_minipro', { mid: 4 })).body.data).toEqual({
      owner: '',
      total: 0,
      applet_data: [],
    });
  });

  it('is owner information: deluxe members and above', async () => {
    expect(refusal(await visitor.get('/fbmain/common/v1/same_owner_minipro', { mid: 1 }))).toBe(40001);
    for (const c of [free, senior]) {
      const r = await c.get('/fbmain/common/v1/same_owner_minipro', { mid: 1 });
      expect(refusal(r)).toBe(40002);
      expect(r.body).toEqual({ error_code: 40002, msg: '主体信息仅限豪华及以上会员查看' });
    }
  });

  it.each([
    [{}, 400, '请提供公众号ID (mid) 或小程序 appid (appid) 之一'],
    [{ mid: 1, appid: AAA }, 400, '之一'],
    [{ appid: 'abc' }, 400, '小程序 appid (appid) 格式应为 wx 开头的小程序 appid'],
    [{ mid: -1 }, 400, '公众号ID (mid) 必须是正整数'],
    [{ mid: 1, num: 51 }, 400, '每页条数 (num) 最大为 50'],
    [{ mid: 404 }, 404, '公众号不存在或尚未收录'],
    [{ appid: 'wxeee5555555' }, 404, '小程序不存在或尚未收录'],
  ])('bad input %o answers %i in Chinese', async (q, status, msg) => {
    const r = await deluxe.get('/fbmain/common/v1/same_owner_minipro', q);
    expect(refusal(r)).toBe(status === 404 ? 40004 : 40000);
    expect(r.body.msg).toContain(msg);
  });
});

describe('area_list', () => {
  it('lists the areas with their accounts and how many the area ranking holds', async () => {
    const r = await visitor.get('/fbmain/common/v1/area_list');
    expect(r.body.data).toEqual({
      period: 'day',
      period_start: '2026-11-01',
      total: 3,
      list: [
        // 甲二号 is not ranked today; 丙号 is ranked only in another ranking type.
        { area: '北京', accounts: 2, ranked: 1 },
        { area: '上海', accounts: 1, ranked: 1 },
        { area: '广东', accounts: 1, ranked: 0 },
      ],
    });
    const week = await visitor.post('/fbmain/common/v1/area_list', { period: 'week', date: '2026-10-28' });
    expect(week.body.data.period_start).toBe('2026-10-26');
    expect(week.body.data.list.map((x: { area: string; ranked: number }) => [x.area, x.ranked])).toEqual([
      ['北京', 1],
      ['上海', 0],
      ['广东', 0],
    ]);
    const bad = await visitor.get('/fbmain/common/v1/area_list', { period: 'year' });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toContain('周期 (period) 只能是 day、week 或 month');
  });
});

describe('statistics_download', () => {
  it('describes the export as it is: its columns are the file’s header, its levels those the export admits', async () => {
    const r = await visitor.get('/fbmain/common/v1/statistics_download');
    const d = r.body.data;
    expect(d.call).toMatchObject({ method: 'GET', path: '/fbmain/search/v1/export_history' });
    expect(d.formats.map((f: { format: string }) => f.format)).toEqual(['xlsx', 'csv']);
    expect(d.levels).toEqual([
      { vip_id: 1, name: '普通会员', allowed: false, history_months: 0 },
      { vip_id: 2, name: '高级会员', allowed: true, history_months: 6 },
      { vip_id: 3, name: '豪华会员', allowed: true, history_months: 12 },
      { vip_id: 4, name: '超级会员', allowed: true, history_months: 18 },
    ]);
    expect(d.packages.map((p: { id: string; price: string }) => [p.id, p.price])).toEqual([
      ['vip2_q', '199.00'],
      ['vip2_y', '699.00'],
      ['vip3_q', '599.00'],
      ['vip3_y', '1999.00'],
      ['vip4_q', '1499.00'],
      ['vip4_y', '4999.00'],
    ]);
    // The export itself: a senior member gets a CSV whose header is the described columns; a free member 40002.
    const csv = await senior.get(d.call.path, { mid: 1, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(d.columns.join(','));
    expect((await free.get(d.call.path, { mid: 1, format: 'csv' })).body.error_code).toBe(40002);
  });
});

import { describe, expect, it } from 'vitest';
import { readAppmsgext, readListEx } from './upstream-readers';

/** Answers written by us in the shapes real WeChat answers have (see docs/collectors.md). */
const kindOf = (f: () => unknown) => {
  try {
    f();
    return 'none';
  } catch (e) {
    return (e as { kind?: string }).kind ?? String(e);
  }
};

describe('getappmsgext reader', () => {
  it('accepts a 2018 success: base_resp with only wxtoken, no old_like_num nor share_num (absent, not 0)', () => {
    const answer = {
      advertisement_info: [],
      appmsgstat: { show: true, read_num: 812, like_num: 9, ret: 0, real_read_num: 0, friend_like_num: 0 },
      comment_enabled: 1,
      comment_count: 4,
      base_resp: { wxtoken: 777 },
      more_read_list: [],
    };
    expect(readAppmsgext(answer)).toEqual({
      counts: { read: 812, looking: 9, zan: null, share: null, comment: 4 },
    });
  });

  it('reads a current answer with every counter', () => {
    const answer = {
      base_resp: { ret: 0, errmsg: 'ok' },
      appmsgstat: { read_num: 5000, like_num: 40, old_like_num: 120, share_num: 33, ret: 0 },
      comment_count: 7,
    };
    expect(readAppmsgext(answer).counts).toEqual({
      read: 5000,
      looking: 40,
      zan: 120,
      share: 33,
      comment: 7,
    });
  });

  it('stays strict where the shape means an error', () => {
    // No session: ret -3 at both levels → the client credential is expired.
    expect(kindOf(() => readAppmsgext({ base_resp: { ret: -3, errmsg: 'no session' }, ret: -3 }))).toBe(
      'expired',
    );
    // Only the top-level ret says it.
    expect(kindOf(() => readAppmsgext({ ret: -3, errmsg: 'no session' }))).toBe('expired');
    expect(kindOf(() => readAppmsgext({ base_resp: { ret: 200013 } }))).toBe('freq');
    // appmsgstat refused on its own ret, or missing: a refusal, not counters of zero.
    expect(kindOf(() => readAppmsgext({ base_resp: { wxtoken: 1 }, appmsgstat: { ret: 1 } }))).toBe(
      'rejected',
    );
    expect(kindOf(() => readAppmsgext({ base_resp: { wxtoken: 1 } }))).toBe('rejected');
    // Counters without reads, or a counter no column holds: malformed.
    expect(kindOf(() => readAppmsgext({ appmsgstat: { like_num: 3 } }))).toBe('malformed');
    expect(kindOf(() => readAppmsgext({ appmsgstat: { read_num: 3, like_num: -1 } }))).toBe('malformed');
  });
});

describe('list_ex reader', () => {
  const item = (over: Record<string, unknown>) => ({
    aid: '2651000001_1',
    appmsgid: 2651000001,
    itemidx: 1,
    title: '标题',
    digest: '',
    cover: '',
    create_time: 1700000000,
    link: 'http://mp.weixin.qq.com/s?__biz=MzA3NTEzMTUwNA==&mid=2651000001&idx=1&sn=abc#rd',
    item_show_type: 0,
    ...over,
  });

  it('maps copyright_type once (1 original, else unknown) and keeps item_show_type', () => {
    const r = readListEx(
      {
        base_resp: { ret: 0, err_msg: 'ok' },
        app_msg_cnt: 3,
        app_msg_list: [
          item({ copyright_type: 1 }),
          item({ itemidx: 2, copyright_type: 0, item_show_type: 8 }),
          // 2019 answers carry neither author_name nor copyright_type.
          item({ itemidx: 3 }),
        ],
      },
      'MzA3NTEzMTUwNA==',
    );
    expect(r.articles.map((a) => [a.idx, a.copyrightStat, a.itemShowType, a.sn])).toEqual([
      [1, 1, 0, 'abc'],
      [2, 0, 8, 'abc'],
      [3, 0, 0, 'abc'],
    ]);
  });
});

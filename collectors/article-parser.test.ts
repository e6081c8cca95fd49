import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { miniProgramCard } from '../simulator/article-page';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { htmlDecode, parseArticlePage } from './article-parser';
import { parseArticleUrl } from './article-url';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('article page parser on real-shaped pages', () => {
  it('reads an original article with double-quoted, htmlDecode-wrapped variables and mini-program cards', () => {
    const a = parseArticlePage(fixture('original-double-quoted.html'));
    expect(a).toMatchObject({
      ok: true,
      biz: 'MzA3MDM3MTc2Mw==',
      mid: 3070371763,
      msgid: 2650001234,
      idx: 1,
      sn: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      aid: '2650001234_1',
      title: '关于大模型，这5点你一定要知道',
      digest: '大模型的下一步&hellip;&hellip; "一文读懂"',
      cover: 'https://mmbiz.qpic.cn/mmbiz_jpg/abc/0?wx_fmt=jpeg',
      author: '小编',
      nickname: '硬核科技观察',
      user_name: 'gh_1a2b3c4d5e6f',
      alias: 'hardcore_tech',
      pubtime: 1761999000,
      copyright: 'original',
      copyright_stat: 1,
      source_url: 'https://www.example.com/tech/ai?from=wx&id=7',
      mini_programs: ['wx1234567890abcdef', 'wxfedcba0987654321'],
      counts: null,
    });
    expect(a.content).toContain('第一段：大模型&芯片。');
    expect(a.content).not.toContain('<p>');
  });

  it('reads mini-program cards and text links with their name, icon, path and card title', () => {
    const a = parseArticlePage(fixture('miniprogram-cards.html'));
    expect(a).toMatchObject({ ok: true, mid: 3916285442, msgid: 2247512345, idx: 2 });
    // One entry per appid: the text link of the first program adds nothing the card did not say.
    expect(a.mini_programs).toEqual(['wx8a9b7c6d5e4f3a2b', 'wx1f2e3d4c5b6a7980']);
    expect(a.mini_program_cards).toEqual([
      {
        appid: 'wx8a9b7c6d5e4f3a2b',
        nickname: '南城好店',
        avatar: 'http://mmbiz.qpic.cn/mmbiz_png/AbCdEf/0?wx_fmt=png',
        path: 'pages/shop/detail?id=1024&from=article',
        title: '手作咖啡 · 到店自取 8 折',
        image_url: 'http://mmbiz.qpic.cn/mmbiz_jpg/GhIjKl/0?wx_fmt=jpeg',
      },
      {
        appid: 'wx1f2e3d4c5b6a7980',
        nickname: '停车助手 & 地图',
        avatar: 'http://mmbiz.qpic.cn/mmbiz_png/MnOpQr/0?wx_fmt=png',
        path: 'pages/index/index',
        title: '',
        image_url: '',
      },
    ]);
    // Cards carry no text of their own: the body is the paragraphs around them.
    expect(a.content).toContain('第二家：老字号面馆，点单请走小程序。');
  });

  it('leaves what an older card does not carry empty', () => {
    const a = parseArticlePage(fixture('original-double-quoted.html'));
    expect(a.mini_program_cards).toEqual([
      {
        appid: 'wx1234567890abcdef',
        nickname: '',
        avatar: '',
        path: '',
        title: '科技工具箱',
        image_url: '',
      },
      {
        appid: 'wxfedcba0987654321',
        nickname: '',
        avatar: '',
        path: 'pages/x',
        title: '',
        image_url: '',
      },
    ]);
  });

  it('reads a repost with single quotes, an empty-first || chain and JS escapes', () => {
    const a = parseArticlePage(fixture('repost-single-quoted.html'));
    expect(a).toMatchObject({
      ok: true,
      biz: 'MzI0NTY3ODkwMQ==',
      msgid: 2247480123,
      idx: 3,
      sn: 'aa11bb22cc33dd44ee55ff6600112233',
      title: '转载 | 楼市新变化',
      digest: `It's 'quoted' <text> & more`,
      nickname: '每日财经说',
      alias: '',
      pubtime: 1762001234,
      copyright: 'reprint',
      copyright_stat: 2,
      kind: 'share',
      source_url: '',
      mini_programs: [],
    });
  });

  it('reads the newer page generation (`"x" * 1`, \\x26 escapes, appmsg_bar_data)', () => {
    const a = parseArticlePage(fixture('new-generation.html'));
    expect(a).toMatchObject({
      ok: true,
      biz: 'MzkxMjM0NTY3OA==',
      msgid: 2247500001,
      idx: 2,
      pubtime: 1762100000,
      title: '周末去哪 | 海岛露营',
      digest: '露营&海岛',
      nickname: '旅行指南',
      copyright_stat: 0,
      counts: { read: 12345, looking: 67, zan: 89, share: 10, comment: 3 },
    });
  });

  it('falls back to the DOM when the script carries nothing, and leaves absent fields empty', () => {
    const a = parseArticlePage(fixture('dom-only.html'));
    expect(a).toMatchObject({
      ok: true,
      biz: 'MzA3MDM3MTc2Mw==',
      msgid: 2650009999,
      idx: 4,
      sn: 'ffff0000ffff0000ffff0000ffff0000',
      title: '只有页面结构的文章',
      digest: '摘要在 og 标签里',
      nickname: '硬核科技观察',
      copyright: 'original',
      copyright_stat: 1,
      pubtime: 0,
      user_name: '',
      alias: '',
      source_url: '',
    });
  });

  it('says ok=false for a page that is not an article', () => {
    const a = parseArticlePage('<p>该内容已被发布者删除</p>');
    expect(a.ok).toBe(false);
    expect(a.aid).toBe('');
  });

  it('decodes entities the way WeChat htmlDecode does', () => {
    expect(htmlDecode('&lt;a&gt; &amp;amp; &#39;x&#39; &#x4e2d; &quot;q&quot; &bogus;')).toBe(
      `<a> &amp; 'x' 中 "q" &bogus;`,
    );
  });

  it('never throws on malformed HTML (fuzzed)', () => {
    const pieces = [
      '<script>',
      '</script>',
      'var biz = "',
      "var mid = '",
      'htmlDecode("',
      "'.html(false);",
      '" || "',
      '\\',
      '\\x2',
      '\\u00',
      '&#',
      '&#x110000;',
      '<div id="js_content">',
      '<mp-common-miniprogram data-miniprogram-appid="',
      'appmsg_bar_data = {',
      '<meta property="og:url" content="',
      'http://mp.weixin.qq.com/s?__biz=',
      '"',
      "'",
      '\n',
    ];
    const html = fc.array(
      fc.oneof(fc.constantFrom(...pieces), fc.string(), fc.string({ unit: 'grapheme' })),
      {
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(html, fc.string(), (parts, url) => {
        const a = parseArticlePage(parts.join(''), url);
        expect(typeof a.ok).toBe('boolean');
        expect(Number.isSafeInteger(a.msgid)).toBe(true);
        if (a.ok) expect(a.idx).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1500 },
    );
  });

  it('prints a parsed article as JSON from the command line', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'parse-article-cli.ts'),
        path.join(import.meta.dirname, 'fixtures', 'original-double-quoted.html'),
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toMatchObject({
      biz: 'MzA3MDM3MTc2Mw==',
      msgid: 2650001234,
      idx: 1,
      pubtime: 1761999000,
    });
  });
});

describe('article links', () => {
  it('reads long and short links, and refuses what is neither', () => {
    expect(
      parseArticleUrl(
        'https://mp.weixin.qq.com/s?__biz=MzA3MDM3MTc2Mw==&amp;mid=2650001234&amp;idx=2&amp;sn=ab#rd',
      ),
    ).toEqual({ kind: 'long', biz: 'MzA3MDM3MTc2Mw==', msgid: 2650001234, idx: 2, sn: 'ab' });
    expect(parseArticleUrl('https://mp.weixin.qq.com/s/Xb2k_9aPqLm3ZtYw0vNd1A')).toEqual({
      kind: 'short',
      token: 'Xb2k_9aPqLm3ZtYw0vNd1A',
    });
    for (const bad of [
      '每日财经说',
      'ftp://x/s?__biz=a&mid=1&idx=1',
      'https://x/s?__biz=a&mid=1&idx=9',
      'not a url',
    ])
      expect(parseArticleUrl(bad)).toBeNull();
  });
});

describe('parser against the simulator’s pages', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    const clock = fixedClock(Date.parse('2026-11-01T21:30:00+08:00'));
    sim = await startSimulator(
      { seed: 11, accounts: 30, historyDays: 10, now: () => clock.now(), host: '127.0.0.1', port: 0 },
      createLogger('silent'),
    );
  });
  afterAll(() => sim.close());

  it('parses every page generation the simulator serves, and short and long links agree', async () => {
    let pages = 0;
    let cards = 0;
    const styles = new Set<string>();
    for (const acc of sim.world.accounts.slice(0, 12)) {
      for (const push of sim.world.pushes(acc).slice(0, 2)) {
        for (const art of push.articles) {
          const long = `${sim.url}/s?__biz=${encodeURIComponent(art.biz)}&mid=${art.msgid}&idx=${art.idx}&sn=${art.sn}`;
          const html = await (await fetch(long)).text();
          styles.add(
            /id="post-date"/.test(html)
              ? '2018'
              : /var biz = "[^"]+" \|\|/.test(html)
                ? 'current'
                : /window\.biz = '/.test(html)
                  ? 'window'
                  : 'times-one',
          );
          const p = parseArticlePage(html, long);
          expect(p).toMatchObject({
            ok: true,
            biz: art.biz,
            mid: acc.mid,
            msgid: art.msgid,
            idx: art.idx,
            sn: art.sn,
            title: art.title,
            digest: art.digest,
            nickname: acc.name,
            user_name: acc.ghId,
            alias: acc.alias,
            author: art.author,
            pubtime: art.createTime,
            copyright_stat: art.copyrightStat,
            source_account: art.sourceAccount,
            item_show_type: art.itemShowType,
            source_url: art.sourceUrl,
            mini_programs: art.miniPrograms.map((m) => m.appid),
            mini_program_cards: art.miniPrograms.map((m) => {
              const card = miniProgramCard(m, art);
              return {
                appid: m.appid,
                nickname: m.title,
                avatar: m.icon,
                path: card.path,
                title: card.title,
                image_url: card.imageUrl,
              };
            }),
          });
          if (art.miniPrograms.length > 0) cards++;
          const short = await (await fetch(`${sim.url}/s/${art.shortToken}`)).text();
          const ps = parseArticlePage(short, `${sim.url}/s/${art.shortToken}`);
          expect({ ...ps, href: '' }).toEqual({ ...p, href: '' });
          expect(ps.href).toBe(p.href);
          pages++;
        }
      }
    }
    expect(pages).toBeGreaterThan(20);
    expect(cards).toBeGreaterThan(0);
    expect(styles.size).toBe(4);
  });

  it('serves every real page variant, and each reads right: picture and text messages, reprints, shares, 2018', async () => {
    const seen = new Map<string, number>();
    for (const acc of sim.world.accounts)
      for (const push of sim.world.pushes(acc))
        for (const art of push.articles) {
          const html = await (
            await fetch(
              `${sim.url}/s?__biz=${encodeURIComponent(art.biz)}&mid=${art.msgid}&idx=${art.idx}&sn=${art.sn}`,
            )
          ).text();
          const p = parseArticlePage(html);
          const variant = /id="post-date"/.test(html) ? '2018' : p.kind;
          if ((seen.get(variant) ?? 0) >= 3) continue;
          seen.set(variant, (seen.get(variant) ?? 0) + 1);
          // The traps are on every page: component code and an ad block before the variables.
          expect(html).toContain('nickname: "data-miniprogram-nickname"');
          expect(html).toContain("user_name: 'gh_1e80bb81a1d2'");
          expect(html).not.toMatch(/_copyright_stat = "(?!0"|1"|2")/);
          expect(p).toMatchObject({
            nickname: acc.name,
            user_name: acc.ghId,
            alias: acc.alias,
            author: art.author,
          });
          expect(p.content).toContain(art.digest);
          if (art.sourceAccount) expect(p.source_account).toBe(art.sourceAccount);
        }
    expect([...seen.keys()].sort()).toEqual(['2018', 'article', 'picture', 'share', 'text']);
  });

  it('puts counters on the page only for a client session', async () => {
    const art = sim.world.pushes(sim.world.accounts[0] as never)[0]?.articles[0];
    if (!art) throw new Error('no article');
    const url = `${sim.url}/s?__biz=${encodeURIComponent(art.biz)}&mid=${art.msgid}&idx=${art.idx}&sn=${art.sn}`;
    expect(parseArticlePage(await (await fetch(url)).text()).counts).toBeNull();
    const withKey = parseArticlePage(await (await fetch(`${url}&key=k&uin=u`)).text());
    const n = sim.world.counts(art);
    expect(withKey.counts).toEqual({
      read: n.read,
      looking: n.looking,
      zan: n.zan,
      share: n.share,
      comment: n.comment,
    });
  });
});

// The Python sample: Python 3 standard library only (urllib.request, json).
import { baseOf, dq, keyOf, type SampleInput } from './literal';

export const pythonSample = ({ origin, apiKey, keyword }: SampleInput) => `#!/usr/bin/env python3
# 公众号数据平台开放接口示例：搜索公众号 → 第一个公众号的历史文章 → 剩余调用次数。
# 只用 Python 3 标准库。运行：python3 demo.py [关键词]
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

BASE = ${dq(baseOf(origin))}
API_KEY = ${dq(keyOf(apiKey))}
KEYWORD = sys.argv[1] if len(sys.argv) > 1 else ${dq(keyword)}


def call(path, **params):
    """GET 一个接口；失败时打印中文说明并退出。"""
    url = BASE + path + ("?" + urllib.parse.urlencode(params) if params else "")
    req = urllib.request.Request(url, headers={"X-Api-Key": API_KEY})
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            body = json.load(res)
    except urllib.error.HTTPError as e:
        body = json.load(e)
    except urllib.error.URLError as e:
        print("请求失败：%s" % e.reason)
        sys.exit(1)
    if body["error_code"] != 0:
        print("调用 %s 失败：%s（错误码 %s）" % (path, body["msg"], body["error_code"]))
        sys.exit(1)
    return body


found = call("/search", kw=KEYWORD, num=5)
print("搜索「%s」：共 %d 个公众号" % (KEYWORD, found["data"]["total"]))
for a in found["data"]["accounts"]:
    print("  mid=%d  %s  微信号：%s" % (a["mid"], a["name"], a["wxid"]))

first = found["data"]["accounts"][0]
history = call("/articles", mid=first["mid"], num=5)
articles = history["data"]["articles"]
print("「%s」的历史文章：共 %d 篇，最新 %d 篇：" % (first["name"], history["data"]["total"], len(articles)))
for art in articles:
    print("  %s  阅读 %d  点赞 %d  %s" % (art["pubtime"], art["reads"], art["likes"], art["title"]))

balance = call("/balance")
print("剩余调用次数：%d（本次运行后）" % balance["data"]["balance"])
`;

// The PHP sample: php-cli with the curl extension.
import { baseOf, keyOf, phpQ, type SampleInput } from './literal';

export const phpSample = ({ origin, apiKey, keyword }: SampleInput) => String.raw`<?php
// 公众号数据平台开放接口示例：搜索公众号 → 第一个公众号的历史文章 → 剩余调用次数。
// 需要 php-cli 与 curl 扩展。运行：php demo.php [关键词]
$base = ${phpQ(baseOf(origin))};
$apiKey = ${phpQ(keyOf(apiKey))};
$keyword = $argv[1] ?? ${phpQ(keyword)};

// GET 一个接口；失败时打印中文说明并退出。
function call(string $path, array $params = []): array
{
    global $base, $apiKey;
    $url = $base . $path . ($params ? '?' . http_build_query($params) : '');
    $ch = curl_init($url);
    curl_setopt_array($ch, [
        CURLOPT_HTTPHEADER => ['X-Api-Key: ' . $apiKey],
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 60,
    ]);
    $raw = curl_exec($ch);
    if ($raw === false) {
        fwrite(STDERR, '请求失败：' . curl_error($ch) . PHP_EOL);
        exit(1);
    }
    curl_close($ch);
    $body = json_decode($raw, true);
    if (!is_array($body) || $body['error_code'] !== 0) {
        printf("调用 %s 失败：%s（错误码 %s）\n", $path, $body['msg'] ?? $raw, $body['error_code'] ?? '');
        exit(1);
    }
    return $body;
}

$found = call('/search', ['kw' => $keyword, 'num' => 5]);
printf("搜索「%s」：共 %d 个公众号\n", $keyword, $found['data']['total']);
foreach ($found['data']['accounts'] as $a) {
    printf("  mid=%d  %s  微信号：%s\n", $a['mid'], $a['name'], $a['wxid']);
}

$first = $found['data']['accounts'][0];
$history = call('/articles', ['mid' => $first['mid'], 'num' => 5]);
$articles = $history['data']['articles'];
printf("「%s」的历史文章：共 %d 篇，最新 %d 篇：\n", $first['name'], $history['data']['total'], count($articles));
foreach ($articles as $art) {
    printf("  %s  阅读 %d  点赞 %d  %s\n", $art['pubtime'], $art['reads'], $art['likes'], $art['title']);
}

$balance = call('/balance');
printf("剩余调用次数：%d（本次运行后）\n", $balance['data']['balance']);
`;

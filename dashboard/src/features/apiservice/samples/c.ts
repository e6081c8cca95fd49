// The C sample: libcurl only; the JSON answers are printed as they come, and only the first account's mid is
// read out of the search answer (no JSON library needed).
import { baseOf, dq, keyOf, type SampleInput } from './literal';

export const cSample = ({ origin, apiKey, keyword }: SampleInput) => String.raw`/*
 * 公众号数据平台开放接口示例：搜索公众号 → 第一个公众号的历史文章 → 剩余调用次数。
 * 需要 libcurl。编译：gcc demo.c -o demo -lcurl    运行：./demo [关键词]
 * 回答是 JSON：这里原样打印，只取出第一个公众号的 mid 用于下一次调用。
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE ${dq(baseOf(origin))}
#define API_KEY ${dq(keyOf(apiKey))}
#define KEYWORD ${dq(keyword)}

struct buffer {
  char *data;
  size_t size;
};

static size_t collect(char *ptr, size_t size, size_t nmemb, void *userdata) {
  struct buffer *b = userdata;
  size_t n = size * nmemb;
  char *grown = realloc(b->data, b->size + n + 1);
  if (!grown) return 0;
  b->data = grown;
  memcpy(b->data + b->size, ptr, n);
  b->size += n;
  b->data[b->size] = '\0';
  return n;
}

/* GET 一个接口并打印回答；返回回答（调用者释放），失败时退出。 */
static char *call(CURL *curl, const char *path_and_query) {
  char url[2048];
  struct buffer b = {NULL, 0};
  struct curl_slist *headers = curl_slist_append(NULL, "X-Api-Key: " API_KEY);
  long status = 0;
  snprintf(url, sizeof url, "%s%s", BASE, path_and_query);
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &b);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  CURLcode rc = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  if (rc != CURLE_OK) {
    fprintf(stderr, "请求失败：%s\n", curl_easy_strerror(rc));
    exit(1);
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  printf("GET %s -> HTTP %ld\n%s\n\n", path_and_query, status, b.data ? b.data : "");
  if (status != 200) exit(1);
  return b.data;
}

int main(int argc, char **argv) {
  const char *keyword = argc > 1 ? argv[1] : KEYWORD;
  char path[1024];
  curl_global_init(CURL_GLOBAL_DEFAULT);
  CURL *curl = curl_easy_init();
  if (!curl) return 1;

  char *kw = curl_easy_escape(curl, keyword, 0);
  snprintf(path, sizeof path, "/search?num=5&kw=%s", kw);
  curl_free(kw);
  char *found = call(curl, path);

  /* 第一个公众号的 mid：回答中第一个 "mid": 后面的数字。 */
  const char *at = strstr(found, "\"mid\":");
  if (!at) {
    fprintf(stderr, "回答中没有公众号\n");
    return 1;
  }
  unsigned long long mid = strtoull(at + 6, NULL, 10);
  free(found);
  printf("第一个公众号 mid=%llu\n\n", mid);

  snprintf(path, sizeof path, "/articles?num=5&mid=%llu", mid);
  free(call(curl, path));
  free(call(curl, "/balance"));

  curl_easy_cleanup(curl);
  curl_global_cleanup();
  return 0;
}
`;

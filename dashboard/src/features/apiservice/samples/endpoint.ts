// One call of one open-API endpoint in several languages, for the detail pages (/appsearch/wordDetail …): the
// method, address and example parameters come from the OpenAPI document; standard libraries only.
import { dq, keyOf, phpQ } from './literal';

export interface EndpointCall {
  method: 'GET' | 'POST';
  /** The site's origin and the endpoint's path: https://host/fbmain/openapi/v1/search. */
  url: string;
  params: Record<string, string>;
  apiKey: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

function python({ method, url, params, apiKey }: EndpointCall): string {
  const request =
    method === 'GET'
      ? `req = urllib.request.Request(\n    ${dq(url)} + "?" + urllib.parse.urlencode(params),\n    headers={"X-Api-Key": ${dq(keyOf(apiKey))}},\n)`
      : `req = urllib.request.Request(\n    ${dq(url)},\n    data=json.dumps(params).encode("utf-8"),\n    headers={"X-Api-Key": ${dq(keyOf(apiKey))}, "Content-Type": "application/json"},\n    method="POST",\n)`;
  return `import json\nimport urllib.error\nimport urllib.parse\nimport urllib.request\n\nparams = ${JSON.stringify(params, null, 4)}\n${request}\ntry:\n    with urllib.request.urlopen(req, timeout=60) as res:\n        body = json.load(res)\nexcept urllib.error.HTTPError as e:\n    body = json.load(e)  # 出错时回答同样是 {error_code, msg}\nprint(json.dumps(body, ensure_ascii=False, indent=2))\n`;
}

function php({ method, url, params, apiKey }: EndpointCall): string {
  const entries = Object.entries(params).map(([k, v]) => `    ${phpQ(k)} => ${phpQ(v)},`);
  const arr = entries.length ? `[\n${entries.join('\n')}\n]` : '[]';
  const setup =
    method === 'GET'
      ? `$ch = curl_init(${phpQ(url)} . '?' . http_build_query($params));\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ['X-Api-Key: ' . $apiKey]);`
      : `$ch = curl_init(${phpQ(url)});\ncurl_setopt($ch, CURLOPT_POST, true);\ncurl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($params));\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ['X-Api-Key: ' . $apiKey, 'Content-Type: application/json']);`;
  return `<?php\n$apiKey = ${phpQ(keyOf(apiKey))};\n$params = ${arr};\n${setup}\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\ncurl_setopt($ch, CURLOPT_TIMEOUT, 60);\n$body = json_decode(curl_exec($ch), true);\ncurl_close($ch);\necho json_encode($body, JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT), PHP_EOL;\n`;
}

function java({ method, url, params, apiKey }: EndpointCall): string {
  const target = method === 'GET' && Object.keys(params).length ? `${url}?${query(params)}` : url;
  const build =
    method === 'GET'
      ? '.GET()'
      : `.header("Content-Type", "application/json")\n        .POST(HttpRequest.BodyPublishers.ofString(${dq(JSON.stringify(params))}))`;
  return `import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\n// 运行：java Call.java（JDK 11+）\npublic class Call {\n  public static void main(String[] args) throws Exception {\n    HttpRequest req = HttpRequest.newBuilder(URI.create(${dq(target)}))\n        .header("X-Api-Key", ${dq(keyOf(apiKey))})\n        ${build}\n        .build();\n    HttpResponse<String> res = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());\n    System.out.println(res.statusCode() + " " + res.body());\n  }\n}\n`;
}

function node({ method, url, params, apiKey }: EndpointCall): string {
  const key = dq(keyOf(apiKey));
  return method === 'GET'
    ? `// Node.js 18+（自带 fetch）\nconst url = new URL(${dq(url)});\nfor (const [k, v] of Object.entries(${JSON.stringify(params)})) url.searchParams.set(k, v);\nconst res = await fetch(url, { headers: { 'X-Api-Key': ${key} } });\nconsole.log(res.status, await res.json());\n`
    : `// Node.js 18+（自带 fetch）\nconst res = await fetch(${dq(url)}, {\n  method: 'POST',\n  headers: { 'X-Api-Key': ${key}, 'Content-Type': 'application/json' },\n  body: JSON.stringify(${JSON.stringify(params)}),\n});\nconsole.log(res.status, await res.json());\n`;
}

export function endpointSamples(call: EndpointCall): { key: string; label: string; code: string }[] {
  return [
    { key: 'python', label: 'Python', code: python(call) },
    { key: 'php', label: 'PHP', code: php(call) },
    { key: 'java', label: 'Java', code: java(call) },
    { key: 'node', label: 'Node.js', code: node(call) },
  ];
}

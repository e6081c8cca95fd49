// Call samples of the open API in several languages, for one search request with the member's key.

export interface Sample {
  key: string;
  label: string;
  code: string;
}

export function samples(origin: string, apiKey: string): Sample[] {
  const url = `${origin}/fbmain/openapi/v1/search`;
  const key = apiKey || 'gzh_您的密钥';
  return [
    {
      key: 'curl',
      label: 'curl',
      code: `curl -sG '${url}' \\\n  --data-urlencode 'kw=科技' \\\n  -H 'X-Api-Key: ${key}'`,
    },
    {
      key: 'python',
      label: 'Python',
      code: `import requests\n\nr = requests.get(\n    "${url}",\n    params={"kw": "科技"},\n    headers={"X-Api-Key": "${key}"},\n    timeout=50,\n)\nbody = r.json()\nprint(body["error_code"], body["msg"])\nfor account in body["data"]["accounts"]:\n    print(account["name"], account["wxid"])`,
    },
    {
      key: 'php',
      label: 'PHP',
      code: `<?php\n$ch = curl_init("${url}?" . http_build_query(["kw" => "科技"]));\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ["X-Api-Key: ${key}"]);\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\ncurl_setopt($ch, CURLOPT_TIMEOUT, 50);\n$body = json_decode(curl_exec($ch), true);\ncurl_close($ch);\necho $body["error_code"], " ", $body["msg"], PHP_EOL;`,
    },
    {
      key: 'java',
      label: 'Java',
      code: `import java.net.URI;\nimport java.net.URLEncoder;\nimport java.net.http.*;\nimport java.nio.charset.StandardCharsets;\n\npublic class SearchDemo {\n  public static void main(String[] args) throws Exception {\n    String kw = URLEncoder.encode("科技", StandardCharsets.UTF_8);\n    HttpRequest req = HttpRequest.newBuilder(URI.create("${url}?kw=" + kw))\n        .header("X-Api-Key", "${key}")\n        .build();\n    HttpResponse<String> res = HttpClient.newHttpClient()\n        .send(req, HttpResponse.BodyHandlers.ofString());\n    System.out.println(res.body());\n  }\n}`,
    },
    {
      key: 'node',
      label: 'Node.js',
      code: `const url = new URL('${url}');\nurl.searchParams.set('kw', '科技');\nconst res = await fetch(url, { headers: { 'X-Api-Key': '${key}' } });\nconst body = await res.json();\nconsole.log(body.error_code, body.msg, body.data);`,
    },
  ];
}

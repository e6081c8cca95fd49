// One-call samples for the API page's examples tab: curl and Node.js (18+, built-in fetch).
import { baseOf, keyOf, type SampleInput } from './literal';

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export const curlSample = ({ origin, apiKey, keyword }: SampleInput) =>
  `curl -sG ${shq(`${baseOf(origin)}/search`)} \\\n  --data-urlencode ${shq(`kw=${keyword}`)} \\\n  -H ${shq(`X-Api-Key: ${keyOf(apiKey)}`)}`;

export const nodeSample = ({ origin, apiKey, keyword }: SampleInput) =>
  `const url = new URL(${JSON.stringify(`${baseOf(origin)}/search`)});\nurl.searchParams.set('kw', ${JSON.stringify(keyword)});\nconst res = await fetch(url, { headers: { 'X-Api-Key': ${JSON.stringify(keyOf(apiKey))} } });\nconst body = await res.json();\nconsole.log(body.error_code, body.msg, body.data);`;

import { benchCalls, benchDataset, pickParameters, startApi, topMember } from './api-world';

const d = await benchDataset();
const p = await pickParameters(d);
const token = await topMember(d);
const api = await startApi(d);
for (const c of benchCalls(p)) {
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await fetch(`${api.base}${c.path}`, {
      method: c.method,
      headers: {
        accessToken: token,
        ...(c.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: c.body ? new URLSearchParams(c.body).toString() : undefined,
    }).then((r) => r.text());
    ts.push(performance.now() - t);
  }
  console.log(c.name.padEnd(22), ts.map((t) => t.toFixed(0)).join(' '));
}
await api.stop();

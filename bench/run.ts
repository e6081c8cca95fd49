import os from 'node:os';

/**
 * `npm run bench -- <name>`: one entry point for every benchmark. Each prints its figures, the
 * machine facts, a ratio to a baseline measured in the same run, and ends with one `RESULT` line.
 */
const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  crawl: () => import('./crawl'),
  ingest: () => import('./ingest'),
  search: () => import('./search'),
  monitor: () => import('./monitor'),
  analytics: () => import('./analytics'),
  openapi: () => import('./openapi'),
  storage: () => import('./storage'),
  generate: () => import('./scale/generate'),
  'vs-postgres': () => import('./vs-postgres'),
  api: () => import('./api'),
  'api-mix': () => import('./api-mix'),
  ceiling: () => import('./ceiling'),
  soak: () => import('./soak'),
  'chdb-parallel': () => import('./chdb-parallel'),
  sources: () => import('./sources'),
  startup: () => import('./startup'),
};

const name = process.argv[2];
const bench = name ? BENCHES[name] : undefined;
if (!bench) {
  console.error(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}>`);
  process.exit(2);
}
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
);
await (await bench()).run();
process.exit(0);

import { readFileSync } from 'node:fs';
import { parseArticlePage } from './article-parser';

/**
 * `npm run parse-article -- FILE.html [PAGE_URL] [--time]`: prints the parsed article as JSON; with --time, also
 * the median parse time of 5 warm runs on stderr (the page reader's budget: a 4 MB page in ≤ 200 ms).
 */
const args = process.argv.slice(2);
const timing = args.includes('--time');
const [file, pageUrl] = args.filter((a) => a !== '--time');
if (!file) {
  console.error('usage: npm run parse-article -- FILE.html [PAGE_URL] [--time]');
  process.exit(2);
}
let html: string;
try {
  html = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`cannot read ${file}: ${(e as Error).message}`);
  process.exit(2);
}
const article = parseArticlePage(html, pageUrl ?? '');
if (timing) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    parseArticlePage(html, pageUrl ?? '');
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  const mb = (Buffer.byteLength(html) / 1_048_576).toFixed(2);
  console.error(
    `parsed ${mb} MB in ${runs[2]?.toFixed(1)} ms (median of 5 warm runs; min ${runs[0]?.toFixed(1)} ms)`,
  );
}
console.log(JSON.stringify(article, null, 2));
process.exit(article.ok ? 0 : 1);

import { readFileSync } from 'node:fs';
import { parseArticlePage } from './article-parser';

/** `npm run parse-article -- FILE.html [PAGE_URL]`: prints the parsed article as JSON. */
const [file, pageUrl] = process.argv.slice(2);
if (!file) {
  console.error('usage: npm run parse-article -- FILE.html [PAGE_URL]');
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
console.log(JSON.stringify(article, null, 2));
process.exit(article.ok ? 0 : 1);

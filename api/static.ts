import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The precompressed copies the build writes beside each text asset (dashboard/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** The best precompressed copy of `file` that the client accepts, if the build made one. */
async function precompressed(file: string, accept: string | undefined) {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((p) => p.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(?:\.0*)?$/.test(q.trim()))
      .map(([e]) => e?.trim().toLowerCase()),
  );
  for (const e of ENCODINGS) {
    if (!accepted.has(e.name)) continue;
    const st = await stat(file + e.ext).catch(() => null);
    if (st?.isFile()) return { encoding: e.name, path: file + e.ext };
  }
  return null;
}

/**
 * Serves the built SPA under /main/: files by path, and index.html for every other path so
 * history-mode routes survive a reload. Hashed assets are cached for a year, index.html never. A text asset goes out
 * brotli- or gzip-compressed when the client accepts it (the antd stylesheet is 1 MB, 0.1 MB compressed).
 */
export function spaHandler(dir: string, base = '/main/') {
  const root = path.resolve(dir);
  return async (c: Context) => {
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      return c.text('控制台尚未构建：请先运行 npm run build（npm start 会自动构建）。', 503);
    }
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname).slice(base.length);
    } catch {
      // A malformed escape (%E0%A4%A) names no file: the answer is about the request, not a crash.
      return c.text('Bad Request', 400);
    }
    const file = path.resolve(root, rel);
    if (rel && file.startsWith(root + path.sep)) {
      const st = await stat(file).catch(() => null);
      if (st?.isFile()) {
        const immutable = rel.startsWith('assets/');
        const headers: Record<string, string> = {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        const packed = immutable ? await precompressed(file, c.req.header('accept-encoding')) : null;
        if (immutable) headers.vary = 'accept-encoding';
        if (packed) headers['content-encoding'] = packed.encoding;
        return c.body(await readFile(packed?.path ?? file), 200, headers);
      }
      // A missing asset is a 404, not the SPA shell (which would hide a broken build).
      if (rel.startsWith('assets/')) return c.text('Not Found', 404);
    }
    return c.body(await readFile(index), 200, {
      'content-type': TYPES['.html'] as string,
      'cache-control': 'no-cache',
    });
  };
}

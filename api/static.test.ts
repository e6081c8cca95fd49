import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../e2e/harness';
import { spaHandler } from './static';

/** The dashboard's files: the SPA shell for every route, assets by path, precompressed copies to who accepts them. */
const CSS = `.ant-btn{color:var(--ant-color-text)}\n`.repeat(200);
let app: Hono;

beforeAll(() => {
  const dist = tempDir('static-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1.css'), CSS);
  writeFileSync(path.join(dist, 'assets', 'app-1.css.br'), brotliCompressSync(CSS));
  writeFileSync(path.join(dist, 'assets', 'app-1.css.gz'), gzipSync(CSS));
  writeFileSync(path.join(dist, 'assets', 'small-1.js'), 'export {};');
  app = new Hono().get('/main/*', spaHandler(dist));
});

const get = (url: string, acceptEncoding?: string) =>
  app.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('dashboard files', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file to the rest', async () => {
    const br = await get('/main/assets/app-1.css', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(CSS);

    const gz = await get('/main/assets/app-1.css', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(CSS);

    // q=0 refuses an encoding.
    const refused = await get('/main/assets/app-1.css', 'br;q=0, gzip;q=0.5');
    expect(refused.headers.get('content-encoding')).toBe('gzip');

    for (const plain of [
      await get('/main/assets/app-1.css'),
      await get('/main/assets/app-1.css', 'identity'),
    ]) {
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(CSS);
    }
  });

  it('sends a file without a compressed copy as it is, and keeps the shell uncompressed and uncached', async () => {
    const js = await get('/main/assets/small-1.js', 'br, gzip');
    expect(js.headers.get('content-encoding')).toBeNull();
    expect(await js.text()).toBe('export {};');
    const shell = await get('/main/appsearch/index', 'br, gzip');
    expect(shell.headers.get('content-encoding')).toBeNull();
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toContain('id="root"');
  });

  it('answers a missing asset 404 rather than the shell', async () => {
    expect((await get('/main/assets/missing-1.js', 'br')).status).toBe(404);
  });
});

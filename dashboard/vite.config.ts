import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const dashboardDir = dirname(fileURLToPath(import.meta.url));

// Vendor groups: react and react-query are always needed; antd is split so that only the
// components used by the shell land in the initial chunk, the rest load with the pages.
const REACT_VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
const QUERY_VENDOR = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const ANTD_VENDOR =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs|classnames|clsx|json2mq|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|is-mobile|@babel[\\/]runtime)[\\/]/;

/**
 * Writes a brotli and a gzip copy beside each text asset of the build; the server sends the one a browser accepts
 * (api/static.ts). Compressing once here costs the server nothing per request.
 */
function precompress(): Plugin {
  return {
    name: 'gzh-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [name, out] of Object.entries(bundle)) {
        if (!/\.(?:js|css|svg|json)$/.test(name)) continue;
        const data = Buffer.from(out.type === 'chunk' ? out.code : out.source);
        if (data.length < 1024) continue;
        const file = resolve(options.dir ?? '', name);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: dashboardDir,
  base: '/main/',
  plugins: [react(), precompress()],
  build: {
    outDir: resolve(dashboardDir, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: REACT_VENDOR, priority: 30 },
            { name: 'query-vendor', test: QUERY_VENDOR, priority: 20 },
            // antd modules reachable from the entry; page-only components stay in lazy chunks
            { name: 'antd-vendor', test: ANTD_VENDOR, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/fbmain': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});

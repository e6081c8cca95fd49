import path from 'node:path';
import { build } from 'vite';

/** Browser tests need the SPA as users get it: build it once, from the current sources. */
export default async function setup(): Promise<void> {
  await build({
    configFile: path.resolve(import.meta.dirname, '../dashboard/vite.config.ts'),
    logLevel: 'warn',
  });
}

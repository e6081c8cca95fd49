import path from 'node:path';
import { build } from 'vite';

/** Browser tests need the SPA as users get it: build it once, from the current sources. */
export default async function setup(): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what users get.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, '../dashboard/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = env;
  }
}

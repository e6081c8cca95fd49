import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dashboard/dist/**', 'data/**'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // chDB allows one data path per process: each test file runs in its own forked process.
    pool: 'forks',
    maxWorkers: 2,
  },
});

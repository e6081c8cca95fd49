import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dashboard/dist/**', 'data/**'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits up to 10 s (not 1 s): pages and answers take longer while other test files load the 2 cores.
    expect: { poll: { timeout: 10_000 } },
    // chDB allows one data path per process: each test file runs in its own forked process.
    pool: 'forks',
    maxWorkers: 2,
  },
});

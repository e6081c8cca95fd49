import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/longest-first.ts';

/**
 * Three tiers a developer can run alone (`npm run test:unit`, `test:api`, `test:browser`); `npm test` runs all three
 * together, longest files first (e2e/longest-first.ts), and prints the slowest files at the end
 * (e2e/timing-reporter.ts).
 *  - unit: modules and in-process pipelines (collectors, stream, ClickHouse, members, k8s …), no HTTP server;
 *  - api: the HTTP API and the running platform over real sockets (api/ and e2e/ without a browser);
 *  - browser: the dashboard in Chromium, built once by e2e/global-setup.ts.
 * Started platforms keep their member store on the PostgreSQL server (e2e/pg-template.ts); the embedded default,
 * PGlite, carries the whole platform in e2e/pipeline.test.ts and e2e/cli.test.ts, and the app-level sweeps
 * (no-500, access matrix, injection) and the member tests (both engines).
 */
const BROWSER = ['e2e/**/*-browser.test.ts', 'e2e/browser.test.ts'];
const EXCLUDE = ['node_modules/**', 'dashboard/dist/**', 'data/**'];

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits up to 10 s (not 1 s): pages and answers take longer while other test files load the 2 cores.
    expect: { poll: { timeout: 10_000 } },
    // chDB allows one data path per process: each test file runs in its own forked process.
    pool: 'forks',
    // Three files at a time on the 2 cores: files wait on browsers, Kafka and the platform part of the time, and a third
    // fills those waits (the whole suite took 850 s instead of 946 s here, one run each, both green).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './e2e/timing-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: ['e2e/kafka-topics-cleanup.ts'],
          include: ['**/*.test.ts'],
          exclude: [...EXCLUDE, 'api/**', 'e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          globalSetup: ['e2e/pglite-template.ts', 'e2e/pg-template.ts', 'e2e/kafka-topics-cleanup.ts'],
          include: ['api/**/*.test.ts', 'e2e/**/*.test.ts'],
          exclude: [...EXCLUDE, ...BROWSER],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER,
          globalSetup: ['e2e/global-setup.ts', 'e2e/pglite-template.ts', 'e2e/pg-template.ts'],
        },
      },
    ],
  },
});

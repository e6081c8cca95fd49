// `npm run e2e -- <name>`: browser checks run as commands on a demo platform started here (not part of `npm test`
// timing). Names: routes [path,path…] — every route of the route table (or the listed ones), as a visitor and as a
// member, with screenshots.
import path from 'node:path';
import buildDashboard from './global-setup';
import { startInProcess, tempDir, waitReady } from './harness';
import { ADMIN_PHONE } from './members-harness';
import { checkAllRoutes } from './routes-check';

const CHECKS: Record<string, (shots: string, args: string[]) => Promise<number>> = {
  // Optional argument: a comma-separated list of paths to visit instead of all.
  routes: async (shots, args) => {
    const only = args[0] ? new Set(args[0].split(',')) : null;
    const platform = await startInProcess({ ADMIN_PHONES: ADMIN_PHONE });
    try {
      const base = platform.url as string;
      await waitReady(base);
      const check = await checkAllRoutes(platform, base, shots, console.log, (p) => !only || only.has(p));
      return check.failed.length === 0 ? 0 : 1;
    } finally {
      await platform.stop();
    }
  },
};

const name = process.argv[2] ?? '';
const run = CHECKS[name];
if (!run) {
  console.error(`用法：npm run e2e -- <${Object.keys(CHECKS).join('|')}>`);
  process.exit(2);
}
const shots = process.env.SCREENSHOT_DIR ?? path.join(tempDir(`e2e-${name}`), 'shots');
console.log(`building the dashboard…`);
await buildDashboard();
process.exitCode = await run(shots, process.argv.slice(3));

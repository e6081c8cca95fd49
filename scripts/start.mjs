// `npm start`: builds the dashboard when its build is missing or older than its sources, then runs
// the platform (role from argv or ROLE, default all) and passes signals through for a clean stop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dash = path.join(root, 'dashboard');
const built = path.join(dash, 'dist', 'index.html');

function newest(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p))
    if (e !== 'dist' && e !== 'node_modules') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

const role = process.argv[2] ?? process.env.ROLE ?? 'all';
const needsDashboard = role === 'all' || role === 'api';
if (needsDashboard && (!existsSync(built) || statSync(built).mtimeMs < newest(dash))) {
  console.error('building the dashboard (vite build)…');
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      path.join(dash, 'vite.config.ts'),
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit', cwd: root },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'platform/main.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The committed lock installs as `npm ci` (what the Dockerfile runs, in both stages) on every platform we ship to:
 * npm refuses a lock that lacks an optional platform package of a dependency (chdb's macOS and ARM libraries were
 * missing once, so the image could not be built). npm plans the install for another OS and CPU with --os/--cpu; a
 * dry run in an empty folder holding only package.json and the lock (as the Dockerfile's first COPY) resolves
 * everything from the lock without writing node_modules.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }>;
};
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

async function npmCi(args: string[]): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gzh-npm-ci-'));
  try {
    for (const f of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(ROOT, f), path.join(dir, f));
    const { stdout, stderr } = await run('npm', ['ci', '--dry-run', '--no-audit', '--no-fund', ...args], {
      cwd: dir,
      env: { ...process.env, npm_config_loglevel: 'warn' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return `${stdout}\n${stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the committed lock file', () => {
  it('records every platform package of chdb and esbuild at the version they ask for', () => {
    for (const name of ['chdb', 'esbuild']) {
      const optional = lock.packages[`node_modules/${name}`]?.optionalDependencies ?? {};
      expect(Object.keys(optional).length, name).toBeGreaterThan(0);
      for (const [dep, version] of Object.entries(optional))
        expect(lock.packages[`node_modules/${dep}`]?.version, dep).toBe(version);
    }
  });

  it.each([
    ['linux', 'x64'],
    ['linux', 'arm64'],
    ['darwin', 'arm64'],
    ['darwin', 'x64'],
  ])('npm ci accepts it on %s/%s, with no engine or install-script warning', async (os, cpu) => {
    const out = await npmCi([`--os=${os}`, `--cpu=${cpu}`]);
    expect(out).toMatch(/added \d+ packages/);
    expect(out).not.toMatch(/EBADENGINE|install-scripts|npm warn/);
  });

  it('installs the runtime stage of the Dockerfile (npm ci --omit=dev) from it', async () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/RUN npm ci\b/g)).toHaveLength(2);
    // The image's Node is the major the project declares.
    const major = /FROM node:(\d+)-/.exec(dockerfile)?.[1];
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(await npmCi(['--omit=dev'])).toMatch(/added \d+ packages/);
  });
});

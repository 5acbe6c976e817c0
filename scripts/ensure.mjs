// Makes a fresh or stale checkout runnable: installs dependencies when the lockfile changed and builds when any
// source changed since the last build. `npm start` and `npm test` call it first, so each is the only command needed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installOnly = process.argv.includes('--install-only');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function digest(files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f);
    h.update(readFileSync(path.join(root, f)));
  }
  return h.digest('hex');
}

function walk(dir, out = []) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return out;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else out.push(rel);
  }
  return out;
}

// 1. Dependencies
const manifests = [
  'package-lock.json',
  'package.json',
  'packages/domain/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'e2e/package.json',
].filter((f) => existsSync(path.join(root, f)));
const installStamp = path.join(root, 'node_modules/.spirit-install');
const installDigest = digest(manifests);
if (!existsSync(installStamp) || readFileSync(installStamp, 'utf8') !== installDigest) {
  console.log('Installing dependencies…');
  run(
    existsSync(path.join(root, 'package-lock.json'))
      ? 'npm ci --no-audit --no-fund'
      : 'npm install --no-audit --no-fund',
  );
  writeFileSync(installStamp, installDigest);
}
if (installOnly) process.exit(0);

// 2. Build (domain and server with tsc, web with Vite) when sources changed
const sources = [
  ...walk('packages/domain/src'),
  ...walk('apps/server/src'),
  ...walk('apps/server/migrations'),
  ...walk('apps/web/src'),
  ...walk('apps/web/public'),
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'tsconfig.base.json',
  'packages/domain/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
]
  .filter((f) => existsSync(path.join(root, f)))
  .sort();
const buildStamp = path.join(root, 'node_modules/.spirit-build');
const buildDigest = digest(sources);
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const built = outputs.every((f) => existsSync(path.join(root, f)));
if (!built || !existsSync(buildStamp) || readFileSync(buildStamp, 'utf8') !== buildDigest) {
  console.log('Building…');
  run('npm run build');
  writeFileSync(buildStamp, buildDigest);
}

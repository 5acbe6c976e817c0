// The foundation's figures, measured: first `npm start` on a fresh clone until the page answers, a later start,
// and the gzip size of the JavaScript the /login page loads. Usage: node bench/figures.mjs [--skip-clone]
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from './lib/servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function timeStart(dir, port) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), ADMIN_PASSWORD: 'Figures@2026' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/login`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('npm start exited');
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    stop: async () => {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.on('exit', r));
    },
  };
}

async function loginJsGzip(port) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.body());
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  const raw = scripts.reduce((n, b) => n + b.length, 0);
  const gz = scripts.reduce((n, b) => n + gzipSync(b).length, 0);
  return { files: scripts.length, raw, gz };
}

const port = await freePort();
let dir = root;
if (!process.argv.includes('--skip-clone')) {
  dir = mkdtempSync(path.join(tmpdir(), 'sx-figures-'));
  execSync(`git clone -q ${root} ${dir}`);
}
try {
  const first = await timeStart(dir, port);
  console.log(`first npm start until /login answers: ${first.seconds.toFixed(1)} s`);
  const size = await loginJsGzip(port);
  console.log(
    `/login JavaScript: ${size.files} files, ${(size.raw / 1024).toFixed(0)} KiB raw, ${(size.gz / 1024).toFixed(0)} KiB gzip`,
  );
  await first.stop();
  const later = await timeStart(dir, port);
  console.log(`later npm start until /login answers: ${later.seconds.toFixed(1)} s`);
  await later.stop();
} finally {
  if (dir !== root) rmSync(dir, { recursive: true, force: true });
}

// Web figures: the gzip JavaScript and CSS each page loads, read from the Vite manifest (the entry and its static
// imports, plus the page's lazily loaded module and its static imports), and, when Lighthouse is at hand, a mobile
// and a desktop Lighthouse run of /login and of one signed-in list page driving the system Chromium.
//
// Lighthouse (185 MB) is kept outside the workspaces, in bench/.tools (git-ignored): `--lighthouse` installs it
// there from the npm registry when it is missing. Without it the suite says so and reports the sizes only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LOGIN_PAGE_BUDGET_KB = 150;
const PAGE_BUDGET_KB = 350;

/** Every chunk a manifest key pulls in statically, itself included. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** A chart kit (apps/web/src/ui/charts/*-kit.ts): ECharts with the parts one kind of chart needs. A page that
 * draws a chart loads its kit lazily, on first paint, so it counts in the page's weight. */
const CHART_KIT = /^src\/ui\/charts\/[a-z]+-kit\.ts$/;

/** The chart kits a set of chunks loads lazily, with what they import. */
function chartKits(manifest, keys) {
  const kits = new Set();
  for (const key of keys)
    for (const dep of manifest[key].dynamicImports ?? []) if (CHART_KIT.test(dep)) closure(manifest, dep, kits);
  return kits;
}

/** The signed-in shell (header, menu, bell, live stream): the entry loads it lazily before any signed-in page. */
const SHELL_KEY = 'src/app/app-shell.tsx';

/**
 * The manifest keys of the pages in the public frame (guard 'public' or 'guest' in the route table, their modules
 * named in app/pages.tsx), which do not load the shell; every other page counts it.
 */
function publicPages(root) {
  const app = path.join(root, 'apps/web/src/app');
  const pages = readFileSync(path.join(app, 'pages.tsx'), 'utf8');
  const modules = new Map(
    [...pages.matchAll(/const (\w+) = page\(\(\) => import\('(\.\.?\/[^']+)'\)/g)].map(([, name, rel]) => [
      name,
      `${path.posix.join('src/app', rel)}.tsx`,
    ]),
  );
  const table = readFileSync(path.join(app, 'routes.tsx'), 'utf8');
  return new Set(
    [...table.matchAll(/guard: '(?:public|guest)',\s*page: P\.(\w+)/g)].map(([, name]) => modules.get(name)),
  );
}

/**
 * gzip bytes of the JS and CSS the entry plus one page module load, with the chart kits the page draws with and,
 * for a signed-in page, the shell around it.
 */
function pageWeight(dist, manifest, entryKey, pageKey, shellKey) {
  const page = pageKey ? closure(manifest, pageKey) : new Set();
  const shell = shellKey ? closure(manifest, shellKey) : new Set();
  const keys = new Set([...closure(manifest, entryKey), ...shell, ...page, ...chartKits(manifest, page)]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set();
  for (const key of keys) {
    js += gzipSync(readFileSync(path.join(dist, manifest[key].file))).length;
    for (const file of manifest[key].css ?? []) cssFiles.add(file);
  }
  for (const file of cssFiles) css += gzipSync(readFileSync(path.join(dist, file))).length;
  return { js, css, chunks: keys.size };
}

export function bundleFigures(root) {
  const dist = path.join(root, 'apps/web/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return { error: 'no Vite manifest: run `npm run build` first' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const pages = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && /\/pages\//.test(k));
  const open = publicPages(root);
  if (!open.has('src/features/auth/pages/login-page.tsx'))
    return { error: 'the route table (apps/web/src/app/routes.tsx) names no public login page' };
  const shellKey = manifest[SHELL_KEY] ? SHELL_KEY : null;
  const weights = pages.map((key) => ({
    page: key.replace(/^src\//, ''),
    ...pageWeight(dist, manifest, entryKey, key, open.has(key) ? null : shellKey),
  }));
  const login = weights.find((w) => w.page.endsWith('auth/pages/login-page.tsx'));
  const largest = [...weights].sort((a, b) => b.js + b.css - (a.js + a.css))[0];
  return { login, largest, pages: weights };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function lighthouseBin(root, install) {
  const tools = path.join(root, 'bench/.tools');
  const bin = path.join(tools, 'node_modules/lighthouse/cli/index.js');
  if (existsSync(bin)) return bin;
  if (!install) return null;
  console.log('  installing Lighthouse 12 into bench/.tools (outside the workspaces)…');
  const res = spawnSync(
    'npm',
    ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', 'lighthouse@12'],
    {
      stdio: 'inherit',
    },
  );
  return res.status === 0 && existsSync(bin) ? bin : null;
}

async function runLighthouse(bin, url, preset, chromiumPath, userDataDir) {
  const out = mkdtempSync(path.join(tmpdir(), 'sx-lh-'));
  const file = path.join(out, 'report.json');
  const args = [
    bin,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${file}`,
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync${userDataDir ? ` --user-data-dir=${userDataDir}` : ''}`,
    ...(userDataDir ? ['--disable-storage-reset'] : []),
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'ignore' });
  const code = await new Promise((r) => child.on('exit', r));
  try {
    if (code !== 0) return { error: `lighthouse exited ${code}` };
    const lhr = JSON.parse(readFileSync(file, 'utf8'));
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * A Chromium profile signed in as `token` (the SPA keeps its session in localStorage), for Lighthouse to load a
 * signed-in page with `--disable-storage-reset`. Lighthouse cannot fill the sign-in form and its captcha itself.
 */
async function signedInProfile(base, token, chromiumPath) {
  const { chromium } = await import('@playwright/test');
  const res = await fetch(`${base}/api/refreshUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  const user = (await res.json()).data;
  const dir = mkdtempSync(path.join(tmpdir(), 'sx-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate((session) => localStorage.setItem('spirit.session', JSON.stringify(session)), { token, user });
  await context.close();
  return dir;
}

export async function webFigures({ root, lighthouse, base, signedIn }) {
  const bundles = bundleFigures(root);
  const lines = [];
  if (bundles.error) lines.push(`Bundle sizes not measured: ${bundles.error}.`);
  else {
    lines.push(
      '| page | gzip JS KB | gzip CSS KB | chunks | budget |',
      '|---|---:|---:|---:|---|',
      `| /login (${bundles.login.page}) | ${kb(bundles.login.js)} | ${kb(bundles.login.css)} | ${bundles.login.chunks} | JS ≤ ${LOGIN_PAGE_BUDGET_KB} KB: ${bundles.login.js / 1024 <= LOGIN_PAGE_BUDGET_KB ? 'met' : 'NOT met'} |`,
      `| largest: ${bundles.largest.page} | ${kb(bundles.largest.js)} | ${kb(bundles.largest.css)} | ${bundles.largest.chunks} | ≤ ${PAGE_BUDGET_KB} KB: ${(bundles.largest.js + bundles.largest.css) / 1024 <= PAGE_BUDGET_KB ? 'met' : 'NOT met'} |`,
    );
  }
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const bin = base ? lighthouseBin(root, lighthouse) : null;
  let lh = null;
  if (!base) lines.push('', 'Lighthouse: not run (no server to measure).');
  else if (!existsSync(chromiumPath)) lines.push('', `Lighthouse: not run — no Chromium at ${chromiumPath}.`);
  else if (!bin)
    lines.push(
      '',
      'Lighthouse: not run — not installed; `npm run bench -- --lighthouse` installs it into bench/.tools.',
    );
  else {
    lh = {};
    const profile = signedIn ? await signedInProfile(base, signedIn.token, chromiumPath) : null;
    const targets = [
      ['/login', `${base}/login`, null],
      ...(signedIn ? [[signedIn.path, `${base}${signedIn.path}`, profile]] : []),
    ];
    lines.push(
      '',
      '| Lighthouse | preset | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const [label, url, userDataDir] of targets)
      for (const preset of ['mobile', 'desktop']) {
        const r = await runLighthouse(bin, url, preset, chromiumPath, userDataDir);
        lh[`${label} ${preset}`] = r;
        lines.push(
          r.error
            ? `| ${label} | ${preset} | ${r.error} | | | | | |`
            : `| ${label} | ${preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} |`,
        );
      }
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
  return { bundles, lighthouse: lh, markdown: lines.join('\n') };
}

// `npm run test:reliability`: runs the reliability suite (reliability/*.test.ts) on the embedded database, or on the
// PostgreSQL server at TEST_DATABASE_URL, prints the figures it measured, and writes them into docs/reliability.md
// (the section of that database, between its markers). Arguments go to vitest; a partial run writes no figures.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const figuresFile = path.join(tmpdir(), `sx-reliability-${process.pid}.jsonl`);
const docFile = path.join(root, 'docs/reliability.md');
const args = process.argv.slice(2);

const started = Date.now();
const load = loadavg()[0].toFixed(1);
const code = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'reliability/vitest.config.ts', ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, RELIABILITY_FIGURES: figuresFile } },
  );
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
});
const took = Math.round((Date.now() - started) / 1000);

const records = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(figuresFile, { force: true });

const cell = (v) => String(v ?? '').replace(/\|/g, '\\|');
const sections = [...new Set(records.map((r) => r.section))];
const lines = [
  `### ${database}`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores, load ${load} at the start · ` +
    `${Math.floor(took / 60)}:${String(took % 60).padStart(2, '0')} · ${code === 0 ? 'every check passed' : 'FAILED (see the run)'}`,
];
for (const section of sections) {
  const rows = records.filter((r) => r.section === section).map((r) => r.row);
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== 'database');
  lines.push('', `#### ${section}`, '', `| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`);
  for (const r of rows) lines.push(`| ${columns.map((c) => cell(r[c])).join(' | ')} |`);
}
const block = lines.join('\n');
console.log(`\nReliability figures (${database})\n\n${block}\n`);

if (args.length === 0 && existsSync(docFile)) {
  const start = `<!-- figures:${database} -->`;
  const end = `<!-- /figures:${database} -->`;
  const doc = readFileSync(docFile, 'utf8');
  const [a, b] = [doc.indexOf(start), doc.indexOf(end)];
  if (a >= 0 && b > a) {
    writeFileSync(docFile, `${doc.slice(0, a + start.length)}\n${block}\n${doc.slice(b)}`);
    console.log(`Wrote the ${database} figures into docs/reliability.md`);
  }
}
process.exit(code);

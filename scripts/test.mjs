// `npm test`: install and build what is missing, then lint and type check, unit tests, the integration suite and
// the browser suite, stopping after the first group that fails; then the time each stage took (issue 6: the whole
// suite must stay under 15 minutes on a 2-core machine, so its stages are measured on every run).
//
// Lint, the type check (each one thread) and the unit tests share the two cores. The integration suite (two forks)
// and the browser suite (two workers, each with its own server and Chromium) each keep both cores busy on their
// own, so they run one after the other: side by side they took a fifth longer than in turn on a slow host
// (docs/decisions.md "npm test runs the integration suite, then the browser suite"). The first stage of a group
// streams its output; the others' output is printed whole when each ends, so logs never interleave.
import { spawn } from 'node:child_process';

const GROUPS = [
  [['install and build', 'node', ['scripts/ensure.mjs']]],
  [
    ['type check', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['unit', 'npm', ['run', 'test:unit']],
  ],
  [['integration', 'npm', ['run', 'test:integration']]],
  [['browser', 'npm', ['run', 'test:e2e']]],
];

function run([name, command, args], stream) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      if (!stream) {
        process.stdout.write(`\n── ${name} ${'─'.repeat(60)}\n`);
        process.stdout.write(Buffer.concat(out));
      }
      resolve([name, Date.now() - t0, code === 0 ? 'ok' : 'failed']);
    });
  });
}

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const started = Date.now();
const times = [];
let failed = [];
for (const group of GROUPS) {
  const t0 = Date.now();
  const results = await Promise.all(group.map((stage, i) => run(stage, i === 0)));
  times.push(...results.map(([name, ms, result]) => [name, ms, result, group.length > 1]));
  if (group.length > 1) times.push([`  (${group.map((s) => s[0]).join(' ∥ ')})`, Date.now() - t0, '', false]);
  failed = results.filter((r) => r[2] !== 'ok').map((r) => r[0]);
  if (failed.length) break;
}

console.log('\nnpm test — time per stage (∥: ran at the same time)');
for (const [name, ms, result, together] of times)
  console.log(`  ${(together ? `${name} ∥` : name).padEnd(34)} ${clock(ms).padStart(6)}  ${result}`);
console.log(`  ${'total'.padEnd(34)} ${clock(Date.now() - started).padStart(6)}`);
if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}

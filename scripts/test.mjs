// `npm test`: every stage in order — install and build what is missing, lint, type check, unit, integration and
// browser tests — stopping at the first that fails, then the time each stage took (issue 6: the whole suite must
// stay under 15 minutes on a 2-core machine, so its stages are measured on every run).
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['install and build', 'node', ['scripts/ensure.mjs']],
  ['lint', 'npm', ['run', 'lint']],
  ['type check', 'npm', ['run', 'typecheck']],
  ['unit', 'npm', ['run', 'test:unit']],
  ['integration', 'npm', ['run', 'test:integration']],
  ['browser', 'npm', ['run', 'test:e2e']],
];

const times = [];
const started = Date.now();
let failed = null;
for (const [name, command, args] of STAGES) {
  const t0 = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  times.push([name, Date.now() - t0, run.status === 0 ? 'ok' : 'failed']);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
console.log('\nnpm test — time per stage');
for (const [name, ms, result] of times) console.log(`  ${name.padEnd(18)} ${clock(ms).padStart(6)}  ${result}`);
console.log(`  ${'total'.padEnd(18)} ${clock(Date.now() - started).padStart(6)}`);
if (failed) {
  console.error(`\nnpm test failed at: ${failed}`);
  process.exit(1);
}

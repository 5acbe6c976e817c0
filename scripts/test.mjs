// `npm test`: install and build what is missing, then lint and type check, unit tests, and the integration and
// browser suites, stopping at the first stage that fails; then the time each stage took (issue 6: the whole suite
// must stay under 15 minutes on a 2-core machine, so its stages are measured on every run).
//
// The browser suite is the longest stage and mostly waits (on Chromium, the server, mail and animations), so it
// starts as soon as the build is done and runs beside all the others, which run in their order: lint and the type
// check together, then the unit tests, then the integration suite (its own databases, no shared state). A failing
// stage stops the browser suite too. The first stage of a group streams its output; the others' output, the
// browser suite's included, is printed whole when each ends, so logs never interleave.
import { spawn } from 'node:child_process';

const BUILD = ['install and build', 'node', ['scripts/ensure.mjs']];
const BESIDE = ['browser', 'npm', ['run', 'test:e2e']];
const GROUPS = [
  [
    ['type check', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
  ],
  [['unit', 'npm', ['run', 'test:unit']]],
  [['integration', 'npm', ['run', 'test:integration']]],
];

/**
 * Runs a stage. `group`: in a process group of its own, whose every process `stop` ends (npm, Playwright, its
 * server and Chromium); `onStart` gets the child.
 */
function run([name, command, args], stream, { group = false, onStart = () => {} } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: group });
    onStart(child);
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
const [buildName, buildMs, buildResult] = await run(BUILD, true);
times.push([buildName, buildMs, buildResult, false]);
if (buildResult !== 'ok') failed = [buildName];
else {
  let beside;
  const stop = () => {
    try {
      process.kill(-beside.pid, 'SIGINT'); // Playwright stops its server and Chromium on SIGINT
    } catch {
      // already ended
    }
  };
  const besideDone = run(BESIDE, false, { group: true, onStart: (child) => (beside = child) });
  // Its own process group does not get the terminal's Ctrl-C: pass it on.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  const t0 = Date.now();
  for (const group of GROUPS) {
    const results = await Promise.all(group.map((stage, i) => run(stage, i === 0)));
    times.push(...results.map(([name, ms, result]) => [name, ms, result, true]));
    failed = results.filter((r) => r[2] !== 'ok').map((r) => r[0]);
    if (failed.length) {
      stop();
      break;
    }
  }
  const [name, ms, result] = await besideDone;
  times.push([name, ms, failed.length ? 'stopped' : result, true]);
  if (!failed.length && result !== 'ok') failed = [name];
  times.push([`  (${BESIDE[0]} ∥ the rest)`, Date.now() - t0, '', false]);
}

console.log('\nnpm test — time per stage (∥: ran at the same time)');
for (const [name, ms, result, together] of times)
  console.log(`  ${(together ? `${name} ∥` : name).padEnd(34)} ${clock(ms).padStart(6)}  ${result}`);
console.log(`  ${'total'.padEnd(34)} ${clock(Date.now() - started).padStart(6)}`);
if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}

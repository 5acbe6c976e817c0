// Where a scenario's server time goes, from a V8 CPU profile (`node --cpu-prof`): the self time by package and by
// function, and the time each function of our server code spent with everything it called (inclusive), as shares of
// the samples. Only the samples of the measured window count when one is given: a profiled server's start-up
// (compiling modules, reading data files) is not the scenario's. Used by `npm run bench -- --profile <scenario>`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const packageOf = (url, functionName) =>
  /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
  (url.includes('/apps/server/') ? 'our server code' : url ? 'node internals' : functionName || '(native)');
const functionLabel = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.split('node_modules/').pop().split('/').slice(-2).join('/')}:${lineNumber}`;

/**
 * Self time per package and per function, and inclusive time per function of our server code, of the newest
 * .cpuprofile in `dir`. `window` ({ fromEnd, toEnd }, µs before the profile's end) keeps the samples taken between
 * those two instants; without it, every sample counts.
 */
export function summarizeProfile(dir, top = 12, window = null) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .pop();
  if (!file) return null;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const [from, to] = window
    ? [profile.endTime - window.fromEnd, profile.endTime - window.toEnd]
    : [-Infinity, Infinity];
  const byPackage = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  const add = (m, k, t) => m.set(k, (m.get(k) ?? 0) + t);
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const t = profile.timeDeltas[i] ?? 0;
    at += t;
    if (at < from || at > to) return;
    total += t;
    const leaf = nodes.get(id).callFrame;
    add(byPackage, packageOf(leaf.url, leaf.functionName), t);
    add(byFunction, functionLabel(leaf), t);
    // Each of our functions on the sample's stack once, however deep it recurses.
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const frame = nodes.get(n).callFrame;
      if (!frame.url.includes('/apps/server/')) continue;
      const label = functionLabel(frame);
      if (!seen.has(label)) add(inclusive, label, t);
      seen.add(label);
    }
  });
  if (!total) return null;
  const share = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, share: t / total }));
  return {
    windowed: !!window,
    packages: share(byPackage),
    functions: share(byFunction),
    ours: share(inclusive),
  };
}

export function profileMarkdown(scenario, summary) {
  const rows = (list) => list.map((r) => `| ${r.name} | ${(100 * r.share).toFixed(1)} % |`).join('\n');
  return [
    `Self time of the server process under "${scenario}" (V8 CPU profile${summary.windowed ? ', the measured window only' : ''}):`,
    '',
    '| where | share |',
    '|---|---:|',
    rows(summary.packages),
    '',
    '| function | share |',
    '|---|---:|',
    rows(summary.functions),
    '',
    'Our server code with what it calls (inclusive):',
    '',
    '| function | share |',
    '|---|---:|',
    rows(summary.ours),
  ].join('\n');
}

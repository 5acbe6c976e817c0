// Where a scenario's server time goes: the self time of a V8 CPU profile (`node --cpu-prof`), by package and by
// function, as shares of the whole. Used by `npm run bench -- --profile <scenario>`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Self time per package and per function of the newest .cpuprofile in `dir`. */
export function summarizeProfile(dir, top = 12) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .pop();
  if (!file) return null;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const selfTime = new Map();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byPackage = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const t = selfTime.get(node.id) ?? 0;
    total += t;
    const { url, functionName, lineNumber } = node.callFrame;
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const where =
      pkg ?? (url.includes('/apps/server/') ? 'our server code' : url ? 'node internals' : functionName || '(native)');
    byPackage.set(where, (byPackage.get(where) ?? 0) + t);
    const fn = `${functionName || '(anonymous)'} ${url.split('node_modules/').pop().split('/').slice(-2).join('/')}:${lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  }
  const share = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, share: t / total }));
  return { packages: share(byPackage), functions: share(byFunction) };
}

export function profileMarkdown(scenario, summary) {
  const rows = (list) => list.map((r) => `| ${r.name} | ${(100 * r.share).toFixed(1)} % |`).join('\n');
  return [
    `Self time of the server process under "${scenario}" (V8 CPU profile):`,
    '',
    '| where | share |',
    '|---|---:|',
    rows(summary.packages),
    '',
    '| function | share |',
    '|---|---:|',
    rows(summary.functions),
  ].join('\n');
}

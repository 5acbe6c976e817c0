// Dependencies shipped to production (`npm audit --omit=dev`): no high or critical advisory. Asks the registry.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { DATABASE, figure } from './lib/figures.js';

it('npm audit --omit=dev finds no high or critical advisory', async () => {
  // npm exits 1 when it finds anything at all; the JSON on stdout is the answer either way.
  const out = await promisify(execFile)('npm', ['audit', '--omit=dev', '--json'], { maxBuffer: 64 << 20 }).then(
    (r) => r.stdout,
    (err: { stdout?: string }) => err.stdout ?? '',
  );
  const report = JSON.parse(out) as {
    metadata?: { vulnerabilities: Record<string, number> };
    message?: string;
  };
  // Not knowing is a failure too: a registry that refuses the advisory endpoint must not pass for a clean audit.
  if (!report.metadata) {
    figure('Dependencies', { database: DATABASE, check: 'npm audit --omit=dev', result: `not run: ${report.message}` });
    expect.fail(`npm audit could not ask the registry: ${report.message}`);
  }
  const found = report.metadata!.vulnerabilities;
  figure('Dependencies', {
    database: DATABASE,
    check: 'npm audit --omit=dev',
    result: ['critical', 'high', 'moderate', 'low', 'info'].map((k) => `${k} ${found[k] ?? 0}`).join(', '),
  });
  expect({ critical: found.critical, high: found.high }).toEqual({ critical: 0, high: 0 });
}, 120_000);

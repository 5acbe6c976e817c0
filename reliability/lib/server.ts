// The built server (apps/server/dist/main.js) as a child process on a Target's database, and a client for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPER_ADMIN } from '../../apps/server/src/test/harness.js';
import type { Target } from './target.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/main.js');

export type Server = {
  pid: number;
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  startMs: number;
  /** The process's output so far (for a failure's message). */
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(target: Target, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const { TEST_DATABASE_URL: _test, DATABASE_URL: _db, ...inherited } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
      ...target.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited at start (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (performance.now() - started > 120_000) throw new Error(`the server did not start in 120 s:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    pid: child.pid!,
    url,
    child,
    startMs: Math.round(performance.now() - started),
    output: () => output,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export type Answer<T = unknown> = {
  status: number;
  body: { status: string; data: T; code?: string; error?: string; fields?: Record<string, string> };
};

/** POST /api/{method} with a JSON body, as the web app calls. */
export async function api<T = unknown>(s: Server, method: string, body: unknown, token?: string | null) {
  const res = await fetch(`${s.url}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] } satisfies Answer<T>;
}

/** uploadFile (multipart): `purpose=bulk` for a spreadsheet, none for a document. */
export async function uploadFile(
  s: Server,
  file: { bytes: Buffer; name: string; type?: string; purpose?: 'bulk' },
  token?: string | null,
) {
  const form = new FormData();
  if (file.purpose) form.append('purpose', file.purpose);
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${s.url}/api/uploadFile`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer<{ file_url: string; id: string }>['body'] };
}

/** The process's resident set (VmRSS) and its peak since the last reset (VmHWM), in kB, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

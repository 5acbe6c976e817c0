// A client generated from the OpenAPI document, as an ERP would make one, calls the running server with a company
// API key (issue 25 part 5). The generator is the test's own (no generator package): a function per operationId,
// authenticating as the operation's `security` allows, written to a module and imported.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSuperAdmin } from '../test/fixtures.js';
import { seedMarket, type Market } from '../test/bid-fixtures.js';
import { createHarness, type Harness } from '../test/harness.js';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; required?: string[] };
type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = { servers: { url: string }[]; paths: Record<string, { post?: Operation }> };

/** The client's source: one async function per operation, by its operationId. */
function generate(doc: Document): string {
  const ops = Object.entries(doc.paths).flatMap(([p, item]) => (item.post ? [{ path: p, op: item.post }] : []));
  const fns = ops.map(({ path: p, op }) => {
    const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
    return `export async function ${op.operationId}(base, body, auth = {}) {
  const headers = { 'content-type': 'application/json' };
  ${schemes.includes('apiKey') ? `if (auth.apiKey) headers['x-api-key'] = auth.apiKey;` : ''}
  ${schemes.includes('bearer') ? `if (auth.token) headers.authorization = 'Bearer ' + auth.token;` : ''}
  const res = await fetch(base + ${JSON.stringify(p)}, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  return { status: res.status, body: await res.json() };
}`;
  });
  return `// Generated from the OpenAPI document.\n${fns.join('\n\n')}\n`;
}

/** The names a JSON schema requires, level by level, found in a value (the shape the document promises). */
function conforms(schema: Schema, value: unknown): boolean {
  if (schema.type === 'array')
    return Array.isArray(value) && value.every((v) => !schema.items || conforms(schema.items, v));
  if (schema.type === 'object' && schema.properties) {
    if (typeof value !== 'object' || value === null) return false;
    const v = value as Record<string, unknown>;
    return (schema.required ?? []).every(
      (k) => k in v && (v[k] === null || !schema.properties![k] || conforms(schema.properties![k]!, v[k])),
    );
  }
  return true;
}

let h: Harness;
let m: Market;
let base: string;
const dir = mkdtempSync(path.join(tmpdir(), 'sx-client-'));

beforeAll(async () => {
  h = await createHarness();
  m = await seedMarket(h, { superToken: await seedSuperAdmin(h) });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
}, 180_000);
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

it('generated from /api/docs/json, it lists the company’s listings with an API key', async () => {
  const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as Document;
  const file = path.join(dir, 'client.mjs');
  writeFileSync(file, generate(doc));
  const client = (await import(pathToFileURL(file).href)) as Record<
    string,
    (
      base: string,
      body: unknown,
      auth?: { apiKey?: string; token?: string },
    ) => Promise<{ status: number; body: { data: unknown } }>
  >;
  expect(typeof client.getAllOffers).toBe('function');

  // The key is made through the generated client too, with the Admin's session.
  const created = await client.createApiKey!(base, { name: 'ERP', scope: 'read' }, { token: m.seller.adminToken });
  expect(created.status).toBe(200);
  const key = (created.body.data as { key: string }).key;

  const res = await client.getAllOffers!(base, { page: 1, page_size: 10 }, { apiKey: key });
  expect(res.status).toBe(200);
  const records = (res.body.data as { records: { id: number }[] }).records;
  expect(records.map((r) => r.id)).toContain(m.offer.id);
  const schema = doc.paths['/api/getAllOffers']!.post!.responses['200']!.content!['application/json']!.schema;
  expect(conforms(schema, res.body)).toBe(true);

  // Outside the key's scope the generated call gets the API's refusal.
  const refused = await client.getAllUsers!(base, {}, { apiKey: key });
  expect(refused.status).toBe(401);
});

// Schema-driven fuzzing of the whole contract (issue 7, standing checks): for every method, malformed bodies built
// from its schema's field names — wrong types, loose numerals, huge strings, deep nesting, prototype keys, extra and
// missing fields — sent anonymously, as the SuperAdmin and as a company Admin. No answer may be a 5xx or show a stack
// or SQL, and the database must be exactly as before. Bounded and seeded by default; `FUZZ_RUNS=500` (and
// `FUZZ_SEED`) for a longer hunt.
import { METHODS, type MethodName } from '@spirit/domain/api/methods';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigest } from '../test/db-digest.js';
import { seedApprovedCompany, seedSuperAdmin } from '../test/fixtures.js';
import { createHarness, type Harness } from '../test/harness.js';
import { fieldsOf } from './schema-fields.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_107);

// Leaks: a stack frame, a path into the code, database or driver text.
const LEAKS = [
  /\bat [\w$.<>]+ \(/,
  /node_modules|\/src\/|\.ts:\d+/,
  /\bselect\b[^"]{0,80}\bfrom\s+"/i,
  /\binsert into\b/i,
  /\bupdate\s+"\w+"\s+set\b/i,
  /violates \w+ constraint|duplicate key|syntax error at|relation "\w+"|column "\w+"/i,
  /pglite|drizzle|postgres/i,
];

/** JSON whose own key is `__proto__` (an object literal would set the prototype instead). */
const PROTO = JSON.parse('{"__proto__":{"isSuperAdmin":true,"roles":["SuperAdmin"]}}') as Record<string, unknown>;
const nestArrays = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((v) => [v], 1);
const nestObjects = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((v) => ({ a: v }), 1);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('0x3', ' 4 ', '1e0', '+1', '-1', '1.0', '', ' ', '٣', 'NaN', 'Infinity', '9007199254740993'),
  fc.constantFrom(true, false, null, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom([2], [], {}, ['a', 1], [[1]]),
  fc.constantFrom('x'.repeat(300_000), 'A'.repeat(5_000), '\u0000'.repeat(10), '\ud800'),
  fc.constantFrom(nestArrays(3_000), nestObjects(1_000)),
  fc.constantFrom(PROTO, { constructor: { prototype: { isSuperAdmin: true } } }),
  fc.constantFrom("' OR 1=1 --", '"; drop table users; --', '<script>alert(1)</script>', '../../etc/passwd', '%s%n'),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

/** Some of the schema's fields with hostile values, maybe extra fields, maybe a prototype key; or no object at all. */
function bodies(fields: string[]): fc.Arbitrary<unknown> {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, hostile])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 });
  const object = fc.tuple(known, extra, fc.boolean()).map(([k, e, proto]) => ({ ...e, ...k, ...(proto ? PROTO : {}) }));
  return fc.oneof(
    { weight: 8, arbitrary: object },
    { weight: 1, arbitrary: fc.constantFrom(null, [], 'text', 42, true, [{}], PROTO) },
  );
}

type Caller = { label: string; token: string | null };

/** Methods whose valid body is empty and which write on it (`{}` is among the fuzzed bodies): their tables. */
const WRITES_ON_EMPTY_BODY: Partial<Record<MethodName, string[]>> = {
  exportRating: ['files'],
  getEventTicket: ['stream_tickets'],
};
const without = (digest: Record<string, string>, tables: string[] = []) =>
  Object.fromEntries(Object.entries(digest).filter(([table]) => !tables.includes(table)));

let h: Harness;
const callers: Caller[] = [{ label: 'anonymous', token: null }];

beforeAll(async () => {
  h = await createHarness();
  const superToken = await seedSuperAdmin(h);
  const company = await seedApprovedCompany(h, { superToken });
  callers.push({ label: 'SuperAdmin', token: superToken }, { label: 'Admin', token: company.token });
}, 120_000);
afterAll(async () => h.close());

async function send(method: MethodName, body: unknown, caller: Caller) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/${method}`,
    headers: {
      'content-type': 'application/json',
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    },
    payload: JSON.stringify(body) ?? 'null',
  });
  return { status: res.statusCode, text: res.body };
}

describe('contract fuzz', () => {
  it('aims at the fields each schema reads', () => {
    expect(fieldsOf(METHODS.login.body)).toEqual(['email', 'password', 'captcha']);
    expect(fieldsOf(METHODS.updateUser.body)).toEqual(expect.arrayContaining(['token', 'password', 'id', 'email']));
    expect(fieldsOf(METHODS.updateDistillGroup.body)).toEqual(expect.arrayContaining(['distilleries', 'id']));
    expect(fieldsOf(METHODS.getAllUsers.body)).toEqual(expect.arrayContaining(['page', 'page_size', 'filters']));
  });

  for (const method of Object.keys(METHODS) as MethodName[]) {
    const fields = fieldsOf(METHODS[method].body);
    it(`${method} refuses malformed bodies cleanly and changes nothing`, async () => {
      const before = await tableDigest(h);
      const accepted: string[] = [];
      await fc.assert(
        fc.asyncProperty(bodies(fields), async (body) => {
          for (const caller of callers) {
            // A signed-in logout ends the session the other cases need; its refusals are the anonymous ones.
            if (method === 'logout' && caller.token) continue;
            const { status, text } = await send(method, body, caller);
            const where = `${method} as ${caller.label}: ${status} ${text.slice(0, 300)}`;
            expect(status, where).toBeLessThan(500);
            for (const leak of LEAKS) expect(text, where).not.toMatch(leak);
            if (status < 400) accepted.push(`${caller.label}: ${JSON.stringify(body)?.slice(0, 200)}`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // Reads may answer a body whose every field is optional; nothing may have been written.
      const kept = WRITES_ON_EMPTY_BODY[method];
      expect(without(await tableDigest(h), kept), `accepted: ${accepted.join('\n')}`).toEqual(without(before, kept));
    }, 120_000);
  }
});

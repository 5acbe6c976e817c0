// The OpenAPI document as an ERP's tooling reads it: Redocly's recommended rules (the engine of `@redocly/cli lint`)
// find nothing wrong (issue 25, part 5).
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

it('passes the recommended lint rules', async () => {
  const source = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  const problems = await lintFromString({
    source,
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const shown = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
  expect(shown).toEqual([]);
});

import { describe, expect, it } from 'vitest';
import { townKey } from './geo.cities.js';
import { stateCities } from './geo.service.js';

describe('the state → city table the registration uses', async () => {
  const table = await stateCities();

  it('lists every state and union territory with towns', () => {
    expect(table.length).toBe(36);
    for (const { state, cities } of table) expect(cities.length, state).toBeGreaterThan(0);
  });

  it.each(table.map((s) => [s.state, s.cities] as const))(
    '%s: towns only, one spelling each, sorted',
    (_state, cities) => {
      expect(cities.filter((c) => /\b(rural|urban|district|division)\b/i.test(c))).toEqual([]);
      const keys = cities.map(townKey);
      expect(new Set(keys).size).toBe(keys.length);
      expect(cities.filter((c) => c !== c.trim() || /[,;.]$/.test(c))).toEqual([]);
      expect([...cities].sort((a, b) => a.localeCompare(b))).toEqual(cities);
    },
  );

  it('cleans Karnataka: Ballari once, no districts, no Goa town', () => {
    const karnataka = table.find((s) => s.state === 'Karnataka')!.cities;
    expect(karnataka).toContain('Ballari');
    expect(karnataka).toContain('Bengaluru');
    expect(karnataka).toContain('Chikkaballapur');
    for (const gone of [
      'Ballary',
      'Bangalore Rural',
      'Bangalore Urban',
      'Dakshina Kannada',
      'Canacona',
      'Chik Ballapur',
    ])
      expect(karnataka, gone).not.toContain(gone);
    expect(table.find((s) => s.state === 'Goa')!.cities).not.toContain('North Goa');
  });
});

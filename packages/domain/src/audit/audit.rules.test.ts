import { describe, expect, it } from 'vitest';
import { auditDiff, auditValueText } from './audit.rules.js';

describe('auditDiff', () => {
  it('lists the one approval flag a bid entry changed, by its path', () => {
    const flags = {
      negotiator_buyer: true,
      negotiator_seller: true,
      authorizer_buyer: false,
      authorizer_seller: false,
    };
    const before = { status: 'OnGoing', locked: true, version: 3, flags };
    const after = { status: 'OnGoing', locked: true, version: 4, flags: { ...flags, authorizer_buyer: true } };
    expect(auditDiff(before, after)).toEqual([
      { field: 'version', before: '3', after: '4' },
      { field: 'flags.authorizer_buyer', before: 'false', after: 'true' },
    ]);
  });

  it('keeps long values whole', () => {
    const long = 'Sunrise Spirits Private Limited (United Breweries Group), Plot 12, MIDC Nashik';
    expect(auditDiff({ name: 'A' }, { name: long })).toEqual([{ field: 'name', before: 'A', after: long }]);
  });

  it('lists a creation and a deletion whole, a removed field as removed', () => {
    expect(auditDiff(null, { a: 1, b: { c: null } })).toEqual([
      { field: 'a', before: null, after: '1' },
      { field: 'b.c', before: null, after: '∅' },
    ]);
    expect(auditDiff({ a: 'x' }, undefined)).toEqual([{ field: 'a', before: 'x', after: null }]);
    expect(auditDiff({ a: 1, gone: 2 }, { a: 1 })).toEqual([{ field: 'gone', before: '2', after: null }]);
  });

  it('reads arrays, empty records and plain values as values', () => {
    expect(auditDiff({ ids: [1, 2] }, { ids: [1, 2, 3] })).toEqual([
      { field: 'ids', before: '[1,2]', after: '[1,2,3]' },
    ]);
    expect(auditDiff({ e: {} }, { e: { k: 1 } })).toEqual([
      { field: 'e.k', before: null, after: '1' },
      { field: 'e', before: '{}', after: null },
    ]);
    expect(auditDiff('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b' }]);
    expect(auditDiff(5, 5)).toEqual([]);
    expect(auditDiff(null, undefined)).toEqual([]);
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('shows values as text', () => {
    expect(auditValueText(null)).toBe('∅');
    expect(auditValueText('x')).toBe('x');
    expect(auditValueText(false)).toBe('false');
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
  });
});

// The record memo and the JSON it answers with, without a database: eviction, the version guard, and the splice.
import { describe, expect, it } from 'vitest';
import { JsonRecords, toJsonText } from './json-records.js';
import { createRecordMemo, memoTexts } from './record-memo.js';

describe('toJsonText', () => {
  it('writes records kept as text where their list stands, and anything else as JSON.stringify does', () => {
    const value = {
      status: 'OK',
      message: 'a "quoted" \u0001 message',
      data: { records: new JsonRecords(['{"id":1}', '{"id":2,"name":"x\\"y"}'], 0), totalRecords: 2 },
      other: { records: new JsonRecords([], 0) },
    };
    const text = toJsonText(value);
    expect(JSON.parse(text)).toEqual({
      status: 'OK',
      message: 'a "quoted" \u0001 message',
      data: { records: [{ id: 1 }, { id: 2, name: 'x"y' }], totalRecords: 2 },
      other: { records: [] },
    });
    const plain = { a: [1, 'two', null], b: new Date(0) };
    expect(toJsonText(plain)).toBe(JSON.stringify(plain));
  });
});

describe('the record memo', () => {
  it('keeps up to its size, the entries used since they came round first', () => {
    const memo = createRecordMemo({ maxEntries: 2 });
    memo.set('a', '1');
    memo.set('b', '2');
    expect(memo.get('a')).toBe('1'); // a is used: b goes first
    memo.set('c', '3');
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual(['1', undefined, '3']);
    const off = createRecordMemo({ maxEntries: 0 });
    off.set('a', '1');
    expect(off.get('a')).toBeUndefined();
  });

  it('reads only what it lacks, and keeps no row read at another version than its key', async () => {
    const memo = createRecordMemo({ maxEntries: 10 });
    const keys = [
      { id: 1, version: 1, names: 1 },
      { id: 2, version: 3, names: 1 },
    ];
    const asked: number[][] = [];
    // Bid 2 moved on to version 4 between the page's keys and its rows.
    const rows = {
      1: { id: 1, version: 1, names: 1, v: 'one' },
      2: { id: 2, version: 4, names: 1, v: 'two' },
    } as const;
    const page = {
      kind: 'test',
      keys,
      viewOf: () => 'all',
      read: async (ids: number[]) => (asked.push(ids), ids.map((id) => rows[id as 1 | 2])),
      stampOf: (r: { id: number; version: number; names: number }) => r,
      render: (r: { v: string }) => ({ v: r.v }),
    };
    expect(await memoTexts(memo, page)).toEqual(['{"v":"one"}', '{"v":"two"}']);
    expect(await memoTexts(memo, page)).toEqual(['{"v":"one"}', '{"v":"two"}']);
    expect(asked).toEqual([[1, 2], [2]]);
    expect(memo.get('test|all|2|3|1|')).toBeUndefined();
    expect(memo.get('test|all|1|1|1|')).toBe('{"v":"one"}');
  });

  it('keeps a record under what else it shows of its row, and not when that changed between the two reads', async () => {
    const memo = createRecordMemo({ maxEntries: 10 });
    // A sale order was uploaded between the page's keys (none) and its rows (one): the version did not move.
    let uploaded = true;
    const page = (also: string) => ({
      kind: 'test',
      keys: [{ id: 1, version: 2, names: 1, also }],
      viewOf: () => 'all',
      read: async () => [{ id: 1, version: 2, names: 1, also: uploaded ? 'so' : '' }],
      stampOf: (r: { id: number; version: number; names: number; also: string }) => r,
      render: (r: { also: string }) => ({ sale: r.also === 'so' }),
    });
    expect(await memoTexts(memo, page(''))).toEqual(['{"sale":true}']);
    expect(memo.size).toBe(0);
    expect(await memoTexts(memo, page('so'))).toEqual(['{"sale":true}']);
    uploaded = false; // the memo answers: the row is not read again
    expect(await memoTexts(memo, page('so'))).toEqual(['{"sale":true}']);
    expect(memo.get('test|all|1|2|1|so')).toBe('{"sale":true}');
  });
});

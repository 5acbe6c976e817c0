import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listQuerySchema } from './list.schemas.js';
import {
  MAX_ID,
  NUMBER_MESSAGES,
  amountField,
  groupIndian,
  idField,
  optionalIdField,
  wholeNumberField,
} from './numbers.js';
import { MESSAGES } from './validators.js';

function outcome(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]!.message };
}

// The loose numerals the security probe got through `z.coerce.number()` (issue 7, item 5), and their cousins.
const LOOSE = [true, false, '0x3', ' 4 ', '4 ', '+4', '-4', '1e0', '4.0', '', '٣', [2], { n: 2 }, '1_000', 'Infinity'];

describe('idField', () => {
  it.each([
    [1, 1],
    ['1', 1],
    ['0042', 42],
    [MAX_ID, MAX_ID],
    [String(MAX_ID), MAX_ID],
  ])('accepts %j as %j', (input, parsed) => {
    expect(outcome(idField(), input)).toEqual({ ok: true, value: parsed });
  });

  it.each([
    ...LOOSE,
    0,
    '0',
    -1,
    1.5,
    MAX_ID + 1,
    String(MAX_ID + 1),
    Number.MAX_SAFE_INTEGER,
    '9007199254740993',
    '1'.repeat(17),
    null,
    undefined,
  ])('refuses %j', (input) => {
    expect(outcome(idField(), input)).toEqual({ ok: false, message: NUMBER_MESSAGES.id });
  });

  it('takes the message a form asks for', () => {
    expect(outcome(idField(MESSAGES.required), undefined)).toEqual({ ok: false, message: MESSAGES.required });
  });

  it('optionalIdField lets a missing id through but not a loose one', () => {
    expect(outcome(optionalIdField(), undefined)).toEqual({ ok: true, value: undefined });
    expect(outcome(optionalIdField(), null)).toEqual({ ok: true, value: null });
    expect(outcome(optionalIdField(), true).ok).toBe(false);
    expect(outcome(optionalIdField(), '').ok).toBe(false);
  });
});

describe('wholeNumberField and list pages', () => {
  it('reads digits and JSON integers only', () => {
    expect(outcome(wholeNumberField(), '12')).toEqual({ ok: true, value: 12 });
    expect(outcome(wholeNumberField(), -3)).toEqual({ ok: true, value: -3 });
    for (const input of LOOSE) expect(outcome(wholeNumberField(), input).ok, JSON.stringify(input)).toBe(false);
  });

  it('a list query refuses a loose page and names the field', () => {
    const r = listQuerySchema.safeParse({ page: '0x2', page_size: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['page', 'page_size']);
    expect(listQuerySchema.parse({ page: '2', page_size: '20' })).toMatchObject({ page: 2, page_size: 20 });
  });
});

describe('amountField', () => {
  const field = amountField({ max: 100, decimals: 2 });

  it.each([
    [0, 0],
    [18, 18],
    [2.5, 2.5],
    ['18', 18],
    ['2.5', 2.5],
    ['0.01', 0.01],
    ['100.00', 100],
  ])('accepts %j as %j', (input, parsed) => {
    expect(outcome(field, input)).toEqual({ ok: true, value: parsed });
  });

  it.each(['0x10', ' 5', '5 ', '1e1', '+5', '-5', '5.', '.5', '1,5', '5.001', 'NaN', true, [5], { v: 5 }])(
    'refuses the malformed %j',
    (input) => {
      expect(outcome(field, input)).toEqual({ ok: false, message: NUMBER_MESSAGES.amount(2) });
    },
  );

  it.each([
    ['', MESSAGES.required],
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
    [-1, 'Must not be negative'],
    [100.01, 'Must be at most 100'],
    [1.234, 'Use steps of 0.01'],
  ])('refuses %j with %j', (input, message) => {
    expect(outcome(field, input)).toEqual({ ok: false, message });
  });
});

describe('groupIndian', () => {
  it.each([
    [0, '0'],
    [100, '100'],
    [1000, '1,000'],
    [10_000, '10,000'],
    [100_000, '1,00,000'],
    [1_000_000, '10,00,000'],
    [1_000_000_000, '1,00,00,00,000'],
    [1234567.5, '12,34,567.5'],
    [-25000, '-25,000'],
  ])('%d → %s', (n, text) => {
    expect(groupIndian(n)).toBe(text);
  });

  it('is how a limit reads in a message', () => {
    const r = amountField({ max: 1_000_000, decimals: 2 }).safeParse(1_000_001);
    expect(r.success ? null : r.error.issues[0]?.message).toBe('Must be at most 10,00,000');
  });
});

import { describe, expect, it } from 'vitest';
import { listQuerySchema } from './list.schemas.js';

describe('a list search term', () => {
  it('is one line of text: control characters search as spaces, then the term is trimmed', () => {
    expect(listQuerySchema.parse({ item_search: ' Ganga\tBreweries\r\n' }).item_search).toBe('Ganga Breweries');
    expect(listQuerySchema.parse({ item_search: 'a\u001fb\u0000c\u007fd' }).item_search).toBe('a b c d');
  });

  it('keeps every other character, and its limit of 200', () => {
    expect(listQuerySchema.parse({ item_search: 'Gaṅgā 100% _x_' }).item_search).toBe('Gaṅgā 100% _x_');
    expect(listQuerySchema.safeParse({ item_search: 'x'.repeat(201) }).success).toBe(false);
  });
});

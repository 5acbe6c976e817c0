import { describe, expect, it } from 'vitest';
import { changesState } from './changes.js';
import { METHODS } from './methods.js';

describe('changesState', () => {
  it('names the reads of the contract and nothing else', () => {
    const reads = Object.keys(METHODS).filter((m) => !changesState(m));
    expect(
      reads.every((m) => m.startsWith('get') || ['latestNegotiation', 'refreshUser', 'verifyToken'].includes(m)),
    ).toBe(true);
    for (const m of ['createBid', 'negotiateBid', 'bidAction', 'createOffer', 'updateInventory', 'uploadCSV', 'login'])
      expect(changesState(m), m).toBe(true);
    for (const m of ['getAllBids', 'getBidById', 'latestNegotiation']) expect(changesState(m), m).toBe(false);
  });
});

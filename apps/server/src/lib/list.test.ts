// pageWithKnownTotal: the kept totals of the market-wide lists (the pages themselves are tested through the calls).
import { describe, expect, it } from 'vitest';
import { pageWithKnownTotal } from './list.js';
import { createMarketCache } from './market-cache.js';

type Row = { id: number; total_records?: number };

/** A list of `size` rows whose page calls are counted, with the total on the rows only when asked. */
function fakeList(size: number) {
  const calls = { withTotal: 0, without: 0, countAll: 0 };
  let release: (() => void) | null = null;
  const list = {
    calls,
    size,
    hold: () => new Promise<void>((r) => (release = r)),
    gate: null as Promise<void> | null,
    page: (q: { page: number; page_size: number }) => async (withTotal: boolean) => {
      if (withTotal) calls.withTotal += 1;
      else calls.without += 1;
      if (list.gate) await list.gate;
      const from = (q.page - 1) * q.page_size;
      const ids = Array.from({ length: Math.max(0, Math.min(q.page_size, list.size - from)) }, (_, i) => from + i + 1);
      return ids.map((id): Row => (withTotal ? { id, total_records: list.size } : { id }));
    },
    countAll: async () => {
      calls.countAll += 1;
      return list.size;
    },
    open: () => release?.(),
  };
  return list;
}

const cache = () => createMarketCache({ ttlMs: 15_000, maxEntries: 10 });
const run = (c: ReturnType<typeof cache>, list: ReturnType<typeof fakeList>, page: number, now = 1_000) => {
  const q = { page, page_size: 10 };
  return pageWithKnownTotal({ cache: c, key: 'k', now, q, page: list.page(q), countAll: list.countAll });
};

describe('pageWithKnownTotal', () => {
  it('counts once, then reuses the total within the TTL and counts again after it', async () => {
    const c = cache();
    const list = fakeList(95);
    expect((await run(c, list, 1)).totalRecords).toBe(95);
    list.size = 120; // another process added rows: shown once the kept total expires
    const second = await run(c, list, 2, 5_000);
    expect(second.totalRecords).toBe(95);
    expect(second.records.map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.records[0]).not.toHaveProperty('total_records');
    expect(list.calls).toEqual({ withTotal: 1, without: 1, countAll: 0 });
    expect((await run(c, list, 1, 17_000)).totalRecords).toBe(120);
    expect(list.calls.withTotal).toBe(2);
  });

  it('takes the exact total from a partial last page whatever was kept', async () => {
    const c = cache();
    const list = fakeList(95);
    await run(c, list, 1);
    list.size = 97;
    expect((await run(c, list, 10)).totalRecords).toBe(97);
    list.size = 0;
    expect((await run(c, list, 1)).totalRecords).toBe(0);
  });

  it('never says fewer than the rows it has shown', async () => {
    const c = cache();
    const list = fakeList(20);
    await run(c, list, 1);
    list.size = 40;
    expect((await run(c, list, 3)).totalRecords).toBe(30);
  });

  it('counts a page past the end apart', async () => {
    const list = fakeList(15);
    expect((await run(cache(), list, 5)).totalRecords).toBe(15);
    expect(list.calls.countAll).toBe(1);
  });

  it('lets concurrent calls wait for one count instead of each counting', async () => {
    const c = cache();
    const list = fakeList(500);
    list.gate = list.hold();
    const calls = Array.from({ length: 20 }, () => run(c, list, 1));
    await new Promise((r) => setTimeout(r, 0));
    list.open();
    const pages = await Promise.all(calls);
    expect(pages.every((p) => p.totalRecords === 500)).toBe(true);
    expect(list.calls).toEqual({ withTotal: 1, without: 19, countAll: 0 });
  });

  it('forgets kept totals when the process writes', async () => {
    const c = cache();
    const list = fakeList(50);
    await run(c, list, 1);
    c.drop();
    list.size = 60;
    expect((await run(c, list, 1)).totalRecords).toBe(60);
  });

  it('does not leave waiters hanging when the counting call fails', async () => {
    const c = cache();
    const q = { page: 1, page_size: 10 };
    let fail = true;
    const page = async (withTotal: boolean): Promise<Row[]> => {
      await new Promise((r) => setTimeout(r, 5));
      if (fail && withTotal) throw new Error('connection lost');
      return [{ id: 1, ...(withTotal ? { total_records: 1 } : {}) }];
    };
    const args = { cache: c, key: 'k', now: 1_000, q, page, countAll: async () => 1 };
    const results = await Promise.allSettled([pageWithKnownTotal(args), pageWithKnownTotal(args)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await pageWithKnownTotal(args)).totalRecords).toBe(1);
  });
});

describe('the market cache', () => {
  it('lets callers arriving during a computation share it, and forgets a failed one', async () => {
    const c = cache();
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 5));
      return runs;
    };
    const values = await Promise.all(Array.from({ length: 10 }, () => c.get('figures', 1_000, slow)));
    expect(values).toEqual(Array(10).fill(1));
    expect(runs).toBe(1);
    const failing = async () => {
      throw new Error('gone');
    };
    await expect(c.get('other', 1_000, failing)).rejects.toThrow('gone');
    expect(await c.get('other', 1_000, slow)).toBe(2);
  });
});

// Market figures (averages and last prices of a product over 30 days) read aggregates over tens of thousands of
// bids and listings at market scale; every listing page and item asks for them. This process keeps each answer for
// a few seconds, forgets them all when one of its calls writes (so its own next read is fresh), and other
// processes' writes show within the TTL — figures for information, never used to decide a trade.
export type MarketCache = ReturnType<typeof createMarketCache>;

export function createMarketCache(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: unknown; at: number }>();
  let generation = 0;
  return {
    /** The cached value of `key`, or `compute()`'s, kept unless a write happened meanwhile. */
    async get<T>(key: string, now: number, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now - hit.at <= opts.ttlMs) return hit.value as T;
      const startedIn = generation;
      const value = await compute();
      if (startedIn === generation && opts.ttlMs > 0) {
        if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, at: now });
      }
      return value;
    },
    drop() {
      generation += 1;
      entries.clear();
    },
  };
}

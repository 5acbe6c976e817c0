// Market figures (averages and last prices of a product over 30 days) read aggregates over tens of thousands of
// bids and listings at market scale; every listing page and item asks for them. This process keeps each answer for
// a few seconds and forgets them all when one of its calls writes (so its own next read is fresh) or when the
// database announces another process's write (`market_changed`, migration 0021; plugins/auth.ts listens) — figures
// for information, never used to decide a trade. The totals of the market-wide lists are kept the same way
// (`pageWithKnownTotal` in lib/list.ts).
export type MarketCache = ReturnType<typeof createMarketCache>;

export function createMarketCache(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: unknown; at: number }>();
  let generation = 0;
  let listening = false;
  const peek = <T>(key: string, now: number): T | undefined => {
    const hit = entries.get(key);
    return hit && now - hit.at <= opts.ttlMs ? (hit.value as T) : undefined;
  };
  /** Keeps `value` under `key` unless a write happened since `startedIn` (the generation when computing began). */
  const put = (key: string, now: number, value: unknown, startedIn: number) => {
    if (startedIn !== generation || opts.ttlMs <= 0) return;
    entries.delete(key);
    if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, at: now });
  };
  return {
    /**
     * The cached value of `key`, or `compute()`'s, kept unless a write happened meanwhile. Callers that arrive
     * while it is computed wait for that computation instead of starting their own (fifty pages opening at once
     * would otherwise each aggregate the market).
     */
    async get<T>(key: string, now: number, compute: () => Promise<T>): Promise<T> {
      const hit = peek<T | Promise<T>>(key, now);
      if (hit !== undefined) return await hit;
      const startedIn = generation;
      const pending = compute();
      put(key, now, pending, startedIn);
      try {
        const value = await pending;
        put(key, now, value, startedIn);
        return value;
      } catch (error) {
        if (entries.get(key)?.value === pending) entries.delete(key);
        throw error;
      }
    },
    drop() {
      generation += 1;
      entries.clear();
    },
    /** Moves on every write this process hears of: a change stamp (lib/change-stamp.ts). */
    generation: () => generation,
    /** Whether other processes' writes reach this process now (`market_changed` listened to). */
    listening: () => listening,
    setListening(on: boolean) {
      listening = on;
      generation += 1;
    },
  };
}

// Records rendered once and kept as JSON text while nothing they show can have changed. A key names everything a
// record is made of — the row's id and version (every change of a bid raises it), whose view it is, and any value
// read from elsewhere (a company's name) — so a kept text is never stale: a change makes a new key and the old one
// is no longer asked for. Kept per process, the least used out first; nothing to forget on writes.
export type RecordMemo = ReturnType<typeof createRecordMemo>;

export function createRecordMemo(opts: { maxEntries: number }) {
  // Second chance: a hit marks its entry used (a field write, where moving it to the end cost a delete and a set on
  // every hit); the oldest entry goes out unless used since it last came round, else it goes to the end unmarked.
  const entries = new Map<string, { text: string; used: boolean }>();
  const evictOne = () => {
    for (const [key, entry] of entries) {
      entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      entries.set(key, entry);
    }
  };
  return {
    get(key: string): string | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entry.used = true;
      return entry.text;
    },
    set(key: string, text: string) {
      if (opts.maxEntries <= 0) return;
      const kept = entries.get(key);
      if (kept) {
        kept.text = text;
        return;
      }
      if (entries.size >= opts.maxEntries) evictOne();
      entries.set(key, { text, used: false });
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A page's records as JSON text, in the order of `keys`: each from the memo when its key is kept; the others read
 * by `fill` (by id, one statement for all of them), rendered and kept. A row `fill` reads otherwise than its key names
 * it (changed between the two statements) is rendered as read but not kept under that key.
 */
export async function memoTexts<K extends { id: number }, R>(
  memo: RecordMemo,
  keys: readonly K[],
  keyOf: (k: K) => string,
  fill: {
    read: (ids: number[]) => Promise<R[]>;
    idOf: (row: R) => number;
    /** Whether `row` was read as its key names it (the same version, the same names…): only then is it kept. */
    current: (row: R, k: K) => boolean;
  },
  render: (row: R) => unknown,
): Promise<string[]> {
  const names = keys.map(keyOf);
  const texts = names.map((name) => memo.get(name));
  const missing = keys.filter((_, i) => texts[i] === undefined);
  if (!missing.length) return texts as string[];
  const rows = new Map((await fill.read(missing.map((k) => k.id))).map((r) => [fill.idOf(r), r]));
  return keys.flatMap((k, i) => {
    if (texts[i] !== undefined) return [texts[i]];
    const row = rows.get(k.id);
    if (!row) return []; // gone between the two statements (bids are never deleted)
    const text = JSON.stringify(render(row));
    if (fill.current(row, k)) memo.set(names[i]!, text);
    return [text];
  });
}

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
 * What a kept record is made of besides whose view it is: the row at its version, the shown names at their epoch, and
 * `also` what else it shows of the row that changes without the version (a trade's sale order uploaded).
 */
export type RecordStamp = { id: number; version: number; names: number; also?: string };

/**
 * A page's records as JSON text, in the order of `keys`: each from the memo when kept under its kind, view and
 * stamp; the others read by `read` (by id, one statement for all of them), rendered and kept. A row read otherwise
 * than its key's stamp says (changed between the two statements) is rendered as read but not kept.
 */
export async function memoTexts<K extends RecordStamp, R>(
  memo: RecordMemo,
  page: {
    /** Which record: a list's kind ("trade", "fee"). */
    kind: string;
    keys: readonly K[];
    /** Whose view of `k` the page shows (a side, the platform). */
    viewOf: (k: K) => string;
    read: (ids: number[]) => Promise<R[]>;
    stampOf: (row: R) => RecordStamp;
    render: (row: R) => unknown;
  },
): Promise<string[]> {
  const { keys } = page;
  const names = keys.map((k) => `${page.kind}|${page.viewOf(k)}|${k.id}|${k.version}|${k.names}|${k.also ?? ''}`);
  const texts = names.map((name) => memo.get(name));
  const missing = keys.filter((_, i) => texts[i] === undefined);
  if (!missing.length) return texts as string[];
  const rows = new Map((await page.read(missing.map((k) => k.id))).map((r) => [page.stampOf(r).id, r]));
  return keys.flatMap((k, i) => {
    if (texts[i] !== undefined) return [texts[i]];
    const row = rows.get(k.id);
    if (!row) return []; // gone between the two statements (bids are never deleted)
    const text = JSON.stringify(page.render(row));
    const read = page.stampOf(row);
    if (read.version === k.version && read.names === k.names && read.also === k.also) memo.set(names[i]!, text);
    return [text];
  });
}

/**
 * Texts kept per id under an epoch (a one-row number raised with every change of what they show, db/epoch-table.ts):
 * the texts of `ids` as at `epoch` (the epoch a page was read at), or as `read` gives them now for the ones the memo
 * does not hold at that epoch — at most as new as the moment they are asked for, never older than the page. Each
 * text read is kept under the epoch `read` says it was read at. An id `read` does not return has no entry.
 */
export async function epochTexts(
  memo: RecordMemo,
  opts: { kind: string; epoch: number },
  ids: Iterable<number>,
  read: (ids: number[]) => Promise<{ id: number; epoch: number; text: string }[]>,
): Promise<Map<number, string>> {
  const keyOf = (epoch: number, id: number) => `${opts.kind}|${epoch}|${id}`;
  const texts = new Map<number, string>();
  const missing = new Set<number>();
  for (const id of ids) {
    if (texts.has(id) || missing.has(id)) continue;
    const kept = memo.get(keyOf(opts.epoch, id));
    if (kept === undefined) missing.add(id);
    else texts.set(id, kept);
  }
  if (missing.size > 0) {
    for (const row of await read([...missing])) {
      texts.set(row.id, row.text);
      memo.set(keyOf(row.epoch, row.id), row.text);
    }
  }
  return texts;
}

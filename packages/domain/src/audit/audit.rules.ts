// What an audit entry changed, field by field (issue 21 item 15): nested records (a bid's approval flags) are read
// as dotted paths, so the one flag that changed is its own row rather than a blob of JSON. Pure; the audit page shows
// each change as "field: before → after".

export type AuditChange = {
  /** The field's path: `status`, `flags.approver_buyer`. */
  field: string;
  /** The value before, as text; null when the field did not exist before (created). */
  before: string | null;
  /** The value after, as text; null when the field no longer exists (removed). */
  after: string | null;
};

/** Nested records deeper than this are shown as one value. */
const MAX_DEPTH = 4;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A value as the audit page shows it: text as it is, null as "∅", anything else as JSON. Never shortened. */
export function auditValueText(value: unknown): string {
  if (value === null) return '∅';
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/** `record` as `{path: value}`, nested records flattened to dotted paths up to MAX_DEPTH. */
function flatten(record: Record<string, unknown>, prefix = '', depth = 0): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value) && Object.keys(value).length > 0 && depth < MAX_DEPTH)
      for (const [p, v] of flatten(value, path, depth + 1)) out.set(p, v);
    else out.set(path, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry changed, in `after`'s order, then the ones only `before` had. With both sides, fields equal
 * on both are left out (context, not change); an entry with one side (a creation, a deletion) lists all of it. A
 * value that is not a record is the field `value`.
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    if (same(before, after)) return [];
    return [
      {
        field: 'value',
        before: hasBefore ? auditValueText(before) : null,
        after: hasAfter ? auditValueText(after) : null,
      },
    ];
  }
  const b = hasBefore ? flatten(before as Record<string, unknown>) : new Map<string, unknown>();
  const a = hasAfter ? flatten(after as Record<string, unknown>) : new Map<string, unknown>();
  const changes: AuditChange[] = [];
  for (const [field, value] of a) {
    if (b.has(field) && same(b.get(field), value)) continue;
    changes.push({ field, before: b.has(field) ? auditValueText(b.get(field)) : null, after: auditValueText(value) });
  }
  // A field only `before` names was removed, when the entry has an after at all; else it is the deleted record.
  for (const [field, value] of b)
    if (!a.has(field)) changes.push({ field, before: auditValueText(value), after: null });
  return changes;
}

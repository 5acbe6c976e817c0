// The before/after of an audit entry, compactly: the fields that changed, one per line, the whole record on demand.

const MAX_LINES = 4;
const MAX_VALUE = 40;

type Change = { field: string; before?: unknown; after?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields `after` names whose values differ from `before` (all of one side when the other is missing). Fields
 * only `before` holds (an id, a status the change did not touch) are context, not changes.
 */
export function changedFields(before: unknown, after: unknown): Change[] {
  if (isRecord(before) && isRecord(after)) {
    return Object.keys(after)
      .filter((k) => !same(before[k], after[k]))
      .map((k) => ({ field: k, before: before[k], after: after[k] }));
  }
  if (isRecord(after) && (before === null || before === undefined)) {
    return Object.entries(after).map(([field, value]) => ({ field, after: value }));
  }
  if (isRecord(before) && (after === null || after === undefined)) {
    return Object.entries(before).map(([field, value]) => ({ field, before: value }));
  }
  if (same(before, after)) return [];
  return [{ field: 'value', before, after }];
}

export function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function line(change: Change): string {
  if (!('before' in change) || change.before === undefined) return `${change.field}: ${showValue(change.after)}`;
  if (!('after' in change) || change.after === undefined) return `${change.field}: ${showValue(change.before)} → ∅`;
  return `${change.field}: ${showValue(change.before)} → ${showValue(change.after)}`;
}

export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = changedFields(before, after);
  if (changes.length === 0) return <span className="muted">No field changes</span>;
  return (
    <div className="audit-changes">
      <ul className="cell-lines">
        {changes.slice(0, MAX_LINES).map((c) => (
          <li key={c.field}>{line(c)}</li>
        ))}
      </ul>
      {changes.length > MAX_LINES || changes.some((c) => line(c).includes('…')) ? (
        <details>
          <summary>Before and after ({changes.length} fields)</summary>
          <pre>{JSON.stringify({ before: before ?? null, after: after ?? null }, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

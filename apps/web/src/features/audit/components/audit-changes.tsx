// The before/after of an audit entry as one row per changed field, "field: before → after" (the domain's
// `auditDiff`: a bid's flags are rows of their own). Values are never cut: long ones wrap. Beyond a few rows the rest
// open on demand.
import { auditDiff, type AuditChange } from '@spirit/domain/audit/audit.rules';

const SHOWN = 4;

function Row({ change }: { change: AuditChange }) {
  return (
    <li>
      <span className="audit-field">{change.field}:</span>{' '}
      {change.before === null ? (
        <span className="audit-after">{change.after}</span>
      ) : change.after === null ? (
        <>
          <del className="audit-before">{change.before}</del> <span className="muted">(removed)</span>
        </>
      ) : (
        <>
          <span className="audit-before">{change.before}</span>
          <span aria-label="changed to"> → </span>
          <span className="audit-after">{change.after}</span>
        </>
      )}
    </li>
  );
}

export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditDiff(before, after);
  if (changes.length === 0) return <span className="muted">No field changes</span>;
  const rest = changes.slice(SHOWN);
  return (
    <div className="audit-changes">
      <ul className="cell-lines">
        {changes.slice(0, SHOWN).map((c) => (
          <Row key={c.field} change={c} />
        ))}
      </ul>
      {rest.length ? (
        <details>
          <summary>
            {rest.length} more {rest.length === 1 ? 'change' : 'changes'}
          </summary>
          <ul className="cell-lines">
            {rest.map((c) => (
              <Row key={c.field} change={c} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

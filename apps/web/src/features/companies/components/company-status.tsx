// A company's status as a coloured dot with its word beside it: the colour is never the only signal.
import { COMPANY_STATUSES, type CompanyStatus as Status } from '@spirit/domain/companies/companies.constants';

const TONES: Record<Status, string> = {
  Approved: 'green',
  Pending: 'amber',
  Rejected: 'red',
  Deleted: 'grey',
};

function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (COMPANY_STATUSES as readonly string[]).includes(value);
}

/** Approved green, Pending amber, Rejected red, Deleted grey; anything else or nothing: 'Unknown'. */
export function CompanyStatus({ status }: { status: string | null | undefined }) {
  const known = isStatus(status) ? status : null;
  const tone = known ? TONES[known] : 'unknown';
  return (
    <span className={`status-dot-label status-${tone}`}>
      <span className="status-dot" aria-hidden="true" />
      {known ?? 'Unknown'}
    </span>
  );
}

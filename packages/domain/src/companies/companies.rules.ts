import type { CompanyStatus } from './companies.constants.js';

/** Review decisions: only a Pending company may be approved or rejected. */
export function canReview(from: CompanyStatus, to: CompanyStatus): boolean {
  return from === 'Pending' && (to === 'Approved' || to === 'Rejected');
}

/** A user of the company may sign in only while it is Approved. */
export function companyAllowsSignIn(status: CompanyStatus): boolean {
  return status === 'Approved';
}

/** Counterparty names are masked: four asterisks and the last two characters. */
export function maskCompanyName(name: string): string {
  return `****${name.slice(-2)}`;
}

// Which calls change something: every call but the reads. A read is named get… (the spec's convention) or is one of
// the few reads named otherwise. The web app sends an `Idempotency-Key` with each call that changes something, and
// the server keeps answers for those only (DESIGN.md §5), so reads cost no extra query. No imports: /login's bundle
// takes this without the contract's schemas.
const READS_NAMED_OTHERWISE = new Set(['latestNegotiation', 'refreshUser', 'verifyToken']);

export function changesState(method: string): boolean {
  return !method.startsWith('get') && !READS_NAMED_OTHERWISE.has(method);
}

/** A route's id as a positive integer: `undefined` when the route has none, `null` when it is not a number. */
export function routeId(raw: string | null | undefined): number | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

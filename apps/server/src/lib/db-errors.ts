// Constraint violations as the database reports them: Drizzle wraps the driver's error (pg or PGlite) in `cause`.

type PgError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The name of the unique index a failed statement violated, or null when the error is something else. */
export function violatedUniqueIndex(err: unknown): string | null {
  for (let e = err as PgError | undefined, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as PgError | undefined;
  }
  return null;
}

/**
 * Runs `work`, turning a violation of one of the named unique indexes into that index's error. The check before
 * the write gives the clear message in the common case; this catches the race between two writers.
 */
export async function onUniqueViolation<T>(work: Promise<T>, errors: Record<string, () => Error>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const index = violatedUniqueIndex(err);
    const translated = index !== null ? errors[index] : undefined;
    throw translated ? translated() : err;
  }
}

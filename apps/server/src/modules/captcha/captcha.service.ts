// ALTCHA proof of work, verified on the server; a solved payload is accepted once.
import { AUTH_MESSAGES } from '@spirit/domain/auth/auth.constants';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { usedCaptchas } from './captcha.table.js';

const CHALLENGE_TTL_MS = 10 * 60_000;

export type CaptchaService = {
  challenge: () => Promise<{
    algorithm: string;
    challenge: string;
    maxnumber?: number;
    salt: string;
    signature: string;
  }>;
  /** Throws the captcha field error unless the payload is a fresh, correct solution. */
  verify: (payload: string) => Promise<void>;
};

type Decoded = { algorithm: string; challenge: string; number: number; salt: string; signature: string };

function decode(payload: string): Decoded | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Decoded>;
    if (typeof value.signature !== 'string' || typeof value.challenge !== 'string') return null;
    return value as Decoded;
  } catch {
    return null;
  }
}

export function createCaptchaService(opts: {
  db: Db;
  hmacKey: string;
  maxNumber: number;
  now: () => Date;
}): CaptchaService {
  const refuse = () => invalidField('captcha', AUTH_MESSAGES.captchaInvalid, 'captcha.invalid');
  return {
    challenge: async () => {
      const expires = new Date(opts.now().getTime() + CHALLENGE_TTL_MS);
      const c = await createChallenge({ hmacKey: opts.hmacKey, maxNumber: opts.maxNumber, expires });
      return {
        algorithm: c.algorithm,
        challenge: c.challenge,
        maxnumber: c.maxnumber,
        salt: c.salt,
        signature: c.signature,
      };
    },
    verify: async (payload) => {
      const decoded = payload.length <= 2000 ? decode(payload) : null;
      if (!decoded) throw refuse();
      if (!(await verifySolution(payload, opts.hmacKey, true))) throw refuse();
      const now = opts.now();
      // Spent once, in one round trip with the purge of expired ones (an expired payload never verifies above, so
      // the purge and the claim never race for one signature).
      const expired = opts.db.delete(usedCaptchas).where(lt(usedCaptchas.expires_at, now));
      const claim = opts.db
        .insert(usedCaptchas)
        .values({ signature: decoded.signature, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchas.signature });
      const res = await opts.db.execute(sql`with purged as (${expired.getSQL()}) ${claim.getSQL()}`);
      if ((res as unknown as { rows: unknown[] }).rows.length === 0) throw refuse();
    },
  };
}

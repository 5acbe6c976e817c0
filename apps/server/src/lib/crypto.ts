import { hash as digest, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random 256-bit token, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex, one shot: every signed-in call hashes its token (a Hash object costs about twice as much). */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so timing does not tell whether the account exists.
    await hash(password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

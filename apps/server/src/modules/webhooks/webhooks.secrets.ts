// Webhook signing secrets at rest (issue 25 part 5): the server must sign with the secret itself, so it cannot keep
// only a hash as it does for API keys; it keeps the secret sealed with AES-256-GCM under a key that is not in the
// database, so a copy of the database (a backup, a dump) does not let anyone forge a company's deliveries.
// The key is WEBHOOK_SECRET_KEY when set (every process of a deployment on several machines must share it), else
// 32 random bytes kept in DATA_DIR/webhook-secret.key, made on first use (readable by the server's user only).
// A secret stored before sealing existed is read as it is.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

const PREFIX = 'v1:';
const keys = new Map<string, Buffer>();

function keyOf(config: Pick<Config, 'webhookSecretKey' | 'dataDir'>): Buffer {
  const source = config.webhookSecretKey ?? path.join(config.dataDir, 'webhook-secret.key');
  const known = keys.get(source);
  if (known) return known;
  let key: Buffer;
  if (config.webhookSecretKey) key = createHash('sha256').update(config.webhookSecretKey).digest();
  else {
    if (!existsSync(source)) {
      mkdirSync(path.dirname(source), { recursive: true });
      // `wx`: of two processes starting at once, one writes the key and the other reads it.
      try {
        writeFileSync(source, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    key = Buffer.from(readFileSync(source, 'utf8').trim(), 'base64');
  }
  keys.set(source, key);
  return key;
}

/** The secret as stored: `v1:` iv, ciphertext and tag (base64url, dot-separated). */
export function sealSecret(config: Pick<Config, 'webhookSecretKey' | 'dataDir'>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** The secret to sign with. */
export function openSecret(config: Pick<Config, 'webhookSecretKey' | 'dataDir'>, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, sealed, tag] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}

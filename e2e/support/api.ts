// Talks to the running server the way a client does: real captcha solutions, real calls, real mailbox.
import { solveChallenge } from 'altcha-lib/v1';
import { BASE_URL } from '../playwright.config';

type Envelope<T> = { status: 'OK' | 'ERROR'; statusCode: number; message?: string; error?: string; data: T };

export async function call<T = unknown>(method: string, body: unknown = {}, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${BASE_URL}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

export async function captcha(): Promise<string> {
  const { data: c } = await call<{
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  }>('getCaptcha');
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ ...c, number: solution.number, maxnumber: undefined })).toString('base64');
}

export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('login', { email, password, captcha: await captcha() });
  if (res.status !== 'OK') throw new Error(`login failed for ${email}: ${res.error}`);
  return res.data.token;
}

type Mail = { kind: string; to_address: string; subject: string; text_body: string; created_at: string };

/** Waits for a mail of `kind` to `to` newer than `since`. */
export async function waitForMail(to: string, kind: string, since = 0): Promise<Mail> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${BASE_URL}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const { mails } = (await res.json()) as { mails: Mail[] };
    const found = mails.find((m) => m.kind === kind && new Date(m.created_at).getTime() >= since);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

export function linkIn(mail: Mail): string {
  const match = /(https?:\/\/\S+usersetup\?token=\S+)/.exec(mail.text_body);
  if (!match) throw new Error('no link in mail');
  return match[1]!;
}

export function codeIn(mail: Mail): string {
  const match = /code is ([0-9]{6})/.exec(mail.text_body);
  if (!match) throw new Error('no code in mail');
  return match[1]!;
}

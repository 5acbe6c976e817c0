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

/** The newest mail of `kind` to `to` newer than `since`, if there is one yet. */
export async function findMail(to: string, kind: string, since = 0): Promise<Mail | undefined> {
  const res = await fetch(`${BASE_URL}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const { mails } = (await res.json()) as { mails: Mail[] };
  return mails.find((m) => m.kind === kind && new Date(m.created_at).getTime() >= since);
}

/** How long a mail may take to arrive: long enough for a server on a machine busy with other suites (issue 20, 7). */
const MAIL_WAIT_MS = 30_000;

/** Waits for a mail of `kind` to `to` newer than `since`. */
export async function waitForMail(to: string, kind: string, since = 0): Promise<Mail> {
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    const found = await findMail(to, kind, since);
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

/** Every mail to `to` (newest first), optionally of one kind. */
export async function mailsTo(to: string, kind?: string): Promise<Mail[]> {
  const res = await fetch(`${BASE_URL}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const { mails } = (await res.json()) as { mails: Mail[] };
  return kind ? mails.filter((m) => m.kind === kind) : mails;
}

/** Waits until `to` has received `count` mails of `kind`; returns them, newest first. */
export async function waitForMailCount(to: string, kind: string, count: number): Promise<Mail[]> {
  let found: Mail[] = [];
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    found = await mailsTo(to, kind);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`expected ${count} ${kind} mails to ${to}, got ${found.length}`);
}

// Sessions by email, so a spec signs each account in once: the server allows 10 sign-ins per account in 5 minutes.
const tokens = new Map<string, string>();

export function rememberToken(email: string, token: string) {
  tokens.set(email.toLowerCase(), token);
}

/** A session token for the account: a remembered one while it is still valid, else a fresh API sign-in. */
export async function tokenFor(email: string, password: string): Promise<string> {
  const known = tokens.get(email.toLowerCase());
  if (known && (await call('refreshUser', {}, known)).status === 'OK') return known;
  const token = await apiLogin(email, password);
  rememberToken(email, token);
  return token;
}

/** Calls `method` and fails with the server's error unless it answers OK. */
export async function ok<T = unknown>(method: string, body: unknown, token?: string): Promise<T> {
  const res = await call<T>(method, body, token);
  if (res.status !== 'OK') throw new Error(`${method} failed: ${res.statusCode} ${res.error ?? res.message ?? ''}`);
  return res.data;
}

/** A 1×1 PNG standing in for a scanned PAN card. */
export const PAN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PAN card the way the registration form does (multipart, field `file`); returns its `file_url`. */
export async function uploadFile(name: string, contentType: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  const res = await fetch(`${BASE_URL}/api/uploadFile`, { method: 'POST', body: form });
  const body = (await res.json()) as Envelope<{ file_url: string }>;
  if (body.status !== 'OK') throw new Error(`upload failed: ${body.error}`);
  return body.data.file_url;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GST_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet.charAt(Math.floor(Math.random() * alphabet.length))).join('');

/** A fresh, well-formed company PAN (five letters, four digits, a letter): PANs are unique per company. */
export function uniquePan(): string {
  return `${pick(LETTERS, 3)}C${pick(LETTERS, 1)}${pick('0123456789', 4)}${pick(LETTERS, 1)}`;
}

/** The GSTIN of `pan` in a state (27 = Maharashtra), with its check character. */
export function gstOf(pan: string, stateCode = '27'): string {
  const first14 = `${stateCode}${pan}1Z`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GST_ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + GST_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export type Registration = {
  type: 'Seller' | 'Buyer';
  name: string;
  registered_name: string;
  email: string;
  mobile_number: string;
  pan_no: string;
  gst_number: string;
  address: string;
  state: string;
  city: string;
  pin_code: string;
  type_of_spirits: string[];
};

/**
 * A visitor's registration through the API, as the /register page sends it: the PAN card upload, then
 * `createCompany` with a solved captcha. Returns the new (Pending) company's id and the registration.
 */
export async function registerCompany(
  fields: Partial<Registration> & { name: string; email: string },
): Promise<{ id: number; registration: Registration }> {
  const pan = fields.pan_no ?? uniquePan();
  const registration: Registration = {
    type: 'Seller',
    registered_name: `${fields.name} Private Limited`,
    mobile_number: '9123456789',
    pan_no: pan,
    gst_number: gstOf(pan),
    address: 'Plot 9, MIDC, Pune',
    state: 'Maharashtra',
    city: 'Pune',
    pin_code: '411019',
    type_of_spirits: ['Molasses ENA', 'Grain ENA'],
    ...fields,
  };
  const license = await uploadFile('pan.png', 'image/png', PAN_PNG);
  const data = await ok<{ id: number }>('createCompany', { ...registration, license, captcha: await captcha() });
  return { id: data.id, registration };
}

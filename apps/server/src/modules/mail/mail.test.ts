import { createServer, type AddressInfo } from 'node:net';
import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, seedSuperAdmin } from '../../test/fixtures.js';
import { createHarness, invitationToken, type Harness } from '../../test/harness.js';

type Received = { from: string; to: string[]; raw: string };

const received: Received[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** The message body with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

describe('mail over SMTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Spirit Exchange <no-reply@spirit.test>' },
    });
  });
  afterAll(async () => h.close());

  it('delivers the invitation over SMTP and records it in the outbox as sent', async () => {
    const superToken = await seedSuperAdmin(h);
    const company = await registerCompany(h);
    const approved = await h.call('updateCompanyStatus', { id: company.id, status: 'Approved' }, superToken);
    expect(approved.body.message).toBe(COMPANY_MESSAGES.approved);

    const delivered = received.filter((m) => m.to.includes(company.email));
    const subjects = delivered.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(subjects.sort()).toEqual([
      'Set up your Spirit Exchange account',
      'We received your registration',
      'Your company has been approved',
    ]);
    const invitation = delivered.find((m) => m.raw.includes('Subject: Set up your Spirit Exchange account'))!;
    expect(invitation.from).toBe('no-reply@spirit.test');
    expect(invitation.raw).toMatch(/^From: Spirit Exchange <no-reply@spirit\.test>$/m);

    const link = /http:\/\/spirit\.test\/usersetup\?token=([A-Za-z0-9_-]+)/.exec(decoded(invitation.raw));
    expect(link).not.toBeNull();
    expect(link![1]).toBe(await invitationToken(h, company.email));
    const verified = await h.call('verifyToken', { token: link![1] });
    expect(verified.body.data).toMatchObject({ email: company.email, company_id: company.id });

    const outbox = await h.mailsTo(company.email);
    expect(outbox.map((m) => m.kind).sort()).toEqual(['company_approved', 'invitation', 'registration_received']);
    for (const row of outbox) expect(row).toMatchObject({ sent_at: expect.any(Date), error: null });
  });
});

describe('mail with the SMTP server down', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => h.close());

  it('keeps the mail in the outbox with the error and still answers the call', async () => {
    const before = received.length;
    const company = await registerCompany(h);
    const [row] = await h.mailsTo(company.email);
    expect(row).toMatchObject({
      kind: 'registration_received',
      sent_at: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(received).toHaveLength(before);
  });
});

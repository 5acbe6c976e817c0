// The mails the platform sends, as plain text with a simple HTML twin.
export type MailKind =
  | 'invitation'
  | 'otp'
  | 'registration_received'
  | 'company_approved'
  | 'company_rejected'
  | 'company_deleted'
  | 'company_restored'
  | 'notification_digest';

export type Mail = { kind: MailKind; to: string; subject: string; text: string; html: string };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function build(
  kind: MailKind,
  to: string,
  subject: string,
  lines: string[],
  link?: { href: string; label: string },
): Mail {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.href}`] : []), '', '— Spirit Exchange'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    link ? `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>` : '',
    '<p>— Spirit Exchange</p>',
  ].join('\n');
  return { kind, to, subject, text, html };
}

export const mails = {
  invitation: (p: { to: string; name: string; company: string; link: string; days: number }) =>
    build(
      'invitation',
      p.to,
      'Set up your Spirit Exchange account',
      [
        `Hello ${p.name},`,
        `An account has been created for you at ${p.company} on Spirit Exchange.`,
        `Open the link below to set your password. The link works once and expires in ${p.days} days.`,
      ],
      { href: p.link, label: 'Set your password' },
    ),
  otp: (p: { to: string; code: string; minutes: number }) =>
    build('otp', p.to, `Your Spirit Exchange code: ${p.code}`, [
      `Your one-time code is ${p.code}.`,
      `It expires in ${p.minutes} minutes and works once. If you did not ask for it, ignore this mail.`,
    ]),
  /** The step-up code before approving or rejecting a bid; `kind` 'otp' like the sign-in code. */
  approvalCode: (p: { to: string; code: string; minutes: number; windowMinutes: number }) =>
    build('otp', p.to, `Your Spirit Exchange approval code: ${p.code}`, [
      `Your approval code is ${p.code}.`,
      `It expires in ${p.minutes} minutes and works once. Entering it lets you approve or reject bids for ${p.windowMinutes} minutes.`,
      'If you did not ask for it, tell your company’s admin.',
    ]),
  registrationReceived: (p: { to: string; company: string }) =>
    build('registration_received', p.to, 'We received your registration', [
      `Thank you for registering ${p.company} with Spirit Exchange.`,
      'You would receive a mail once your form has been verified.',
    ]),
  companyApproved: (p: { to: string; company: string }) =>
    build('company_approved', p.to, 'Your company has been approved', [
      `${p.company} has been approved on Spirit Exchange.`,
      'A separate mail holds the link to set up your admin account.',
    ]),
  companyRejected: (p: { to: string; company: string; reason?: string }) =>
    build('company_rejected', p.to, 'Your registration was not approved', [
      `We could not approve the registration of ${p.company} on Spirit Exchange.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
      'Please contact us if you believe this is a mistake.',
    ]),
  companyDeleted: (p: { to: string; company: string }) =>
    build('company_deleted', p.to, 'Your company account has been deleted', [
      `The account of ${p.company} on Spirit Exchange has been deleted, and its users have been signed out.`,
      'Please contact us if you believe this is a mistake.',
    ]),
  /** The notifications digest (issue 25): one mail with everything a user was told since the last. */
  notificationDigest: (p: {
    to: string;
    name: string;
    items: { title: string; text: string; link: string | null }[];
    more: number;
    settingsLink: string;
  }) => {
    const subject =
      p.items.length + p.more === 1
        ? `Spirit Exchange: ${p.items[0]!.title}`
        : `Spirit Exchange: ${p.items.length + p.more} updates on your trading`;
    const lines = [
      `Hello ${p.name},`,
      ...p.items.map((i) => `• ${i.title}. ${i.text}${i.link ? ` ${i.link}` : ''}`),
      ...(p.more ? [`…and ${p.more} more in the app.`] : []),
      'You can choose which of these you hear of, and how, in the notification settings.',
    ];
    return build('notification_digest', p.to, subject, lines, { href: p.settingsLink, label: 'Notification settings' });
  },
  companyRestored: (p: { to: string; company: string }) =>
    build('company_restored', p.to, 'Your company account has been restored', [
      `The account of ${p.company} on Spirit Exchange has been restored.`,
    ]),
};

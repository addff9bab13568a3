import crypto from 'node:crypto';

/**
 * Requests as Postmark and Mailgun send them to an inbound-mail webhook, for API and browser
 * tests. Written from the providers' documents and on purpose importing nothing of the adapter
 * (nor anything that needs a database), so a test that sends these checks the adapter against
 * the protocol rather than against itself.
 */
export interface FakeInboundMail {
  from: string;
  fromName?: string;
  to: string | string[];
  cc?: string[];
  subject: string;
  /** The whole text part as the client sent it, quote and signature included. */
  text: string;
  html?: string;
  /** What the provider found as the reply alone; Postmark and Mailgun leave it out when unsure. */
  strippedText?: string;
  messageId?: string;
}

export interface FakeInboundRequest {
  headers: Record<string, string>;
  /** Ready to send as is: JSON for Postmark, a urlencoded form for Mailgun. */
  body: string;
}

const list = (to: string | string[]) => (Array.isArray(to) ? to : [to]);
const mailbox = (name: string | undefined, address: string) =>
  name ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;

export function postmarkInboundRequest(mail: FakeInboundMail, secret: string): FakeInboundRequest {
  const to = list(mail.to);
  const messageId = mail.messageId ?? crypto.randomUUID();
  const body = {
    FromName: mail.fromName ?? '',
    MessageStream: 'inbound',
    From: mail.from,
    FromFull: { Email: mail.from, Name: mail.fromName ?? '', MailboxHash: '' },
    To: to.join(', '),
    ToFull: to.map((Email) => ({ Email, Name: '', MailboxHash: '' })),
    Cc: (mail.cc ?? []).join(', '),
    CcFull: (mail.cc ?? []).map((Email) => ({ Email, Name: '', MailboxHash: '' })),
    Bcc: '',
    BccFull: [],
    OriginalRecipient: to[0] ?? '',
    Subject: mail.subject,
    MessageID: messageId,
    ReplyTo: '',
    MailboxHash: '',
    Date: new Date().toUTCString(),
    TextBody: mail.text,
    HtmlBody: mail.html ?? '',
    StrippedTextReply: mail.strippedText ?? '',
    Tag: '',
    Headers: [
      { Name: 'Message-ID', Value: `<${messageId}@mail.example>` },
      { Name: 'X-Spam-Status', Value: 'No' },
    ],
    Attachments: [],
  };
  const credentials = Buffer.from(`postmark:${secret}`, 'utf8').toString('base64');
  return {
    headers: { 'content-type': 'application/json', authorization: `Basic ${credentials}` },
    body: JSON.stringify(body),
  };
}

/** The form fields alone, signed; `mailgunInboundRequest` encodes them. */
export function mailgunInboundFields(
  mail: FakeInboundMail,
  signingKey: string,
  now: Date = new Date(),
): Record<string, string> {
  const to = list(mail.to);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const token = crypto.randomBytes(25).toString('hex'); // 50 characters, as Mailgun's
  const signature = crypto
    .createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  const messageId = `<${mail.messageId ?? crypto.randomUUID()}@mail.example>`;
  const from = mailbox(mail.fromName, mail.from);
  const headers: [string, string][] = [
    ['From', from],
    ['To', to.join(', ')],
    ...(mail.cc?.length ? [['Cc', mail.cc.join(', ')] as [string, string]] : []),
    ['Subject', mail.subject],
    ['Message-Id', messageId],
  ];
  return {
    recipient: to.join(','),
    sender: mail.from,
    from,
    subject: mail.subject,
    'body-plain': mail.text,
    ...(mail.html ? { 'body-html': mail.html } : {}),
    'stripped-text': mail.strippedText ?? '',
    'stripped-signature': '',
    ...Object.fromEntries(headers),
    'message-headers': JSON.stringify(headers),
    timestamp,
    token,
    signature,
  };
}

export function mailgunInboundRequest(
  mail: FakeInboundMail,
  signingKey: string,
  now?: Date,
): FakeInboundRequest {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(mailgunInboundFields(mail, signingKey, now)).toString(),
  };
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file sent with a message, as text (a calendar invitation: `invite.ics`, `text/calendar; method=REQUEST`). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (clients' billing e-mails); the text stays for mail readers without HTML. */
  html?: string | null | undefined;
  /** Files sent with it (a calendar invitation); none for most messages. */
  attachments?: readonly MailAttachment[] | null | undefined;
  /** Where a reply goes when not to the sender (a support request's own address). */
  replyTo?: string | null | undefined;
}

export interface MailTransport {
  readonly kind: 'log' | 'smtp';
  /** Whether it gets one-time links as written: a real mailbox does; the log only on a machine of one's own. */
  readonly deliversSecrets: boolean;
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * No mail server configured: the message is written to the log (and stays in the outbox table).
 * `deliversSecrets`: the log is the only mailbox of a local `npm start` (no https PUBLIC_URL), so
 * there it gets the real one-time link; on a public site the log is no mailbox and gets it redacted.
 */
export function createLogTransport(
  log: Log,
  options: { deliversSecrets?: boolean } = {},
): MailTransport {
  return {
    kind: 'log',
    deliversSecrets: options.deliversSecrets ?? false,
    async send(message) {
      log.info(
        {
          mail: {
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.attachments?.length
              ? { attachments: message.attachments.map((a) => a.filename) }
              : {}),
          },
        },
        'e-mail (no SMTP_URL set, so logged and not sent)',
      );
    },
    close() {},
  };
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…:465`. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // nodemailer waits up to 10 minutes for a silent socket by default; the outbox retries later.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    deliversSecrets: true,
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(
  mail: { smtpUrl: string | undefined; from: string },
  log: Log,
  site: { public: boolean },
): MailTransport {
  return mail.smtpUrl
    ? createSmtpTransport(mail.smtpUrl, mail.from)
    : createLogTransport(log, { deliversSecrets: !site.public });
}

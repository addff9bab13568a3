import crypto from 'node:crypto';
import { parseAddressList, parseMailbox, uniqueAddresses } from './addresses.js';
import { bareMessageId, constantTimeEqual, isRecord } from './shared.js';
import { htmlToText, replyText } from './strip.js';
import type { InboundMail, InboundMailProvider } from './types.js';

/**
 * Mailgun routes with a forward() to our URL: the mail arrives as form fields (sender, from,
 * recipient, subject, body-plain, stripped-text, the mail's headers by name, …) with timestamp,
 * token and signature = hex HMAC-SHA256(signing key, timestamp + token) for authentication.
 */
export const MAILGUN_MAX_AGE_MS = 15 * 60_000;

export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return crypto
    .createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
}

/** A form field; a repeated one arrives as an array from some parsers, and the first counts. */
function field(body: Record<string, unknown>, name: string): string {
  const key =
    name in body ? name : Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : body[key];
  const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : '';
}

export function createMailgunProvider(
  signingKey: string,
  now: () => Date = () => new Date(),
): InboundMailProvider {
  return {
    name: 'mailgun',
    authenticate({ body }) {
      if (!isRecord(body) || signingKey === '') return false;
      const timestamp = field(body, 'timestamp');
      const token = field(body, 'token');
      const signature = field(body, 'signature').toLowerCase();
      if (!/^\d{1,12}$/.test(timestamp) || token === '') return false;
      // Mailgun's advice against replays: refuse old timestamps. Far-future ones are refused too,
      // or one captured request signed with a skewed clock would stay usable for long.
      const ageMs = now().getTime() - Number(timestamp) * 1000;
      if (Math.abs(ageMs) > MAILGUN_MAX_AGE_MS) return false;
      return constantTimeEqual(signature, mailgunSignature(signingKey, timestamp, token));
    },
    parse(body): InboundMail | null {
      if (!isRecord(body)) return null;
      const fromHeader = parseMailbox(field(body, 'from'));
      const sender = fromHeader ?? parseMailbox(field(body, 'sender'));
      if (!sender) return null;
      const recipients = [
        ...parseAddressList(field(body, 'To')),
        ...parseAddressList(field(body, 'Cc')),
        ...parseAddressList(field(body, 'recipient')),
      ];
      if (!('body-plain' in body) && recipients.length === 0) return null;
      const plain = field(body, 'body-plain');
      const fullText = plain.trim() !== '' ? plain : htmlToText(field(body, 'body-html'));
      return {
        from: sender.address,
        fromName: sender.name,
        to: uniqueAddresses(recipients.map((m) => m.address)),
        subject: field(body, 'subject').trim(),
        text: replyText(field(body, 'stripped-text'), fullText),
        messageId: bareMessageId(field(body, 'Message-Id')),
      };
    },
  };
}

/**
 * The fields of Mailgun's POST, for a route without a form parser: Mailgun sends
 * application/x-www-form-urlencoded, or multipart/form-data when the mail has attachments (the
 * files themselves are dropped here; only text fields are kept). Uses the platform's Fetch
 * Response parser, so no multipart library is needed.
 */
export async function readMailgunForm(
  raw: Buffer | string,
  contentType: string,
): Promise<Record<string, string>> {
  const bytes = typeof raw === 'string' ? raw : new Uint8Array(raw);
  const form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  }
  return fields;
}

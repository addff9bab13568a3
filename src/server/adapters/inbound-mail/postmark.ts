import { parseAddressList, parseMailbox, uniqueAddresses } from './addresses.js';
import { bareMessageId, constantTimeEqual, headerValue, isRecord } from './shared.js';
import { htmlToText, replyText } from './strip.js';
import type { InboundMail, InboundMailProvider } from './types.js';

/**
 * Postmark's inbound webhook: the mail as one JSON document (From, FromFull, ToFull, CcFull,
 * OriginalRecipient, Subject, TextBody, HtmlBody, StrippedTextReply, MessageID, Headers …).
 * Postmark signs nothing; its documented protection is HTTP Basic credentials written into the
 * webhook URL (https://postmark:SECRET@host/…), which arrive as an Authorization header.
 */
export const POSTMARK_USER = 'postmark';

export function postmarkAuthorization(secret: string): string {
  return `Basic ${Buffer.from(`${POSTMARK_USER}:${secret}`, 'utf8').toString('base64')}`;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function emailsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((entry) => str(entry.Email));
}

export function createPostmarkProvider(secret: string): InboundMailProvider {
  const expected = postmarkAuthorization(secret);
  return {
    name: 'postmark',
    authenticate({ headers }) {
      const given = headerValue(headers, 'authorization') ?? '';
      // The scheme name is case-insensitive (RFC 7617); the credentials are not.
      const normalised = given.replace(/^basic\s+/i, 'Basic ').trim();
      return secret !== '' && constantTimeEqual(normalised, expected);
    },
    parse(body): InboundMail | null {
      if (!isRecord(body)) return null;
      const fromFull = isRecord(body.FromFull) ? body.FromFull : {};
      const sender = parseMailbox(str(fromFull.Email)) ?? parseMailbox(str(body.From));
      if (!sender) return null;
      const to = uniqueAddresses([
        ...emailsOf(body.ToFull),
        ...parseAddressList(str(body.To)).map((m) => m.address),
        ...emailsOf(body.CcFull),
        ...parseAddressList(str(body.Cc)).map((m) => m.address),
        str(body.OriginalRecipient),
      ]);
      const textBody = str(body.TextBody);
      const fullText = textBody.trim() !== '' ? textBody : htmlToText(str(body.HtmlBody));
      return {
        from: sender.address,
        fromName: str(fromFull.Name).trim() || str(body.FromName).trim() || sender.name,
        to,
        subject: str(body.Subject).trim(),
        text: replyText(str(body.StrippedTextReply), fullText),
        messageId: bareMessageId(body.MessageID),
      };
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import type { InboundMail } from '../../adapters/inbound-mail/index.js';
import type { UnmatchedMail } from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  supportInboundMail,
  supportRequests as req,
} from '../../db/schema.js';
import type { SupportService } from './service.js';

export type InboundOutcome = 'added' | 'opened' | 'duplicate' | 'kept';

const TEXT_MAX = 20_000;

/** The request token in `support+<token>@domain`, when the address is our inbound address plus-addressed. */
export function tokenOf(address: string, inboundAddress: string): string | null {
  const at = inboundAddress.lastIndexOf('@');
  const local = inboundAddress.slice(0, at).toLowerCase();
  const domain = inboundAddress.slice(at + 1).toLowerCase();
  const match = /^([^@+]+)\+([0-9a-f]{24})@(.+)$/.exec(address.trim().toLowerCase());
  if (!match || match[1] !== local || match[3] !== domain) return null;
  return match[2]!;
}

/**
 * An e-mail from the provider's webhook (docs/decisions/041). Sent to a request's own address by
 * that request's client: a message in its thread (a closed request reopens). Sent to the plain
 * support address by exactly one client's address: a new request. Anything else (a stranger, a
 * client writing to another client's request, an address unknown or shared by several businesses)
 * never creates, reads or changes a request: it is kept for the team to review. A provider's retry
 * of the same Message-ID adds nothing.
 */
export async function receiveInboundMail(
  deps: { db: Db; support: SupportService; inboundAddress: string; provider: string },
  mail: InboundMail,
): Promise<InboundOutcome> {
  const { db, support } = deps;
  const text = mail.text.slice(0, TEXT_MAX).trim();
  const keep = async (reason: UnmatchedMail['reason']): Promise<InboundOutcome> => {
    const rows = await db
      .insert(supportInboundMail)
      .values({
        provider: deps.provider,
        from: mail.from,
        subject: mail.subject.slice(0, 500),
        text,
        reason,
        messageId: mail.messageId,
      })
      .onConflictDoNothing()
      .returning({ id: supportInboundMail.id });
    return rows.length > 0 ? 'kept' : 'duplicate';
  };
  const from = mail.from.toLowerCase();
  const token = mail.to.map((to) => tokenOf(to, deps.inboundAddress)).find((t) => t !== null);
  if (token) {
    const [request] = await db
      .select({ id: req.id, registrationId: req.registrationId, email: reg.email })
      .from(req)
      .innerJoin(reg, eq(reg.id, req.registrationId))
      .where(eq(req.replyToken, token));
    if (!request) return keep('unknown_request');
    if (request.email.toLowerCase() !== from) return keep('not_the_client');
    const { added } = await support.clientMessage(
      request.registrationId,
      request.id,
      { body: text || mail.subject || '(empty e-mail)', attachments: [] },
      'email',
      mail.messageId,
    );
    return added ? 'added' : 'duplicate';
  }
  const owners = await db
    .select({ id: reg.id, name: reg.ownerName })
    .from(reg)
    .where(eq(sql`lower(${reg.email})`, from))
    .limit(2);
  if (owners.length === 0) return keep('unknown_sender');
  if (owners.length > 1) return keep('several_businesses');
  const description = [mail.subject.trim(), text].filter(Boolean).join('\n\n') || '(empty e-mail)';
  try {
    await support.open({
      registrationId: owners[0]!.id,
      topic: 'website_change',
      urgency: 'normal',
      source: 'email',
      description,
      author: { kind: 'client', name: owners[0]!.name, via: 'email' },
      messageId: mail.messageId,
      clientMail: 'receipt',
    });
    return 'opened';
  } catch (error) {
    // The same Message-ID again (a provider's retry): its request is there already.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
}

export function createUnmatchedMail(db: Db) {
  return {
    async list(): Promise<{ items: UnmatchedMail[] }> {
      const rows = await db
        .select()
        .from(supportInboundMail)
        .orderBy(sql`${supportInboundMail.receivedAt} desc`)
        .limit(200);
      return {
        items: rows.map((r) => ({
          id: r.id,
          from: r.from,
          subject: r.subject,
          text: r.text,
          reason: r.reason,
          receivedAt: r.receivedAt.toISOString(),
        })),
      };
    },
    async dismiss(id: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      const rows = await db
        .delete(supportInboundMail)
        .where(eq(supportInboundMail.id, id))
        .returning({ id: supportInboundMail.id });
      return rows.length > 0;
    },
  };
}

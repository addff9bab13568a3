import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { localizedPath, WEB_PATHS, type Locale } from '../../../contract/site/routes.js';
import {
  type NewSupportRequestInput,
  type SupportRequestDetail,
  type SupportSource,
  type SupportTopic,
  type SupportUrgency,
} from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  supportFiles,
  supportMessages,
  supportRequests as req,
  user,
  type StoredSupportAttachment,
} from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { clientError, HttpError } from '../../http/errors.js';
import type { OffsetClock } from '../../lib/test-clock.js';
import {
  enqueueMail,
  mailWords,
  teamAndOwners,
  type MailSettings,
} from '../notifications/index.js';
import { firstResponseDue } from './business-hours.js';
import type { ChatNotifier } from '../../adapters/chat/index.js';
import { escalateUnacknowledged } from './escalation.js';
import { createSupportReader } from './reading.js';
import type { SupportSettings } from './settings.js';

const NOT_FOUND = 'This support request does not exist.';
const TITLE_MAX = 120;

export interface SupportDeps {
  db: Db;
  mail: MailSettings;
  emailOrigin: string;
  mailQueued: () => void;
  timeZone: string;
  settings: SupportSettings;
  /** Support time: real time, or test mode's support clock. */
  clock: Pick<OffsetClock, 'now'>;
  chat: ChatNotifier;
  /** The inbound address (support@inbound…): replies go to its plus-address per request; none without inbound mail. */
  inboundAddress: string | undefined;
  log: { error(obj: unknown, msg: string): void };
}

export interface Author {
  id: string;
  name: string;
}

/** The first line of a description, as the request's title. */
export function titleOf(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

const whenText = (at: Date, locale: Locale | 'en', timeZone: string) =>
  new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);

export function createSupportService(deps: SupportDeps) {
  const { db, mail, settings, log } = deps;
  const now = () => deps.clock.now();
  /** Chat posts run after the answer; tests await them. */
  const chatWork = new Set<Promise<void>>();

  const accountUrl = (language: Locale) =>
    `${deps.emailOrigin}${localizedPath(language, WEB_PATHS.account)}#support`;
  const adminUrl = (number: number) => `${deps.emailOrigin}/admin#support/${number}`;
  const replyAddress = (token: string) => {
    if (!deps.inboundAddress) return null;
    const at = deps.inboundAddress.lastIndexOf('@');
    return `${deps.inboundAddress.slice(0, at)}+${token}${deps.inboundAddress.slice(at)}`;
  };

  function postToChat(message: { title: string; text: string; url?: string }) {
    const work = deps.chat
      .send(message)
      .catch((error: unknown) => log.error({ err: error }, 'support chat notification failed'))
      .finally(() => chatWork.delete(work));
    chatWork.add(work);
  }

  const ownersAndTeam = (tx: Db) => teamAndOwners(tx, mail.teamEmail);

  const reader = createSupportReader({ db, now, replyAddress });
  const { baseColumns, clientSummary, clientRequest, detail, registrationOf, queue, figures } =
    reader;

  // ---- Attachments ----

  /** Ties uploaded files to a message: each must be this client's, from this side, and unused. */
  async function claimAttachments(
    tx: Db,
    registrationId: string,
    side: 'client' | 'team',
    ids: string[],
    messageId: string,
  ): Promise<StoredSupportAttachment[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    if (!unique.every(isUuid)) throw clientError(400, 'support_attachment_unknown');
    const rows = await tx
      .update(supportFiles)
      .set({ messageId })
      .where(
        and(
          inArray(supportFiles.id, unique),
          eq(supportFiles.registrationId, registrationId),
          eq(supportFiles.uploadedBy, side),
          isNull(supportFiles.messageId),
        ),
      )
      .returning();
    if (rows.length !== unique.length) throw clientError(400, 'support_attachment_unknown');
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id) => {
      const r = byId.get(id)!;
      return { id: r.id, contentType: r.contentType, size: r.bytes, name: r.name };
    });
  }

  // ---- Writing ----

  interface Opening {
    registrationId: string;
    topic: SupportTopic;
    urgency: SupportUrgency;
    source: SupportSource;
    /** The first message: as written, or in the client's language (a request the product opens). */
    description: string | ((language: Locale) => string);
    /** An internal note for the team beside it (the uptime check's technical detail). */
    note?: string;
    attachments?: string[];
    /** Who wrote it: the client (web, e-mail) or the product itself (uptime, certificate). */
    /** `name` defaults to the client's (the business owner's), read in the opening transaction. */
    author: { kind: 'client' | 'system'; name?: string; via: 'web' | 'email' | 'system' };
    messageId?: string | null;
    /** The client's e-mail: a receipt (web, e-mail) or 'we noticed your site is down' (uptime). */
    clientMail: 'receipt' | 'site_down' | 'none';
    siteUrl?: string;
  }

  async function open(o: Opening): Promise<{ id: string; number: number }> {
    const at = await now();
    const hours = await settings.hours();
    const due = firstResponseDue(at, o.urgency, hours, hours);
    const rotation = o.urgency === 'urgent' ? await settings.rotation(at) : null;
    const onCall = rotation?.now ?? null;
    const onCallEmail = onCall
      ? (await db.select({ email: user.email }).from(user).where(eq(user.id, onCall.id)))[0]?.email
      : undefined;
    const created = await db.transaction(async (tx) => {
      const [client] = await tx
        .select({
          name: reg.ownerName,
          business: reg.businessName,
          email: reg.email,
          language: reg.language,
        })
        .from(reg)
        .where(eq(reg.id, o.registrationId));
      if (!client) throw clientError(404, 'business_not_found');
      const description =
        typeof o.description === 'function' ? o.description(client.language) : o.description;
      const noOnCall = o.urgency === 'urgent' && !onCallEmail;
      const [row] = await tx
        .insert(req)
        .values({
          registrationId: o.registrationId,
          topic: o.topic,
          urgency: o.urgency,
          source: o.source,
          title: titleOf(description) || o.topic,
          replyToken: crypto.randomBytes(12).toString('hex'),
          firstResponseDueAt: due,
          notifiedEmployeeId: onCallEmail ? onCall!.id : null,
          // Nobody on call: the owners are told at once, so there is nothing left to escalate.
          escalatedAt: noOnCall ? at : null,
          createdAt: at,
          lastMessageAt: at,
        })
        .returning({ id: req.id, number: req.number, replyToken: req.replyToken });
      const messageId = crypto.randomUUID();
      const attachments = await claimAttachments(
        tx,
        o.registrationId,
        'client',
        o.attachments ?? [],
        messageId,
      );
      await tx.insert(supportMessages).values({
        id: messageId,
        requestId: row!.id,
        kind: o.author.kind,
        authorName: o.author.name ?? client.name,
        body: description,
        via: o.author.via,
        attachments,
        messageId: o.messageId ?? null,
        createdAt: at,
      });
      const w = mailWords(client.language);
      if (o.note)
        await tx.insert(supportMessages).values({
          requestId: row!.id,
          kind: 'note',
          authorName: mail.siteName,
          body: o.note,
          via: 'system',
          // Just after the message it explains, so the thread reads in that order.
          createdAt: new Date(at.getTime() + 1),
        });
      const title = titleOf(description) || o.topic;
      const values = {
        number: row!.number,
        title,
        due: whenText(due, client.language, deps.timeZone),
        url: o.siteUrl ?? '',
        site: mail.siteName,
      };
      const replyTo = replyAddress(row!.replyToken);
      const closing = [
        '',
        replyTo
          ? w.t('support.replyHint', { url: accountUrl(client.language) })
          : w.t('support.pageHint', { url: accountUrl(client.language) }),
        '',
        mail.siteName,
      ];
      const mails = [];
      if (o.clientMail !== 'none')
        mails.push({
          kind:
            o.clientMail === 'site_down' ? 'client_support_site_down' : 'client_support_received',
          to: client.email,
          replyTo,
          subject:
            o.clientMail === 'site_down'
              ? w.t('support.siteDown.subject', values)
              : w.t('support.received.subject', values),
          text: [
            w.t('mail.hello', { name: client.name }),
            '',
            o.clientMail === 'site_down'
              ? w.t('support.siteDown.body', values)
              : o.urgency === 'urgent'
                ? w.t('support.receivedUrgent.body', values)
                : w.t('support.received.body', values),
            ...closing,
          ].join('\n'),
        });
      const teamText = [
        `${client.business} (${client.name}, ${client.email}) opened request #${row!.number}${o.urgency === 'urgent' ? ' (URGENT)' : ''}.`,
        '',
        o.note ?? description,
        '',
        `Answer due: ${whenText(due, 'en', deps.timeZone)}`,
        `Open it: ${adminUrl(row!.number)}`,
      ].join('\n');
      const subject = `${o.urgency === 'urgent' ? 'URGENT ' : ''}support request #${row!.number}: ${client.business}: ${title}`;
      const teamTo =
        o.urgency === 'urgent'
          ? onCallEmail
            ? [onCallEmail]
            : await ownersAndTeam(tx)
          : [mail.teamEmail];
      for (const to of teamTo)
        mails.push({
          kind: o.urgency === 'urgent' ? 'team_support_urgent' : 'team_support_new',
          to,
          urgent: o.urgency === 'urgent',
          subject: o.urgency === 'urgent' && !onCallEmail ? `${subject} (nobody on call)` : subject,
          text: teamText,
        });
      await enqueueMail(tx, mails);
      return { id: row!.id, number: row!.number, business: client.business, title, noOnCall };
    });
    deps.mailQueued();
    if (o.urgency === 'urgent')
      postToChat({
        title: `Urgent support request #${created.number}: ${created.business}`,
        text: `${created.title}\n${created.noOnCall ? 'Nobody is on call: the owners were told.' : `On call: ${onCall!.name}.`}`,
        url: adminUrl(created.number),
      });
    return { id: created.id, number: created.number };
  }

  /** Adds the client's message (web or e-mail); a closed request reopens; a merged one forwards. */
  async function clientMessage(
    registrationId: string,
    id: string,
    input: { body: string; attachments: string[] },
    via: 'web' | 'email',
    messageId: string | null = null,
  ): Promise<{ id: string; added: boolean }> {
    const at = await now();
    return db.transaction(async (tx) => {
      let [row] = isUuid(id)
        ? await tx
            .select({ id: req.id, mergedIntoId: req.mergedIntoId })
            .from(req)
            .where(and(eq(req.id, id), eq(req.registrationId, registrationId)))
            .for('update')
        : [];
      if (!row) throw clientError(404, 'support_request_not_found');
      if (row.mergedIntoId) {
        [row] = await tx
          .select({ id: req.id, mergedIntoId: req.mergedIntoId })
          .from(req)
          .where(eq(req.id, row.mergedIntoId))
          .for('update');
        if (!row) throw clientError(404, 'support_request_not_found');
      }
      const [client] = await tx
        .select({ name: reg.ownerName })
        .from(reg)
        .where(eq(reg.id, registrationId));
      const newId = crypto.randomUUID();
      const attachments = await claimAttachments(
        tx,
        registrationId,
        'client',
        input.attachments,
        newId,
      );
      const inserted = await tx
        .insert(supportMessages)
        .values({
          id: newId,
          requestId: row.id,
          kind: 'client',
          authorName: client?.name ?? 'Client',
          body: input.body,
          via,
          attachments,
          messageId,
          createdAt: at,
        })
        .onConflictDoNothing({ target: supportMessages.messageId })
        .returning({ id: supportMessages.id });
      if (inserted.length === 0) return { id: row.id, added: false };
      await tx
        .update(req)
        .set({
          status: 'open',
          closedAt: null,
          resolution: null,
          lastMessageAt: at,
          updatedAt: new Date(),
        })
        .where(eq(req.id, row.id));
      return { id: row.id, added: true };
    });
  }

  /** Locks a request for a team change; 404 when there is none. */
  async function locked(tx: Db, id: string) {
    const [row] = isUuid(id) ? await tx.select().from(req).where(eq(req.id, id)).for('update') : [];
    if (!row) throw new HttpError(404, NOT_FOUND);
    return row;
  }

  async function teamReply(
    id: string,
    author: Author,
    input: { body: string; attachments: string[] },
  ): Promise<SupportRequestDetail> {
    const at = await now();
    await db.transaction(async (tx) => {
      const row = await locked(tx, id);
      const [client] = await tx
        .select({ name: reg.ownerName, email: reg.email, language: reg.language })
        .from(reg)
        .where(eq(reg.id, row.registrationId));
      const messageId = crypto.randomUUID();
      const attachments = await claimAttachments(
        tx,
        row.registrationId,
        'team',
        input.attachments,
        messageId,
      );
      await tx.insert(supportMessages).values({
        id: messageId,
        requestId: row.id,
        kind: 'team',
        authorId: author.id,
        authorName: author.name,
        body: input.body,
        via: 'web',
        attachments,
        createdAt: at,
      });
      await tx
        .update(req)
        .set({
          status: 'answered',
          closedAt: null,
          firstResponseAt: row.firstResponseAt ?? at,
          // Answering is acknowledging: no escalation after the client has an answer.
          acknowledgedAt: row.acknowledgedAt ?? at,
          acknowledgedById: row.acknowledgedById ?? author.id,
          lastMessageAt: at,
          updatedAt: new Date(),
        })
        .where(eq(req.id, row.id));
      if (client) {
        const w = mailWords(client.language);
        const replyTo = replyAddress(row.replyToken);
        await enqueueMail(tx, [
          {
            kind: 'client_support_reply',
            to: client.email,
            replyTo,
            subject: w.t('support.reply.subject', { number: row.number, title: row.title }),
            text: [
              w.t('mail.hello', { name: client.name }),
              '',
              w.t('support.reply.body', { author: author.name, number: row.number }),
              '',
              input.body,
              ...(attachments.length > 0 ? ['', ...attachments.map((a) => `📎 ${a.name}`)] : []),
              '',
              replyTo
                ? w.t('support.replyHint', { url: accountUrl(client.language) })
                : w.t('support.pageHint', { url: accountUrl(client.language) }),
              '',
              mail.siteName,
            ].join('\n'),
          },
        ]);
      }
    });
    deps.mailQueued();
    return detail(id);
  }

  async function change(
    id: string,
    work: (tx: Db, row: typeof req.$inferSelect, at: Date) => Promise<void>,
  ): Promise<SupportRequestDetail> {
    const at = await now();
    await db.transaction(async (tx) => work(tx, await locked(tx, id), at));
    return detail(id);
  }

  const systemMessage = (
    tx: Db,
    requestId: string,
    body: string,
    at: Date,
    kind: 'system' | 'note' = 'system',
  ) =>
    tx.insert(supportMessages).values({
      requestId,
      kind,
      authorName: mail.siteName,
      body,
      via: 'system',
      createdAt: at,
    });
  const teamNote = (tx: Db, requestId: string, body: string, at: Date) =>
    systemMessage(tx, requestId, body, at, 'note');
  /** The words of the client of a request, for what the product writes in their thread. */
  async function clientWords(tx: Db, registrationId: string) {
    const [client] = await tx
      .select({ language: reg.language })
      .from(reg)
      .where(eq(reg.id, registrationId));
    return mailWords(client?.language ?? 'en');
  }

  const escalateDue = () =>
    escalateUnacknowledged({ db, now, mail, adminUrl, postToChat, mailQueued: deps.mailQueued });

  return {
    now,
    /** Resolves once the chat posts started so far are done (tests). */
    settled: async () => {
      while (chatWork.size > 0) await Promise.all([...chatWork]);
    },
    replyAddress,

    // The client's side
    async listForClient(registrationId: string) {
      const rows = await db
        .select(baseColumns)
        .from(req)
        .where(and(eq(req.registrationId, registrationId), isNull(req.mergedIntoId)))
        .orderBy(desc(req.lastMessageAt))
        .limit(200);
      return { items: rows.map(clientSummary) };
    },
    getForClient: clientRequest,
    async openFromClient(registrationId: string, input: NewSupportRequestInput) {
      const { id } = await open({
        registrationId,
        topic: input.topic,
        urgency: input.urgency,
        source: 'web',
        description: input.description,
        attachments: input.attachments,
        author: { kind: 'client', via: 'web' },
        clientMail: 'receipt',
      });
      return clientRequest(registrationId, id);
    },
    async replyFromClient(
      registrationId: string,
      id: string,
      input: { body: string; attachments: string[] },
    ) {
      const { id: target } = await clientMessage(registrationId, id, input, 'web');
      return clientRequest(registrationId, target);
    },
    /** An e-mail of the client: a new request (no request named) or a message to one. */
    open,
    clientMessage,

    // The team's side
    queue,
    detail,
    registrationOf,
    figures,
    teamReply,
    addNote: (id: string, author: Author, body: string) =>
      change(id, async (tx, row, at) => {
        await tx.insert(supportMessages).values({
          requestId: row.id,
          kind: 'note',
          authorId: author.id,
          authorName: author.name,
          body,
          via: 'web',
          createdAt: at,
        });
        await tx.update(req).set({ updatedAt: new Date() }).where(eq(req.id, row.id));
      }),
    assign: (id: string, assigneeId: string | null) =>
      change(id, async (tx, row) => {
        if (assigneeId)
          await settings.employeesByIds([assigneeId]).catch(() => {
            const message = 'Choose an employee of the team.';
            throw new HttpError(400, message, [{ field: 'assigneeId', message }]);
          });
        await tx.update(req).set({ assigneeId, updatedAt: new Date() }).where(eq(req.id, row.id));
      }),
    acknowledge: (id: string, author: Author) =>
      change(id, async (tx, row, at) => {
        if (row.acknowledgedAt) return;
        await tx
          .update(req)
          .set({ acknowledgedAt: at, acknowledgedById: author.id, updatedAt: new Date() })
          .where(eq(req.id, row.id));
      }),
    close: (id: string, author: Author, resolution: string) =>
      change(id, async (tx, row, at) => {
        if (row.status === 'closed') return;
        await tx
          .update(req)
          .set({ status: 'closed', resolution, closedAt: at, updatedAt: new Date() })
          .where(eq(req.id, row.id));
        const w = await clientWords(tx, row.registrationId);
        await systemMessage(
          tx,
          row.id,
          w.t('support.system.closed', { name: author.name, resolution }),
          at,
        );
      }),
    reopen: (id: string, author: Author) =>
      change(id, async (tx, row, at) => {
        if (row.status !== 'closed') return;
        if (row.mergedIntoId) {
          const message = 'This request was merged into another; reopen that one.';
          throw new HttpError(409, message);
        }
        await tx
          .update(req)
          .set({ status: 'open', closedAt: null, resolution: null, updatedAt: new Date() })
          .where(eq(req.id, row.id));
        const w = await clientWords(tx, row.registrationId);
        await systemMessage(tx, row.id, w.t('support.system.reopened', { name: author.name }), at);
      }),
    merge: (id: string, author: Author, intoNumber: number) =>
      change(id, async (tx, row, at) => {
        const fail = (message: string): never => {
          throw new HttpError(400, message, [{ field: 'intoNumber', message }]);
        };
        if (row.mergedIntoId) fail('This request is already merged into another.');
        const [into] = await tx.select().from(req).where(eq(req.number, intoNumber)).for('update');
        if (!into) fail(`There is no request #${intoNumber}.`);
        if (into!.id === row.id) fail('A request cannot be merged into itself.');
        if (into!.registrationId !== row.registrationId)
          fail(`Request #${intoNumber} is another client's; merge only requests of one client.`);
        if (into!.mergedIntoId)
          fail(`Request #${intoNumber} is itself merged; merge into the one it went to.`);
        await tx
          .update(supportMessages)
          .set({ requestId: into!.id })
          .where(eq(supportMessages.requestId, row.id));
        await tx
          .update(req)
          .set({
            status: 'closed',
            mergedIntoId: into!.id,
            resolution: `Merged into #${into!.number}`,
            closedAt: at,
            updatedAt: new Date(),
          })
          .where(eq(req.id, row.id));
        await tx
          .update(req)
          .set({
            lastMessageAt: sql`greatest(${req.lastMessageAt}, ${row.lastMessageAt.toISOString()}::timestamptz)`,
            updatedAt: new Date(),
          })
          .where(eq(req.id, into!.id));
        const w = await clientWords(tx, row.registrationId);
        await systemMessage(
          tx,
          into!.id,
          w.t('support.system.mergedFrom', {
            name: author.name,
            number: row.number,
            title: row.title,
          }),
          at,
        );
        await systemMessage(
          tx,
          row.id,
          w.t('support.system.mergedInto', { name: author.name, number: into!.number }),
          at,
        );
      }),
    escalateDue,

    // The uptime check's requests (issue 30 §4)
    systemRequests: {
      async open(input: {
        registrationId: string;
        urgency: SupportUrgency;
        source: 'uptime' | 'certificate';
        body: string;
        siteUrl?: string;
        facts: { kind: 'site_down'; since: Date } | { kind: 'certificate'; expires: Date };
      }) {
        const url = input.siteUrl ?? '';
        const { facts } = input;
        return open({
          registrationId: input.registrationId,
          topic: 'broken',
          urgency: input.urgency,
          source: input.source,
          // The client reads it in their language; the technical detail is the team's note.
          description: (language) => {
            const w = mailWords(language);
            return facts.kind === 'site_down'
              ? [
                  w.t('support.system.siteDownTitle'),
                  w.t('support.system.siteDown', {
                    url,
                    since: whenText(facts.since, language, deps.timeZone),
                  }),
                ].join('\n')
              : [
                  w.t('support.system.certificateTitle'),
                  w.t('support.system.certificate', {
                    url,
                    date: whenText(facts.expires, language, deps.timeZone),
                  }),
                ].join('\n');
          },
          note: input.body,
          author: { kind: 'system', name: mail.siteName, via: 'system' },
          clientMail: input.source === 'uptime' ? 'site_down' : 'none',
          ...(input.siteUrl ? { siteUrl: input.siteUrl } : {}),
        });
      },
      async resolve(
        requestId: string,
        resolution: string,
        facts?: { url: string; minutes: number },
      ) {
        const at = await now();
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(req)
            .set({
              status: 'closed',
              resolution,
              closedAt: at,
              lastMessageAt: at,
              updatedAt: new Date(),
            })
            .where(and(eq(req.id, requestId), not(eq(req.status, 'closed'))))
            .returning();
          if (!row) return;
          const [client] = await tx
            .select({ name: reg.ownerName, email: reg.email, language: reg.language })
            .from(reg)
            .where(eq(reg.id, row.registrationId));
          if (!client || !facts) {
            // Checks stopped by the team: theirs to know, nothing to tell the client.
            await teamNote(tx, row.id, resolution, at);
            return;
          }
          const w = mailWords(client.language);
          await systemMessage(
            tx,
            row.id,
            w.t('support.system.siteUp', { url: facts.url, minutes: facts.minutes }),
            at,
          );
          await enqueueMail(tx, [
            {
              kind: 'client_support_site_up',
              to: client.email,
              replyTo: replyAddress(row.replyToken),
              subject: w.t('support.siteUp.subject'),
              text: [
                w.t('mail.hello', { name: client.name }),
                '',
                w.t('support.siteUp.body', {
                  url: facts.url,
                  minutes: facts.minutes,
                  number: row.number,
                }),
                '',
                mail.siteName,
              ].join('\n'),
            },
          ]);
        });
        deps.mailQueued();
      },
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as s from '../../../contract/support/support.js';
import { clientError, HttpError } from '../../http/errors.js';
import { requireOwner } from '../../http/guard.js';
import { route } from '../../http/route.js';
import { acceptImageBodies } from '../uploads/index.js';
import type { SupportAttachments } from './attachments.js';
import type { SupportService } from './service.js';
import type { SavedReplies } from './saved-replies.js';
import type { SupportSettings } from './settings.js';
import type { createUnmatchedMail } from './inbound.js';
import type { OffsetClock } from '../../lib/test-clock.js';
import {
  readMailgunForm,
  type InboundMail,
  type InboundMailProvider,
} from '../../adapters/inbound-mail/index.js';

/** Attachments are 5 MB at most; the body may carry a little more before the check words it. */
const ATTACHMENT_BODY_LIMIT = 5 * 1024 * 1024 + 1;
const ATTACHMENT_CACHE = 'private, max-age=3600';

const BODY_ERRORS = {
  FST_ERR_CTP_BODY_TOO_LARGE: clientError(413, 'support_attachment_too_large', { max: 5 }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: clientError(415, 'support_attachment_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: clientError(400, 'support_attachment_type'),
};

/** An attachment: an image shown in the tab, a PDF always downloaded; never sniffed. */
function sendAttachment(
  reply: FastifyReply,
  file: { body: NodeJS.ReadableStream; contentType: string; name: string },
) {
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${disposition}; filename="${file.name}"`)
    .send(file.body);
}

const bytesOf = (request: FastifyRequest) =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

/**
 * The client's requests under /api/account (the billing session's cookie path): signed in the way
 * the billing page is, or 401 before the body is read. A client reaches only their own requests.
 */
export async function supportClientRoutes(
  app: FastifyInstance,
  options: {
    support: SupportService;
    attachments: SupportAttachments;
    clientSession: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const { support, attachments } = options;
  app.addHook('onRequest', options.clientSession);
  const who = (request: FastifyRequest) => request.accountRegistrationId!;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  route(app, s.listMySupportRequests, {}, async (_input, request) =>
    support.listForClient(who(request)),
  );
  route(
    app,
    s.openSupportRequest,
    { body: s.newSupportRequestInput, labels: s.NEW_SUPPORT_REQUEST_LABELS, config: perMinute(20) },
    async ({ body }, request, reply) => {
      reply.status(201);
      return support.openFromClient(who(request), body);
    },
  );
  route(app, s.getMySupportRequest, {}, async ({ params }, request) =>
    support.getForClient(who(request), params.id!),
  );
  route(
    app,
    s.replyToMySupportRequest,
    { body: s.supportMessageInput, labels: s.SUPPORT_MESSAGE_LABELS, config: perMinute(60) },
    async ({ body, params }, request) => support.replyFromClient(who(request), params.id!, body),
  );
  route(
    app,
    s.getMySupportAttachment,
    { cache: ATTACHMENT_CACHE },
    async ({ params }, request, reply) =>
      sendAttachment(reply, await attachments.open(who(request), params.fileId!)),
  );
  await app.register(async (scope) => {
    acceptImageBodies(scope, BODY_ERRORS, ['application/pdf']);
    route(
      scope,
      s.uploadSupportAttachment,
      {
        query: s.attachmentQuery,
        labels: { name: 'File name' },
        bodyLimit: ATTACHMENT_BODY_LIMIT,
        config: perMinute(30),
      },
      async ({ query }, request, reply) => {
        const file = await attachments.store(who(request), 'client', bytesOf(request), query.name);
        reply.status(201);
        return file;
      },
    );
  });
}

/** 'Support' in the admin area and its settings (employees only: the guard logs every write). */
export async function supportTeamRoutes(
  app: FastifyInstance,
  options: {
    support: SupportService;
    settings: SupportSettings;
    savedReplies: SavedReplies;
    attachments: SupportAttachments;
    unmatched: ReturnType<typeof createUnmatchedMail>;
    clock: OffsetClock;
    testMode: boolean;
    /** Checks the websites whose check became due (the uptime job's tick). */
    checkSites: () => Promise<{ checked: number }>;
  },
): Promise<void> {
  const { support, settings, savedReplies, attachments, unmatched } = options;
  const me = (request: FastifyRequest) => ({
    id: request.employee!.id,
    name: request.employee!.name,
  });
  const note = (request: FastifyRequest, action: string, detail?: Record<string, unknown>) => {
    request.activity = { action, subject: 'support request', ...(detail ? { detail } : {}) };
  };

  route(
    app,
    s.listSupportRequests,
    { query: s.supportQueueQuerySchema, labels: s.SUPPORT_QUEUE_QUERY_LABELS },
    async ({ query }, request) => support.queue(query, request.employee!.id),
  );
  route(app, s.getSupportFigures, {}, async () => support.figures());
  route(app, s.getSupportRequest, {}, async ({ params }) => support.detail(params.id!));
  route(
    app,
    s.replyToSupportRequest,
    { body: s.teamReplyInput, labels: s.TEAM_REPLY_LABELS },
    async ({ body, params }, request) => {
      note(request, 'reply', { id: params.id });
      return support.teamReply(params.id!, me(request), body);
    },
  );
  route(
    app,
    s.addSupportNote,
    { body: s.supportNoteInput, labels: s.SUPPORT_NOTE_LABELS },
    async ({ body, params }, request) => {
      note(request, 'note', { id: params.id });
      return support.addNote(params.id!, me(request), body.body);
    },
  );
  route(
    app,
    s.assignSupportRequest,
    { body: s.assignSupportInput, labels: s.ASSIGN_SUPPORT_LABELS },
    async ({ body, params }, request) => {
      note(request, 'assign', { id: params.id, assigneeId: body.assigneeId });
      return support.assign(params.id!, body.assigneeId);
    },
  );
  route(app, s.acknowledgeSupportRequest, {}, async ({ params }, request) => {
    note(request, 'acknowledge', { id: params.id });
    return support.acknowledge(params.id!, me(request));
  });
  route(
    app,
    s.closeSupportRequest,
    { body: s.closeSupportInput, labels: s.CLOSE_SUPPORT_LABELS },
    async ({ body, params }, request) => {
      note(request, 'close', { id: params.id });
      return support.close(params.id!, me(request), body.resolution);
    },
  );
  route(app, s.reopenSupportRequest, {}, async ({ params }, request) => {
    note(request, 'reopen', { id: params.id });
    return support.reopen(params.id!, me(request));
  });
  route(
    app,
    s.mergeSupportRequest,
    { body: s.mergeSupportInput, labels: s.MERGE_SUPPORT_LABELS },
    async ({ body, params }, request) => {
      note(request, 'merge', { id: params.id, into: body.intoNumber });
      return support.merge(params.id!, me(request), body.intoNumber);
    },
  );
  route(
    app,
    s.getSupportAttachment,
    { cache: ATTACHMENT_CACHE },
    async ({ params }, _request, reply) =>
      sendAttachment(reply, await attachments.open(null, params.fileId!)),
  );
  await app.register(async (scope) => {
    acceptImageBodies(scope, BODY_ERRORS, ['application/pdf']);
    route(
      scope,
      s.uploadTeamSupportAttachment,
      { query: s.attachmentQuery, labels: { name: 'File name' }, bodyLimit: ATTACHMENT_BODY_LIMIT },
      async ({ params, query }, request, reply) => {
        const registrationId = await support.registrationOf(params.id!);
        request.activity = {
          action: 'upload',
          subject: 'support attachment',
          detail: { id: params.id },
        };
        const file = await attachments.store(registrationId, 'team', bytesOf(request), query.name);
        reply.status(201);
        return file;
      },
    );
  });

  // Saved replies: every employee uses and keeps them.
  route(app, s.listSavedReplies, {}, async () => savedReplies.list());
  route(
    app,
    s.createSavedReply,
    { body: s.savedReplyInput, labels: s.SAVED_REPLY_LABELS },
    async ({ body }, request, reply) => {
      request.activity = {
        action: 'create',
        subject: 'saved reply',
        detail: { title: body.title },
      };
      reply.status(201);
      return savedReplies.create(body);
    },
  );
  route(
    app,
    s.updateSavedReply,
    { body: s.savedReplyInput, labels: s.SAVED_REPLY_LABELS },
    async ({ body, params }, request) => {
      request.activity = { action: 'update', subject: 'saved reply', detail: { id: params.id } };
      return savedReplies.update(params.id!, body);
    },
  );
  route(app, s.deleteSavedReply, {}, async ({ params }, request, reply) => {
    request.activity = { action: 'delete', subject: 'saved reply', detail: { id: params.id } };
    await savedReplies.remove(params.id!);
    return reply.status(204).send();
  });

  // Hours and on-call: owners change them, everyone reads them.
  route(app, s.getSupportHours, {}, async () => settings.hours());
  route(
    app,
    s.saveSupportHours,
    { body: s.supportHoursInput, labels: s.SUPPORT_HOURS_LABELS },
    async ({ body }, request) => {
      requireOwner(request);
      request.activity = { action: 'update', subject: 'support hours', detail: body };
      return settings.saveHours(body);
    },
  );
  route(app, s.getOnCall, {}, async () => settings.rotation(await support.now()));
  route(
    app,
    s.saveOnCall,
    { body: s.onCallInput, labels: s.ON_CALL_LABELS },
    async ({ body }, request) => {
      requireOwner(request);
      request.activity = { action: 'update', subject: 'on-call rotation', detail: body };
      return settings.saveRotation(body, await support.now());
    },
  );

  route(app, s.listUnmatchedMail, {}, async () => unmatched.list());
  route(app, s.dismissUnmatchedMail, {}, async ({ params }, request, reply) => {
    request.activity = { action: 'delete', subject: 'unmatched e-mail', detail: { id: params.id } };
    if (!(await unmatched.dismiss(params.id!)))
      throw new HttpError(404, 'This e-mail is not in the list (already dismissed?).');
    return reply.status(204).send();
  });

  // Test mode's support clock (owners): the 15-minute escalation without waiting 15 minutes.
  route(
    app,
    s.advanceSupportClock,
    { body: s.supportClockInput, labels: s.SUPPORT_CLOCK_LABELS },
    async ({ body }, request) => {
      requireOwner(request);
      if (!options.testMode)
        throw new HttpError(404, 'The support clock exists in test mode only.');
      request.activity = { action: 'update', subject: 'support clock', detail: body };
      await options.clock.advance(body.minutes * 60_000);
      const escalated = await support.escalateDue();
      const { checked } = await options.checkSites();
      const offsetMs = await options.clock.offsetMs();
      return {
        now: new Date(Date.now() + offsetMs).toISOString(),
        offsetMs,
        available: true,
        escalated,
        checked,
      };
    },
  );
}

/** Providers send the whole mail, attachments included (Postmark allows 35 MB); we read the text. */
const INBOUND_BODY_LIMIT = 40 * 1024 * 1024;

/**
 * The inbound-mail provider's webhook (public): 404 unless INBOUND_MAIL_PROVIDER names this
 * provider, 401 unless the request authenticates as the provider documents, 400 for a body that
 * is no mail of theirs; otherwise 200 whatever became of the mail (a message, a new request, or
 * kept for review), so the provider does not retry what was taken.
 */
export async function supportInboundRoutes(
  app: FastifyInstance,
  options: {
    provider: InboundMailProvider | null;
    receive: (mail: InboundMail) => Promise<unknown>;
  },
): Promise<void> {
  const { provider } = options;
  // Mailgun posts its fields form-encoded, or as multipart when the mail has attachments (the
  // files are dropped: the text is what a request keeps).
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, body, done) => {
      readMailgunForm(body as Buffer, String(request.headers['content-type'] ?? '')).then(
        (fields) => done(null, fields),
        (error: Error) => done(Object.assign(error, { statusCode: 400 }), undefined),
      );
    });
  route(
    app,
    s.receiveInboundMail,
    { bodyLimit: INBOUND_BODY_LIMIT, config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async ({ params }, request) => {
      if (!provider || params.provider !== provider.name) throw clientError(404, 'not_found');
      if (
        !provider.authenticate({
          headers: request.headers,
          body: request.body,
        })
      )
        throw new HttpError(401, 'The inbound mail webhook did not authenticate.');
      const mail = provider.parse(request.body);
      if (!mail) throw new HttpError(400, `This is not an inbound e-mail of ${provider.name}.`);
      await options.receive(mail);
      return { ok: true as const };
    },
  );
}

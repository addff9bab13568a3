/**
 * 24/7 support (issue 30, docs/decisions/041): the client's requests from the billing page and by
 * e-mail, first-response targets in business hours, on-call and escalation, the team's queue, and
 * uptime checks of clients' launched websites.
 */
import type { FastifyInstance } from 'fastify';
import { createChatNotifier } from '../../adapters/chat/index.js';
import { createInboundMailProvider } from '../../adapters/inbound-mail/index.js';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { FeatureContext } from '../../context.js';
import { createOffsetClock } from '../../lib/test-clock.js';
import { accountSessionHook, createAccountService } from '../account/index.js';
import { createSupportAttachments } from './attachments.js';
import { createUnmatchedMail, receiveInboundMail } from './inbound.js';
import { supportClientRoutes, supportInboundRoutes, supportTeamRoutes } from './routes.js';
import { createSupportService, type SupportService } from './service.js';
import { createSavedReplies } from './saved-replies.js';
import { createSupportSettings } from './settings.js';
import { registerUptime } from './uptime/index.js';

export { createSupportService, type SupportService } from './service.js';
export { receiveInboundMail, tokenOf } from './inbound.js';

/** Test mode's support time lives here in app_meta (docs/decisions/041). */
export const SUPPORT_CLOCK_KEY = 'support.clock.offset_ms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support service of this app (tests run its escalations and await its chat posts). */
    support: SupportService;
  }
}

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const clock = createOffsetClock(ctx.db, SUPPORT_CLOCK_KEY, ctx.services.testMode);
  const settings = createSupportSettings(ctx.db, ctx.config.timeZone);
  const inbound = ctx.config.support.inbound;
  const support = createSupportService({
    db: ctx.db,
    mail: ctx.mail,
    emailOrigin: ctx.emailOrigin,
    mailQueued: ctx.services.mailQueued,
    timeZone: ctx.config.timeZone,
    settings,
    clock,
    chat: createChatNotifier(ctx.config.support.chat),
    inboundAddress: inbound?.address,
    log: ctx.log,
  });
  app.decorate('support', support);
  const attachments = createSupportAttachments(ctx.db, ctx.services.uploads);
  const unmatched = createUnmatchedMail(ctx.db);

  const uptime = await registerUptime(app, ctx, support.systemRequests, { now: clock.now });
  await ctx.employeeOnly(supportTeamRoutes, {
    checkSites: () => uptime.job.tick(),
    support,
    settings,
    savedReplies: createSavedReplies(ctx.db),
    attachments,
    unmatched,
    clock,
    testMode: ctx.services.testMode,
  });
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  await app.register(supportClientRoutes, {
    support,
    attachments,
    clientSession: accountSessionHook(account, ctx.https),
  });
  await app.register(supportInboundRoutes, {
    provider: inbound ? createInboundMailProvider(inbound) : null,
    receive: (mail) =>
      receiveInboundMail(
        { db: ctx.db, support, inboundAddress: inbound!.address, provider: inbound!.provider },
        mail,
      ),
  });

  ctx.jobs.add(
    'support escalations',
    runOnceAcrossInstances({
      db: ctx.db,
      name: 'support-escalations',
      everyMs: 60_000,
      run: async () => {
        const escalated = await support.escalateDue();
        if (escalated > 0) ctx.log.info({ supportEscalations: escalated }, 'support escalated');
      },
      onError: (error) => ctx.log.error({ err: error }, 'support escalations failed'),
    }),
  );
}

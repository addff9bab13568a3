import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountCardInput,
  ACCOUNT_LABELS,
  BILLING_LINK_SENT_MESSAGE,
  billingLinkInput,
  cancelSubscriptionInput,
  cardSetupInput,
  finishPaymentInput,
  needsAuthentication,
  planChangeInput,
  type AccountChargeResult,
  redeemBillingLinkInput,
} from '../../../contract/billing.js';
import { HttpError } from '../../http/errors.js';
import { emailOrigin } from '../../http/host.js';
import { parseInput } from '../../http/validate.js';
import type { BillingService } from '../billing/index.js';
import { SESSION_DAYS, type AccountService } from './service.js';

/** The client's billing session: HttpOnly (scripts never see it), SameSite=Lax (a link from the e-mail keeps it). */
export const ACCOUNT_COOKIE = 'agency.account';
const COOKIE_PATH = '/api/account';

declare module 'fastify' {
  interface FastifyRequest {
    /** The registration whose billing session came with the request (the account routes only). */
    accountRegistrationId?: string;
  }
}

function sessionToken(request: FastifyRequest): string | null {
  const match = /(?:^|;\s*)agency\.account=([A-Za-z0-9_-]{1,100})(?:;|$)/.exec(request.headers.cookie ?? '');
  return match?.[1] ?? null;
}

export async function accountRoutes(
  app: FastifyInstance,
  options: {
    account: AccountService;
    billing: Pick<
      BillingService,
      'overview' | 'updateCard' | 'startCardSetup' | 'finishCardSetup' | 'cancel' | 'resume' | 'previewPlanChange' | 'changePlan' | 'finishPayment'
    >;
    /** PUBLIC_URL and the port: the origin of the e-mailed link (see emailOrigin: never the request's Host). */
    publicUrl: string | undefined;
    port: number;
    /** Secure cookies when PUBLIC_URL is https. */
    secureCookies: boolean;
    /** Link requests and redemptions per client address per minute. */
    rateLimitPerMinute: number;
  },
): Promise<void> {
  const { account, billing } = options;
  const secure = options.secureCookies ? '; Secure' : '';
  const setCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header('set-cookie', `${ACCOUNT_COOKIE}=${value}; Max-Age=${maxAge}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`);
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };

  app.post('/api/account/sign-in-link', { config: { rateLimit } }, async (request) => {
    const { email } = parseInput(billingLinkInput, request.body, ACCOUNT_LABELS);
    const sent = await account.requestLink(email, emailOrigin(options.publicUrl, options.port));
    if (sent) request.log.info({ reqId: request.id }, 'billing sign-in link e-mailed');
    // The same answer whether or not a link went out, so the form tells nobody who is a client.
    return { message: BILLING_LINK_SENT_MESSAGE };
  });

  app.post('/api/account/sign-in', { config: { rateLimit } }, async (request, reply) => {
    const { token } = parseInput(redeemBillingLinkInput, request.body, ACCOUNT_LABELS);
    const session = await account.redeem(token);
    request.log.info({ reqId: request.id, registrationId: session.registrationId }, 'billing sign-in');
    setCookie(reply, session.sessionToken, SESSION_DAYS * 86_400);
    return { ok: true as const };
  });

  // Signing out twice, or without a session, is not an error: the cookie is gone either way.
  app.post('/api/account/sign-out', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await account.signOut(token);
    setCookie(reply, '', 0);
    return reply.status(204).send();
  });

  // Everything else needs the billing session; checked before the body, so a visitor learns nothing.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const token = sessionToken(request);
      const registrationId = token ? await account.registrationOfSession(token) : null;
      if (!registrationId) throw new HttpError(401, 'You are not signed in to your billing page. Ask for a sign-in link.');
      request.accountRegistrationId = registrationId;
      reply.header('cache-control', 'no-store');
    });
    const who = (request: FastifyRequest) => request.accountRegistrationId!;

    scope.get('/api/account', (request) => billing.overview(who(request)));
    // A charge the card's bank wants authenticated first (3-D Secure) answers 202: accepted, nothing paid yet.
    const charged = async (reply: FastifyReply, result: Promise<AccountChargeResult>) => {
      const answer = await result;
      if (needsAuthentication(answer)) reply.status(202);
      return answer;
    };
    scope.post('/api/account/card', (request, reply) =>
      charged(reply, billing.updateCard(who(request), parseInput(accountCardInput, request.body, ACCOUNT_LABELS))),
    );
    scope.post('/api/account/card/setup', (request) => billing.startCardSetup(who(request)));
    scope.post('/api/account/card/confirm', (request, reply) =>
      charged(reply, billing.finishCardSetup(who(request), parseInput(cardSetupInput, request.body, ACCOUNT_LABELS).setupIntentId)),
    );
    scope.post('/api/account/cancel', (request) => {
      const { reason } = parseInput(cancelSubscriptionInput, request.body, ACCOUNT_LABELS);
      return billing.cancel(who(request), reason?.trim() || undefined, 'client');
    });
    scope.post('/api/account/resume', (request) => billing.resume(who(request)));
    scope.get('/api/account/plan-change', (request) =>
      billing.previewPlanChange(who(request), parseInput(planChangeInput, request.query, ACCOUNT_LABELS).planId),
    );
    scope.post('/api/account/plan-change', (request, reply) =>
      charged(reply, billing.changePlan(who(request), parseInput(planChangeInput, request.body, ACCOUNT_LABELS).planId)),
    );
    scope.post('/api/account/payment/finish', (request) => billing.finishPayment(who(request), parseInput(finishPaymentInput, request.body, ACCOUNT_LABELS)));
  });
}

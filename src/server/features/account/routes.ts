import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountCardInput,
  ACCOUNT_LABELS,
  BILLING_LINK_SENT_MESSAGE,
  billingLinkInput,
  cancelAccountSubscription,
  cancelSubscriptionInput,
  cardSetupInput,
  changeAccountPlan,
  finishAccountCardSetup,
  finishAccountPayment,
  finishPaymentInput,
  getAccount,
  getAccountInvoice,
  INVOICE_NUMBER,
  needsAuthentication,
  planChangeInput,
  previewAccountPlanChange,
  redeemBillingLink,
  redeemBillingLinkInput,
  requestBillingLink,
  resumeAccountSubscription,
  signOutOfAccount,
  startAccountCardSetup,
  updateAccountCard,
  type AccountChargeResult,
} from '../../../contract/billing/billing.js';
import { clientError } from '../../http/errors.js';
import { emailOrigin } from '../../http/host.js';
import { route } from '../../http/route.js';
import type { BillingService } from '../billing/index.js';
import { SESSION_DAYS, type AccountService } from './service.js';

/**
 * The client's billing session: HttpOnly (scripts never see it), SameSite=Lax (a link from the
 * e-mail keeps it). Over https (PUBLIC_URL `https://…`) it is `__Host-agency.account`: Secure,
 * Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can set or overwrite
 * it (a planted session, issue 25 §3). Browsers refuse `Secure` cookies from plain http (the
 * embedded default, the tests on http://127.0.0.1) and `__Host-` requires Secure, so over http it
 * keeps the name `agency.account`, without Secure, on getAccount's path, under which every account
 * endpoint is (docs/decisions/026).
 */
export const ACCOUNT_COOKIE = 'agency.account';
export const SECURE_ACCOUNT_COOKIE = '__Host-agency.account';
const COOKIE_PATH = getAccount.path;

declare module 'fastify' {
  interface FastifyRequest {
    /** The registration whose billing session came with the request (the account routes only). */
    accountRegistrationId?: string;
  }
}

/** Reads the billing session's token from the request, under the cookie name `secure` gives. */
export const accountSessionReader = (secure: boolean) =>
  cookieReader(secure ? SECURE_ACCOUNT_COOKIE : ACCOUNT_COOKIE);

/**
 * The billing session's check for a client's routes (this feature's and the ones other features
 * keep under /api/account): 401 before the body is read, else the client on
 * `request.accountRegistrationId`.
 */
export function accountSessionHook(
  account: Pick<AccountService, 'registrationOfSession'>,
  secure: boolean,
) {
  const sessionOf = accountSessionReader(secure);
  return async (request: FastifyRequest): Promise<void> => {
    const token = sessionOf(request);
    const registrationId = token ? await account.registrationOfSession(token) : null;
    if (!registrationId) throw clientError(401, 'billing_signed_out');
    request.accountRegistrationId = registrationId;
  };
}

/** Reads the session token from the cookie `name` (one of the two above). */
function cookieReader(name: string): (request: FastifyRequest) => string | null {
  const pattern = new RegExp(
    `(?:^|;\\s*)${name.replaceAll('.', '\\.')}=([A-Za-z0-9_-]{1,100})(?:;|$)`,
  );
  return (request) => pattern.exec(request.headers.cookie ?? '')?.[1] ?? null;
}

export async function accountRoutes(
  app: FastifyInstance,
  options: {
    account: AccountService;
    billing: Pick<
      BillingService,
      | 'overview'
      | 'invoice'
      | 'updateCard'
      | 'startCardSetup'
      | 'finishCardSetup'
      | 'cancel'
      | 'resume'
      | 'previewPlanChange'
      | 'changePlan'
      | 'finishPayment'
    >;
    /** PUBLIC_URL and the port: the origin of the e-mailed link (see emailOrigin: never the request's Host). */
    publicUrl: string | undefined;
    port: number;
    /** Secure cookies when PUBLIC_URL is https. */
    secureCookies: boolean;
    /** Link requests and redemptions per client address per minute. */
    rateLimitPerMinute: number;
    /** Tests: given the work a link request does after answering, to await it. */
    onLinkWork?: (work: Promise<void>) => void;
  },
): Promise<void> {
  const { account, billing } = options;
  const cookie = options.secureCookies
    ? { name: SECURE_ACCOUNT_COOKIE, attributes: 'Path=/; HttpOnly; SameSite=Lax; Secure' }
    : { name: ACCOUNT_COOKIE, attributes: `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax` };
  const setCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header('set-cookie', `${cookie.name}=${value}; Max-Age=${maxAge}; ${cookie.attributes}`);
  const sessionOf = accountSessionReader(options.secureCookies);

  // A client's link (token and e-mail) is written once the answer has gone out (onResponse), not
  // while it is being sent: on PGlite the write would hold the one connection the answer's own
  // hooks wait for. Closing the app starts what is left and waits for all of it.
  const waiting = new Map<FastifyRequest, () => void>();
  const sending = new Set<Promise<void>>();
  const startWaiting = (request: FastifyRequest) => {
    waiting.get(request)?.();
    waiting.delete(request);
  };
  app.addHook('onClose', async () => {
    for (const request of [...waiting.keys()]) startWaiting(request);
    await Promise.all([...sending]);
  });
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };

  // Its own scope: the link's work starts once this route's answer has gone out.
  await app.register(async (scope) => {
    scope.addHook('onResponse', async (request) => startWaiting(request));
    route(
      scope,
      requestBillingLink,
      { body: billingLinkInput, labels: ACCOUNT_LABELS, config: { rateLimit } },
      async ({ body: { email } }, request) => {
        // The same lookup for every address, then the same answer whether or not a link goes out, so the
        // form tells nobody who is a client: what only a client's address costs happens after answering
        // (it took 14.5 ms against 6.5 ms on PostgreSQL when the answer waited for it).
        const { send } = await account.prepareLink(
          email,
          emailOrigin(options.publicUrl, options.port),
        );
        if (send) {
          const done: Promise<void> = new Promise<void>((start) => waiting.set(request, start))
            .then(send)
            .then(
              (sent) => {
                if (sent) request.log.info({ reqId: request.id }, 'billing sign-in link e-mailed');
              },
              (error: unknown) =>
                request.log.error(
                  { reqId: request.id, err: error },
                  'billing sign-in link not e-mailed',
                ),
            );
          sending.add(done);
          options.onLinkWork?.(done);
          void done.finally(() => sending.delete(done));
        }
        return { message: BILLING_LINK_SENT_MESSAGE };
      },
    );
  });

  route(
    app,
    redeemBillingLink,
    { body: redeemBillingLinkInput, labels: ACCOUNT_LABELS, config: { rateLimit } },
    async ({ body: { token } }, request, reply) => {
      const session = await account.redeem(token);
      request.log.info(
        { reqId: request.id, registrationId: session.registrationId },
        'billing sign-in',
      );
      setCookie(reply, session.sessionToken, SESSION_DAYS * 86_400);
      return { ok: true as const };
    },
  );

  // Signing out twice, or without a session, is not an error: the cookie is gone either way.
  route(app, signOutOfAccount, {}, async (_input, request, reply) => {
    const token = sessionOf(request);
    if (token) await account.signOut(token);
    setCookie(reply, '', 0);
    return reply.status(204).send();
  });

  // Everything else needs the billing session; checked before the body, so a visitor learns nothing.
  await app.register(async (scope) => {
    scope.addHook('onRequest', accountSessionHook(account, options.secureCookies));
    const who = (request: FastifyRequest) => request.accountRegistrationId!;
    const labels = ACCOUNT_LABELS;

    route(scope, getAccount, {}, async (_input, request) => billing.overview(who(request)));
    route(scope, getAccountInvoice, {}, async ({ params }, request) => {
      const number = (params.number ?? '').toUpperCase();
      if (!INVOICE_NUMBER.test(number)) throw clientError(404, 'invoice_not_found');
      return billing.invoice(who(request), number);
    });
    // A charge the card's bank wants authenticated first (3-D Secure) answers 202: accepted, nothing paid yet.
    const charged = async (reply: FastifyReply, result: Promise<AccountChargeResult>) => {
      const answer = await result;
      if (needsAuthentication(answer)) reply.status(202);
      return answer;
    };
    route(
      scope,
      updateAccountCard,
      { body: accountCardInput, labels },
      ({ body }, request, reply) => charged(reply, billing.updateCard(who(request), body)),
    );
    route(scope, startAccountCardSetup, {}, async (_input, request) =>
      billing.startCardSetup(who(request)),
    );
    route(
      scope,
      finishAccountCardSetup,
      { body: cardSetupInput, labels },
      ({ body }, request, reply) =>
        charged(reply, billing.finishCardSetup(who(request), body.setupIntentId)),
    );
    route(
      scope,
      cancelAccountSubscription,
      { body: cancelSubscriptionInput, labels },
      async ({ body: { reason } }, request) =>
        billing.cancel(who(request), reason?.trim() || undefined, 'client'),
    );
    route(scope, resumeAccountSubscription, {}, async (_input, request) =>
      billing.resume(who(request)),
    );
    route(
      scope,
      previewAccountPlanChange,
      { query: planChangeInput, labels },
      async ({ query }, request) => billing.previewPlanChange(who(request), query.planId),
    );
    route(scope, changeAccountPlan, { body: planChangeInput, labels }, ({ body }, request, reply) =>
      charged(reply, billing.changePlan(who(request), body.planId)),
    );
    route(
      scope,
      finishAccountPayment,
      { body: finishPaymentInput, labels },
      async ({ body }, request) => billing.finishPayment(who(request), body),
    );
  });
}

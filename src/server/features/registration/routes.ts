import type { FastifyInstance } from 'fastify';
import {
  anotherBusinessInput,
  businessRegistrationInput,
  REGISTRATION_LABELS,
  registerAnotherBusiness as anotherBusinessEndpoint,
  submitBusinessRegistration,
} from '../../../contract/registration/registration.js';
import type { Db } from '../../db/client.js';
import { emailOrigin } from '../../http/host.js';
import { route } from '../../http/route.js';
import { accountSessionHook, type AccountService } from '../account/index.js';
import type { MailSettings } from '../notifications/index.js';
import { registerAnotherBusiness, registerBusiness } from './service.js';

export async function registrationRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    mail: MailSettings;
    /** The billing page's links: a paying client who registers again gets one (docs/decisions/032). */
    account: Pick<AccountService, 'linkForLiveClient' | 'registrationOfSession'>;
    /** Secure cookies when PUBLIC_URL is https: the billing session's cookie name. */
    secureCookies: boolean;
    mailQueued(): void;
    /** PUBLIC_URL and the port: the origin of the e-mailed checkout link (see emailOrigin). */
    publicUrl: string | undefined;
    port: number;
    rateLimitPerMinute: number;
  },
): Promise<void> {
  route(
    app,
    submitBusinessRegistration,
    {
      body: businessRegistrationInput,
      labels: { ...REGISTRATION_LABELS, language: 'Language' },
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async ({ body: input }, request, reply) => {
      const origin = emailOrigin(options.publicUrl, options.port);
      // A client who already pays is not sent to pay a second time: their billing page is e-mailed
      // instead (issue 28 §3). The answer tells the visitor so; docs/decisions/032 weighs that.
      const linked = await options.account.linkForLiveClient(input.email, origin);
      if (linked !== null) {
        if (linked) options.mailQueued();
        request.log.info(
          { reqId: request.id, linkEmailed: linked },
          'registration by an existing client: billing link instead of a checkout',
        );
        return { kind: 'existing-client' as const };
      }
      const result = await registerBusiness(options.db, options.mail, input, origin);
      options.mailQueued();
      request.log.info(
        {
          reqId: request.id,
          registrationId: result.id,
          plan: result.plan.name,
          resumed: result.resumed,
        },
        'business registered',
      );
      reply.status(result.resumed ? 200 : 201);
      return result;
    },
  );

  // A client signed in to the billing page adds another business: the owner is the session's
  // (docs/decisions/032), so this is the one way a paying client's address registers again. The
  // session is checked before the body, so a visitor learns nothing from a 400.
  await app.register(async (scope) => {
    scope.addHook('onRequest', accountSessionHook(options.account, options.secureCookies));
    route(
      scope,
      anotherBusinessEndpoint,
      {
        body: anotherBusinessInput,
        labels: { ...REGISTRATION_LABELS, language: 'Language' },
        config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
      },
      async ({ body }, request, reply) => {
        const owner = request.accountRegistrationId!;
        const origin = emailOrigin(options.publicUrl, options.port);
        const result = await registerAnotherBusiness(options.db, options.mail, owner, body, origin);
        options.mailQueued();
        request.log.info(
          { reqId: request.id, registrationId: result.id, owner, resumed: result.resumed },
          'another business registered from the billing page',
        );
        reply.status(result.resumed ? 200 : 201);
        return result;
      },
    );
  });
}

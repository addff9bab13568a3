import type { FastifyInstance } from 'fastify';
import {
  businessRegistrationInput,
  REGISTRATION_LABELS,
  submitBusinessRegistration,
} from '../../../contract/registration/registration.js';
import type { Db } from '../../db/client.js';
import { emailOrigin } from '../../http/host.js';
import { route } from '../../http/route.js';
import type { MailSettings } from '../notifications/index.js';
import { registerBusiness } from './service.js';

export async function registrationRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    mail: MailSettings;
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
      const result = await registerBusiness(
        options.db,
        options.mail,
        input,
        emailOrigin(options.publicUrl, options.port),
      );
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
}

import type { FastifyInstance } from 'fastify';
import { businessRegistrationInput, REGISTRATION_LABELS } from '../../../contract/registration.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../http/validate.js';
import type { MailSettings } from '../notifications/index.js';
import { registerBusiness } from './service.js';

export async function registrationRoutes(
  app: FastifyInstance,
  options: { db: Db; mail: MailSettings; mailQueued(): void; rateLimitPerMinute: number },
): Promise<void> {
  app.post('/api/business-registration', { config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } }, async (request, reply) => {
    const input = parseInput(businessRegistrationInput, request.body, REGISTRATION_LABELS);
    const result = await registerBusiness(options.db, options.mail, input);
    options.mailQueued();
    request.log.info({ registrationId: result.id, plan: result.plan.name }, 'business registered');
    return reply.status(201).send(result);
  });
}

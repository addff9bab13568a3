/** E-mail: the messages the product sends and the outbox that delivers them once. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { outboxRoutes } from './routes.js';
import { createOutboxReader } from './service.js';

export { day, languageLine, mailWords, money, type MailCard, type MailWords } from './messages.js';
export {
  clientCheckoutLinkMail,
  newRegistrationMail,
  paymentMails,
  type MailSettings,
} from './messages.js';
export {
  createOutboxWorker,
  enqueueMail,
  REDACTED,
  type OutboxWorker,
  type OutgoingMail,
} from './outbox.js';
export { teamAndOwners } from './recipients.js';

/** The outbox as employees read it; its delivery is a shared service (every feature nudges it). */
export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await ctx.employeeOnly(outboxRoutes, { outbox: createOutboxReader(ctx.db) });
}

import type { FastifyInstance } from 'fastify';
import { faqInput, saveFaq as saveFaqEndpoint } from '../../../contract/faq/admin.js';
import { listFaq } from '../../../contract/faq/faq.js';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { saveFaq, type FaqCatalogue } from './service.js';

/** The public FAQ the landing page shows. */
export async function faqRoutes(
  app: FastifyInstance,
  options: { faq: FaqCatalogue },
): Promise<void> {
  route(app, listFaq, { cache: 'no-cache' }, async (_input, _request, reply) =>
    reply.type('application/json; charset=utf-8').send(await options.faq.json()),
  );
}

/** Saving the FAQ in settings (employees only: registered through the guard). */
export async function faqAdminRoutes(
  app: FastifyInstance,
  options: { db: Db; faq: FaqCatalogue },
): Promise<void> {
  const labels = {
    entries: 'Questions',
    question: 'Question',
    answer: 'Answer',
    questionEs: 'Spanish question',
    answerEs: 'Spanish answer',
  };
  route(app, saveFaqEndpoint, { body: faqInput, labels }, async ({ body }, request) => {
    const saved = await saveFaq(options.db, body);
    options.faq.invalidate();
    request.activity = { action: 'update', subject: 'FAQ', detail: { questions: saved.length } };
    return saved;
  });
}

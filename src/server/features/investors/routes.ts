import type { FastifyInstance } from 'fastify';
import {
  createInvestor,
  CSV_CONTENT_TYPES,
  deleteInvestor,
  discoverInvestors,
  exportInvestorsCsv,
  importInvestorsCsv,
  INVESTOR_CSV_MAX_BYTES,
  INVESTOR_LABELS,
  investorInput,
  investorsQuery,
  listInvestors,
  relationshipInput,
  updateInvestor,
  updateRelationship,
} from '../../../contract/investors/investors.js';
import { sendCsv, toCsv } from '../../http/csv.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { INVESTOR_COLUMNS, parseInvestorCsv } from './csv.js';
import type { InvestorService } from './service.js';

export const IMPORT_BODY_LIMIT = INVESTOR_CSV_MAX_BYTES;
const CSV_TYPES = [...CSV_CONTENT_TYPES];
const NOT_CSV = 'Send the investor list as a CSV file (content type text/csv).';

/** The investor directory (employees only: registered through the guard, which logs each write). */
export async function investorRoutes(
  app: FastifyInstance,
  options: { investors: InvestorService },
): Promise<void> {
  const { investors } = options;
  const labels = INVESTOR_LABELS;

  route(app, listInvestors, { query: investorsQuery, labels }, async ({ query }) =>
    investors.list(query),
  );

  route(
    app,
    exportInvestorsCsv,
    { query: investorsQuery, labels },
    async ({ query }, request, reply) => {
      const rows = await investors.all(query);
      request.activity = { action: 'export', subject: 'investors', detail: { count: rows.length } };
      return sendCsv(reply, 'investors', toCsv(INVESTOR_COLUMNS, rows));
    },
  );

  route(app, createInvestor, { body: investorInput, labels }, async ({ body }, request, reply) => {
    const created = await investors.add(body);
    request.activity = {
      action: 'create',
      subject: 'investor',
      detail: { id: created.id, name: created.name },
    };
    reply.status(201);
    return created;
  });

  route(app, updateInvestor, { body: investorInput, labels }, async ({ body, params }, request) => {
    const updated = await investors.update(params.id!, body);
    request.activity = {
      action: 'update',
      subject: 'investor',
      detail: { id: updated.id, name: updated.name },
    };
    return updated;
  });

  route(
    app,
    updateRelationship,
    { body: relationshipInput, labels },
    async ({ body: patch, params }, request) => {
      const updated = await investors.updateRelationship(params.id!, patch);
      const { notes, ...changes } = patch;
      request.activity = {
        action: 'update',
        subject: 'investor relationship',
        detail: {
          id: updated.id,
          name: updated.name,
          ...changes,
          ...(notes !== undefined ? { notes: 'changed' } : {}),
        },
      };
      return updated;
    },
  );

  route(app, deleteInvestor, {}, async ({ params }, request, reply) => {
    const removed = await investors.remove(params.id!);
    request.activity = {
      action: 'delete',
      subject: 'investor',
      detail: { id: removed.id, name: removed.name },
    };
    return reply.status(204).send();
  });

  route(app, discoverInvestors, {}, async (_input, request) => {
    const count = await investors.discover();
    request.activity = { action: 'discover', subject: 'investors', detail: { count } };
    return { count };
  });

  // The import takes CSV text only (up to 5 MB; JSON keeps its 1 MB limit). Browsers on Windows
  // label .csv files application/vnd.ms-excel and some tools text/plain; anything else is a 415.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new HttpError(415, NOT_CSV)),
    );

    /** `?dryRun=1` answers the preview and the errors and stores nothing. */
    route(scope, importInvestorsCsv, { bodyLimit: IMPORT_BODY_LIMIT }, async (_input, request) => {
      if (typeof request.body !== 'string') throw new HttpError(415, NOT_CSV);
      const { rows, errors } = parseInvestorCsv(request.body);
      const { dryRun } = request.query as { dryRun?: string };
      if (dryRun === '1' || dryRun === 'true') {
        request.activity = null;
        return { preview: rows, errors, added: 0, updated: 0 };
      }
      const { added, updated } = await investors.import(rows);
      request.activity = {
        action: 'create',
        subject: 'investor import',
        detail: { added, updated, errors: errors.length },
      };
      return { preview: rows, errors, added, updated };
    });
  });
}

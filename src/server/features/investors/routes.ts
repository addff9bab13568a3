import type { FastifyInstance } from 'fastify';
import {
  CSV_CONTENT_TYPES,
  INVESTOR_CSV_MAX_BYTES,
  investorInput,
  investorsQuery,
  relationshipInput,
  type InvestorImportResult,
} from '../../../contract/investors/investors.js';
import { sendCsv, toCsv } from '../../http/csv.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { INVESTOR_COLUMNS, parseInvestorCsv } from './csv.js';
import type { InvestorService } from './service.js';

const LABELS = {
  search: 'Search',
  investmentStage: 'Investment stage',
  industry: 'Industry',
  offset: 'Offset',
  limit: 'Limit',
  name: 'Name',
  linkedinUrl: 'Profile URL',
  email: 'Email',
  status: 'Status',
  notes: 'Notes',
  introducer: 'Who can introduce us',
  nextFollowUp: 'Next follow-up',
};
export const IMPORT_BODY_LIMIT = INVESTOR_CSV_MAX_BYTES;
const CSV_TYPES = [...CSV_CONTENT_TYPES];
const NOT_CSV = 'Send the investor list as a CSV file (content type text/csv).';

/** The investor directory (employees only: registered through the guard, which logs each write). */
export async function investorRoutes(
  app: FastifyInstance,
  options: { investors: InvestorService },
): Promise<void> {
  const { investors } = options;
  app.get('/api/investors', async (request, reply) => {
    const query = parseInput(investorsQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return investors.list(query);
  });

  app.get('/api/investors/export.csv', async (request, reply) => {
    const query = parseInput(investorsQuery, request.query, LABELS);
    const rows = await investors.all(query);
    request.activity = { action: 'export', subject: 'investors', detail: { count: rows.length } };
    return sendCsv(reply, 'investors', toCsv(INVESTOR_COLUMNS, rows));
  });

  app.post('/api/investors', async (request, reply) => {
    const created = await investors.add(parseInput(investorInput, request.body, LABELS));
    request.activity = {
      action: 'create',
      subject: 'investor',
      detail: { id: created.id, name: created.name },
    };
    return reply.status(201).send(created);
  });

  app.put<{ Params: { id: string } }>('/api/investors/:id', async (request) => {
    const updated = await investors.update(
      request.params.id,
      parseInput(investorInput, request.body, LABELS),
    );
    request.activity = {
      action: 'update',
      subject: 'investor',
      detail: { id: updated.id, name: updated.name },
    };
    return updated;
  });

  app.patch<{ Params: { id: string } }>('/api/investors/:id/relationship', async (request) => {
    const patch = parseInput(relationshipInput, request.body, LABELS);
    const updated = await investors.updateRelationship(request.params.id, patch);
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
  });

  app.delete<{ Params: { id: string } }>('/api/investors/:id', async (request, reply) => {
    const removed = await investors.remove(request.params.id);
    request.activity = {
      action: 'delete',
      subject: 'investor',
      detail: { id: removed.id, name: removed.name },
    };
    return reply.status(204).send();
  });

  app.post('/api/discover-investors', async (request) => {
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
    scope.post<{ Querystring: { dryRun?: string } }>(
      '/api/investors/import',
      { bodyLimit: IMPORT_BODY_LIMIT },
      async (request): Promise<InvestorImportResult> => {
        if (typeof request.body !== 'string') throw new HttpError(415, NOT_CSV);
        const { rows, errors } = parseInvestorCsv(request.body);
        if (request.query.dryRun === '1' || request.query.dryRun === 'true') {
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
      },
    );
  });
}

import type { FastifyInstance } from 'fastify';
import {
  assignProjectManager,
  assignProjectManagerInput,
  CONTACT_METHOD_LABELS,
  getContactRate,
  listNewClients,
  listProjectManagers,
  markClientContacted,
  markContactedInput,
  NEW_CLIENT_LABELS,
  NEW_CLIENTS_QUERY_LABELS,
  newClientsQuerySchema,
} from '../../../contract/kickoff/kickoff.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { KickoffService } from './service.js';

/** 'New clients' (employees only: registered through the guard, which logs each write). */
export async function kickoffRoutes(
  app: FastifyInstance,
  options: { kickoff: KickoffService },
): Promise<void> {
  const { kickoff } = options;

  route(
    app,
    listNewClients,
    { query: newClientsQuerySchema, labels: NEW_CLIENTS_QUERY_LABELS },
    async ({ query }) => kickoff.list(query),
  );
  route(app, listProjectManagers, {}, async () => kickoff.projectManagers());
  route(app, getContactRate, {}, async () => kickoff.contactRate());

  route(
    app,
    assignProjectManager,
    { body: assignProjectManagerInput, labels: NEW_CLIENT_LABELS },
    async ({ body, params }, request) => {
      const { client, before } = await kickoff.assign(params.id!, body);
      // In the log's own words (src/web/features/activity/describe.ts): 'Updated new client Oak
      // Bakery: project manager → Pat, previous project manager → none'.
      request.activity = {
        action: 'update',
        subject: 'new client',
        detail: {
          id: client.id,
          businessName: client.businessName,
          projectManager: client.projectManager?.name ?? null,
          previousProjectManager: before?.name ?? null,
        },
      };
      return client;
    },
  );

  route(
    app,
    markClientContacted,
    { body: markContactedInput, labels: NEW_CLIENT_LABELS },
    async ({ body, params }, request) => {
      const employee = request.employee;
      if (!employee)
        throw new HttpError(401, 'You are not signed in. Please sign in as an employee.');
      const client = await kickoff.markContacted(params.id!, body, employee);
      // 'Updated new client Oak Bakery: contacted → Call, in time → yes'.
      request.activity = {
        action: 'update',
        subject: 'new client',
        detail: {
          id: client.id,
          businessName: client.businessName,
          contacted: CONTACT_METHOD_LABELS[body.method],
          inTime: client.contact?.inTime ?? null,
        },
      };
      return client;
    },
  );
}

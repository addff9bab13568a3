import type { FastifyInstance } from 'fastify';
import {
  CLIENT_BILLING_STATUS_LABELS,
  CLIENT_PAYMENT_STATUS_LABELS,
  CLIENTS_QUERY_LABELS,
  clientsQuerySchema,
  exportClientsCsv,
  getClient,
  listClients,
  CLIENT_LANGUAGE_LABELS,
  type ClientSummary,
} from '../../../contract/clients/clients.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { route } from '../../http/route.js';
import type { ClientService } from './service.js';
import type { createClientTimeline } from './timeline.js';
import { getClientTimeline } from '../../../contract/clients/timeline.js';

/** '2025-03-04T05:06:07.000Z' → '2025-03-04 05:06': spreadsheets read it as a date and time. */
const utc = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');

const EXPORT_COLUMNS: CsvColumn<ClientSummary>[] = [
  { header: 'Business name', value: (c) => c.businessName },
  { header: 'Owner name', value: (c) => c.ownerName },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Language', value: (c) => CLIENT_LANGUAGE_LABELS[c.language] },
  { header: 'Business type', value: (c) => c.businessType },
  { header: 'Plan', value: (c) => c.plan.displayName },
  { header: 'Payment status', value: (c) => CLIENT_PAYMENT_STATUS_LABELS[c.paymentStatus] },
  {
    header: 'Billing status',
    value: (c) =>
      c.cancelsOn ? `Cancels on ${c.cancelsOn}` : CLIENT_BILLING_STATUS_LABELS[c.billingStatus],
  },
  { header: 'Registered (UTC)', value: (c) => utc(c.createdAt) },
  { header: 'Paid (UTC)', value: (c) => utc(c.paidAt) },
  { header: 'Period start (UTC)', value: (c) => utc(c.periodStart) },
  { header: 'Period end (UTC)', value: (c) => utc(c.periodEnd) },
  { header: 'Client id', value: (c) => c.id },
];

/** The admin clients list, detail and CSV export (employees only: registered through the guard). */
export async function clientRoutes(
  app: FastifyInstance,
  options: { clients: ClientService; timeline: ReturnType<typeof createClientTimeline> },
): Promise<void> {
  const { clients } = options;

  route(
    app,
    listClients,
    { query: clientsQuerySchema, labels: CLIENTS_QUERY_LABELS },
    async ({ query }) => clients.list(query),
  );

  // A static segment: find-my-way matches it before `/:id` whatever the order (a test checks).
  route(
    app,
    exportClientsCsv,
    { query: clientsQuerySchema, labels: CLIENTS_QUERY_LABELS },
    async ({ query }, request, reply) => {
      const rows = await clients.exportRows(query);
      // Reading every client out is logged like a write (the guard records it).
      request.activity = {
        action: 'export',
        subject: 'clients',
        detail: {
          count: rows.length,
          search: query.search ?? null,
          status: query.status ?? null,
          billing: query.billing ?? null,
        },
      };
      return sendCsv(reply, 'clients', toCsv(EXPORT_COLUMNS, rows));
    },
  );

  route(app, getClient, {}, async ({ params }) => clients.detail(params.id!));
  route(app, getClientTimeline, {}, async ({ params }) => options.timeline(params.id!));
}

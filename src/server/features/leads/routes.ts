import type { FastifyInstance } from 'fastify';
import { leadsQuery, leadUpdateInput, newLeadInput, type Lead } from '../../../contract/leads.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { parseInput } from '../../http/validate.js';
import type { LeadService } from './service.js';

const LABELS = { provider: 'Provider', sourceId: 'Source id', name: 'Name', status: 'Status', note: 'Note', website: 'Website', page: 'Page' };

export const LEAD_COLUMNS: CsvColumn<Lead>[] = [
  { header: 'Name', value: (l) => l.name },
  { header: 'Category', value: (l) => l.category },
  { header: 'Status', value: (l) => l.status },
  { header: 'Address', value: (l) => l.address },
  { header: 'Phone', value: (l) => l.phone },
  { header: 'Website', value: (l) => l.website },
  { header: 'Rating', value: (l) => l.rating },
  { header: 'Reviews', value: (l) => l.reviewCount },
  { header: 'Social profiles', value: (l) => l.socialProfiles.map((p) => p.url).join(' ') },
  { header: 'Note', value: (l) => l.note },
  { header: 'Source', value: (l) => `${l.provider}:${l.sourceId}` },
  { header: 'Saved', value: (l) => l.createdAt },
];

/** Saved leads (employees only: registered through the guard, which logs every write). */
export async function leadRoutes(app: FastifyInstance, options: { leads: LeadService }): Promise<void> {
  const { leads } = options;

  app.get('/api/leads', async (request, reply) => {
    const query = parseInput(leadsQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return leads.page(query.status, query.page);
  });

  app.get('/api/leads/export.csv', async (request, reply) => {
    const { status } = parseInput(leadsQuery, request.query, LABELS);
    const rows = await leads.all(status);
    request.activity = { action: 'export', subject: 'leads', detail: { count: rows.length, status: status ?? null } };
    return sendCsv(reply, 'leads', toCsv(LEAD_COLUMNS, rows));
  });

  app.post('/api/leads', async (request, reply) => {
    const input = parseInput(newLeadInput, request.body, LABELS);
    const { lead, created } = await leads.save(input, request.employee!.id);
    request.activity = created ? { action: 'create', subject: 'lead', detail: { id: lead.id, name: lead.name } } : null;
    return reply.status(created ? 201 : 200).send(lead);
  });

  app.patch<{ Params: { id: string } }>('/api/leads/:id', async (request) => {
    const patch = parseInput(leadUpdateInput, request.body, LABELS);
    const lead = await leads.update(request.params.id, patch);
    request.activity = { action: 'update', subject: 'lead', detail: { id: lead.id, name: lead.name, ...(patch.status ? { status: patch.status } : {}) } };
    return lead;
  });

  app.delete<{ Params: { id: string } }>('/api/leads/:id', async (request, reply) => {
    const lead = await leads.remove(request.params.id);
    request.activity = { action: 'delete', subject: 'lead', detail: { id: lead.id, name: lead.name } };
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/leads/:id/social-profiles', async (request) => {
    const lead = await leads.findSocialProfiles(request.params.id);
    request.activity = { action: 'discover', subject: 'lead social profiles', detail: { id: lead.id, found: lead.socialProfiles.length } };
    return lead;
  });
}

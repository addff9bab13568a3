import type { FastifyInstance } from 'fastify';
import {
  leadDigestInput,
  leadsQuery,
  leadUpdateInput,
  newLeadInput,
  type Lead,
} from '../../../contract/leads/leads.js';
import type { DigestSettings } from './digest.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { parseInput } from '../../http/validate.js';
import type { LeadService } from './service.js';

const LABELS = {
  provider: 'Provider',
  sourceId: 'Source id',
  name: 'Name',
  status: 'Status',
  note: 'Note',
  website: 'Website',
  page: 'Page',
  due: 'Due',
  nextFollowUp: 'Next follow-up',
  lastContacted: 'Last contacted',
  enabled: 'Enabled',
};

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
  { header: 'Next follow-up', value: (l) => l.nextFollowUp },
  { header: 'Last contacted', value: (l) => l.lastContacted },
  { header: 'Source', value: (l) => `${l.provider}:${l.sourceId}` },
  { header: 'Saved', value: (l) => l.createdAt },
];

/** Saved leads (employees only: registered through the guard, which logs every write). */
export async function leadRoutes(
  app: FastifyInstance,
  options: { leads: LeadService; digests: DigestSettings },
): Promise<void> {
  const { leads, digests } = options;

  app.get('/api/leads', async (request, reply) => {
    const query = parseInput(leadsQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return leads.page(query);
  });

  app.get('/api/leads/board', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return leads.board();
  });

  app.get('/api/leads/digest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { enabled: await digests.get(request.employee!.id) };
  });

  app.put('/api/leads/digest', async (request) => {
    const { enabled } = parseInput(leadDigestInput, request.body, LABELS);
    request.activity = { action: 'update', subject: 'due-lead e-mail', detail: { enabled } };
    return { enabled: await digests.set(request.employee!.id, enabled) };
  });

  app.get('/api/leads/export.csv', async (request, reply) => {
    const query = parseInput(leadsQuery, request.query, LABELS);
    const rows = await leads.all(query);
    request.activity = {
      action: 'export',
      subject: 'leads',
      detail: { count: rows.length, status: query.status ?? null, due: query.due ?? null },
    };
    return sendCsv(reply, 'leads', toCsv(LEAD_COLUMNS, rows));
  });

  app.post('/api/leads', async (request, reply) => {
    const input = parseInput(newLeadInput, request.body, LABELS);
    const { lead, created } = await leads.save(input, request.employee!.id);
    request.activity = created
      ? { action: 'create', subject: 'lead', detail: { id: lead.id, name: lead.name } }
      : null;
    return reply.status(created ? 201 : 200).send(lead);
  });

  app.patch<{ Params: { id: string } }>('/api/leads/:id', async (request) => {
    const patch = parseInput(leadUpdateInput, request.body, LABELS);
    const lead = await leads.update(request.params.id, patch);
    // The note itself stays out of the activity log (it can be long and personal); the rest is short.
    const { note, ...changes } = patch;
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: {
        id: lead.id,
        name: lead.name,
        ...changes,
        ...(note !== undefined ? { note: 'changed' } : {}),
      },
    };
    return lead;
  });

  app.post('/api/leads/do-not-contact', async (request, reply) => {
    const input = parseInput(newLeadInput, request.body, LABELS);
    const { lead: saved, created } = await leads.save(input, request.employee!.id);
    const lead = await leads.markDoNotContact(saved.id, request.employee!.id);
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name, created, doNotContact: true },
    };
    return reply.status(created ? 201 : 200).send(lead);
  });

  app.put<{ Params: { id: string } }>('/api/leads/:id/do-not-contact', async (request) => {
    const lead = await leads.markDoNotContact(request.params.id, request.employee!.id);
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name, doNotContact: true },
    };
    return lead;
  });

  app.delete<{ Params: { id: string } }>('/api/leads/:id/do-not-contact', async (request) => {
    const lead = await leads.clearDoNotContact(request.params.id);
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name, doNotContact: false },
    };
    return lead;
  });

  app.delete<{ Params: { id: string } }>('/api/leads/:id', async (request, reply) => {
    const lead = await leads.remove(request.params.id);
    request.activity = {
      action: 'delete',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name },
    };
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/leads/:id/social-profiles', async (request) => {
    const lead = await leads.findSocialProfiles(request.params.id);
    request.activity = {
      action: 'discover',
      subject: 'lead social profiles',
      detail: { id: lead.id, found: lead.socialProfiles.length },
    };
    return lead;
  });
}

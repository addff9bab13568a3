import type { FastifyInstance } from 'fastify';
import {
  clearDoNotContact,
  deleteLead,
  exportLeadsCsv,
  findLeadSocialProfiles,
  getLeadBoard,
  getLeadDigest,
  LEAD_LABELS,
  leadDigestInput,
  leadsQuery,
  leadUpdateInput,
  listLeads,
  markDoNotContact,
  markResultDoNotContact,
  newLeadInput,
  saveLead,
  setLeadDigest,
  updateLead,
  type Lead,
} from '../../../contract/leads/leads.js';
import type { DigestSettings } from './digest.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { route } from '../../http/route.js';
import type { LeadService } from './service.js';

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
  const labels = LEAD_LABELS;

  route(app, listLeads, { query: leadsQuery, labels }, async ({ query }) => leads.page(query));

  route(app, getLeadBoard, {}, async () => leads.board());

  route(app, getLeadDigest, {}, async (_input, request) => ({
    enabled: await digests.get(request.employee!.id),
  }));

  route(
    app,
    setLeadDigest,
    { body: leadDigestInput, labels },
    async ({ body: { enabled } }, request) => {
      request.activity = { action: 'update', subject: 'due-lead e-mail', detail: { enabled } };
      return { enabled: await digests.set(request.employee!.id, enabled) };
    },
  );

  route(app, exportLeadsCsv, { query: leadsQuery, labels }, async ({ query }, request, reply) => {
    const rows = await leads.all(query);
    request.activity = {
      action: 'export',
      subject: 'leads',
      detail: { count: rows.length, status: query.status ?? null, due: query.due ?? null },
    };
    return sendCsv(reply, 'leads', toCsv(LEAD_COLUMNS, rows));
  });

  route(app, saveLead, { body: newLeadInput, labels }, async ({ body }, request, reply) => {
    const { lead, created } = await leads.save(body, request.employee!.id);
    request.activity = created
      ? { action: 'create', subject: 'lead', detail: { id: lead.id, name: lead.name } }
      : null;
    reply.status(created ? 201 : 200);
    return lead;
  });

  route(
    app,
    updateLead,
    { body: leadUpdateInput, labels },
    async ({ body: patch, params }, request) => {
      const lead = await leads.update(params.id!, patch);
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
    },
  );

  route(
    app,
    markResultDoNotContact,
    { body: newLeadInput, labels },
    async ({ body }, request, reply) => {
      const { lead: saved, created } = await leads.save(body, request.employee!.id);
      const lead = await leads.markDoNotContact(saved.id, request.employee!.id);
      request.activity = {
        action: 'update',
        subject: 'lead',
        detail: { id: lead.id, name: lead.name, created, doNotContact: true },
      };
      reply.status(created ? 201 : 200);
      return lead;
    },
  );

  route(app, markDoNotContact, {}, async ({ params }, request) => {
    const lead = await leads.markDoNotContact(params.id!, request.employee!.id);
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name, doNotContact: true },
    };
    return lead;
  });

  route(app, clearDoNotContact, {}, async ({ params }, request) => {
    const lead = await leads.clearDoNotContact(params.id!);
    request.activity = {
      action: 'update',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name, doNotContact: false },
    };
    return lead;
  });

  route(app, deleteLead, {}, async ({ params }, request, reply) => {
    const lead = await leads.remove(params.id!);
    request.activity = {
      action: 'delete',
      subject: 'lead',
      detail: { id: lead.id, name: lead.name },
    };
    return reply.status(204).send();
  });

  route(app, findLeadSocialProfiles, {}, async ({ params }, request) => {
    const lead = await leads.findSocialProfiles(params.id!);
    request.activity = {
      action: 'discover',
      subject: 'lead social profiles',
      detail: { id: lead.id, found: lead.socialProfiles.length },
    };
    return lead;
  });
}

import * as z from 'zod/mini';
import { answer, isoDate, isoTime } from '../lib/answer.js';
import * as s from './support.js';
import * as u from './uptime.js';

const employee: z.ZodMiniType<s.EmployeeName> = z.strictObject({
  id: z.string(),
  name: z.string(),
});

const attachment: z.ZodMiniType<s.SupportAttachment> = z.strictObject({
  id: z.string(),
  contentType: z.string(),
  size: z.int(),
  name: z.string(),
});

const message: z.ZodMiniType<s.SupportMessage> = z.strictObject({
  id: z.string(),
  kind: z.enum(['client', 'team', 'system', 'note']),
  authorName: z.string(),
  body: z.string(),
  via: z.enum(['web', 'email', 'system']),
  attachments: z.array(attachment),
  at: isoTime(),
});

const summaryShape = {
  id: z.string(),
  number: z.int(),
  topic: z.enum(s.SUPPORT_TOPICS),
  urgency: z.enum(s.SUPPORT_URGENCIES),
  status: z.enum(s.SUPPORT_STATUSES),
  title: z.string(),
  source: z.enum(s.SUPPORT_SOURCES),
  createdAt: isoTime(),
  lastMessageAt: isoTime(),
};
const clientSummary: z.ZodMiniType<s.ClientSupportSummary> = z.strictObject({
  ...summaryShape,
  dueAt: z.nullable(isoTime()),
});
const clientRequest: z.ZodMiniType<s.ClientSupportRequest> = z.strictObject({
  ...summaryShape,
  dueAt: z.nullable(isoTime()),
  messages: z.array(message),
});

const queueShape = {
  ...summaryShape,
  business: z.strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    language: z.enum(['en', 'es']),
  }),
  assignee: z.nullable(employee),
  dueAt: isoTime(),
  firstResponseAt: z.nullable(isoTime()),
  breached: z.boolean(),
  acknowledgedAt: z.nullable(isoTime()),
  escalatedAt: z.nullable(isoTime()),
};
const queueItem: z.ZodMiniType<s.SupportQueueItem> = z.strictObject(queueShape);
const detail: z.ZodMiniType<s.SupportRequestDetail> = z.strictObject({
  ...queueShape,
  messages: z.array(message),
  resolution: z.nullable(z.string()),
  closedAt: z.nullable(isoTime()),
  mergedInto: z.nullable(z.strictObject({ id: z.string(), number: z.int() })),
  acknowledgedBy: z.nullable(employee),
  replyTo: z.nullable(z.string()),
});

const viewCounts = z.strictObject({
  open: z.int(),
  answered: z.int(),
  closed: z.int(),
  breached: z.int(),
  mine: z.int(),
});
const queuePage: z.ZodMiniType<s.SupportQueuePage> = z.strictObject({
  items: z.array(queueItem),
  total: z.int(),
  counts: viewCounts,
  page: z.int(),
  pageSize: z.int(),
});

const urgencyFigures: z.ZodMiniType<s.SupportUrgencyFigures> = z.strictObject({
  open: z.int(),
  requests: z.int(),
  medianFirstResponseMinutes: z.nullable(z.number()),
  withinTarget: z.nullable(z.number()),
  breached: z.int(),
});
const figures: z.ZodMiniType<s.SupportFigures> = z.strictObject({
  days: z.int(),
  urgent: urgencyFigures,
  normal: urgencyFigures,
});

const savedReply: z.ZodMiniType<s.SavedReply> = z.strictObject({
  id: z.string(),
  title: z.string(),
  en: z.string(),
  es: z.string(),
});

const hours: z.ZodMiniType<s.SupportHours> = z.strictObject({
  weekdays: z.array(z.int()),
  start: z.string(),
  end: z.string(),
  holidays: z.array(isoDate()),
  urgentMinutes: z.int(),
  normalBusinessDays: z.int(),
  timeZone: z.string(),
});

const rotation: z.ZodMiniType<s.OnCallRotation> = z.strictObject({
  employees: z.array(employee),
  now: z.nullable(employee),
  weeks: z.array(z.strictObject({ weekOf: isoDate(), employee })),
});

const unmatched: z.ZodMiniType<s.UnmatchedMail> = z.strictObject({
  id: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  reason: z.enum(['unknown_sender', 'not_the_client', 'unknown_request', 'several_businesses']),
  receivedAt: isoTime(),
});

const clockShape = { now: isoTime(), offsetMs: z.int(), available: z.boolean() };

const site: z.ZodMiniType<u.SiteUptime> = z.strictObject({
  url: z.string(),
  state: z.enum(['up', 'down', 'unknown']),
  lastCheckedAt: z.nullable(isoTime()),
  lastStatus: z.nullable(z.int()),
  lastTtfbMs: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  certificateExpiresAt: z.nullable(isoTime()),
  uptime: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  checks: z.int(),
  outages: z.array(
    z.strictObject({ startedAt: isoTime(), endedAt: z.nullable(isoTime()), minutes: z.int() }),
  ),
});

export const answers = [
  answer(s.listMySupportRequests, z.strictObject({ items: z.array(clientSummary) })),
  answer(s.openSupportRequest, clientRequest),
  answer(s.getMySupportRequest, clientRequest),
  answer(s.replyToMySupportRequest, clientRequest),
  answer(s.uploadSupportAttachment, attachment),
  answer(s.getMySupportAttachment, null),
  answer(s.listSupportRequests, queuePage),
  answer(s.getSupportRequest, detail),
  answer(s.replyToSupportRequest, detail),
  answer(s.addSupportNote, detail),
  answer(s.assignSupportRequest, detail),
  answer(s.acknowledgeSupportRequest, detail),
  answer(s.closeSupportRequest, detail),
  answer(s.reopenSupportRequest, detail),
  answer(s.mergeSupportRequest, detail),
  answer(s.getSupportAttachment, null),
  answer(s.uploadTeamSupportAttachment, attachment),
  answer(s.getSupportFigures, figures),
  answer(s.listSavedReplies, z.strictObject({ items: z.array(savedReply) })),
  answer(s.createSavedReply, savedReply),
  answer(s.updateSavedReply, savedReply),
  answer(s.deleteSavedReply, null),
  answer(s.getSupportHours, hours),
  answer(s.saveSupportHours, hours),
  answer(s.getOnCall, rotation),
  answer(s.saveOnCall, rotation),
  answer(s.listUnmatchedMail, z.strictObject({ items: z.array(unmatched) })),
  answer(s.dismissUnmatchedMail, null),
  answer(s.receiveInboundMail, z.strictObject({ ok: z.literal(true) })),
  answer(
    s.advanceSupportClock,
    z.strictObject({ ...clockShape, escalated: z.int(), checked: z.int() }),
  ),
  answer(u.getClientSiteMonitor, z.strictObject({ site: z.nullable(site) })),
  answer(u.setClientSiteMonitor, z.strictObject({ site })),
  answer(u.removeClientSiteMonitor, null),
  answer(u.getMySiteUptime, z.strictObject({ site: z.nullable(site) })),
];

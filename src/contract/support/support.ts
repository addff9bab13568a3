import * as z from 'zod/mini';
import { pageNumber } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * 24/7 support (issue 30, docs/decisions/041): the client's requests from the billing page and by
 * e-mail, the first-response targets, on-call and escalation, and the team's 'Support' queue.
 */

/** What a request is about, as the client chooses it ('Get help'). */
export const SUPPORT_TOPICS = [
  'website_change',
  'broken',
  'commercials',
  'social',
  'billing',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  website_change: 'A change to my website',
  broken: 'Something is broken',
  commercials: 'The commercials',
  social: 'Social media',
  billing: 'Billing',
};

/** 'urgent' is what the client picks as 'My website is down': answered within an hour, day or night. */
export const SUPPORT_URGENCIES = ['urgent', 'normal'] as const;
export type SupportUrgency = (typeof SUPPORT_URGENCIES)[number];
export const SUPPORT_URGENCY_LABELS: Record<SupportUrgency, string> = {
  urgent: 'My website is down',
  normal: 'It can wait for business hours',
};

/** 'open': the team owes an answer; 'answered': the client has the last word to say; 'closed'. */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Where a request came from: the billing page, an e-mail, the uptime check or a certificate about to expire. */
export const SUPPORT_SOURCES = ['web', 'email', 'uptime', 'certificate'] as const;
export type SupportSource = (typeof SUPPORT_SOURCES)[number];

export const SUPPORT_DESCRIPTION_MAX = 5000;
export const SUPPORT_RESOLUTION_MAX = 1000;
export const SAVED_REPLY_TITLE_MAX = 120;
export const MAX_ATTACHMENTS = 5;
export const SUPPORT_PAGE_SIZE = 25;
/** An urgent request nobody acknowledged goes to the owners after this long. */
export const ESCALATE_AFTER_MINUTES = 15;
/** The support figures cover this many days. */
export const SUPPORT_FIGURE_DAYS = 30;
/** The test-mode support clock moves by at most this many minutes a step. */
export const MAX_CLOCK_MINUTES = 7 * 24 * 60;

const text = (label: string, max: number) =>
  z
    .string(`${label} must be text.`)
    .check(
      z.trim(),
      z.minLength(1, `Enter ${label.toLowerCase()}.`),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
    );

const attachmentIds = z._default(
  z
    .array(z.string('An attachment must be the id of an uploaded file.'))
    .check(z.maxLength(MAX_ATTACHMENTS, `Attach at most ${MAX_ATTACHMENTS} files to one message.`)),
  [],
);

// ---- The client's side (/account) ----

export const newSupportRequestInput = z.object({
  topic: z.enum(SUPPORT_TOPICS, 'Choose what your request is about.'),
  urgency: z.enum(SUPPORT_URGENCIES, 'Choose how urgent it is.'),
  description: text('Description', SUPPORT_DESCRIPTION_MAX),
  attachments: attachmentIds,
});
export type NewSupportRequestInput = z.output<typeof newSupportRequestInput>;
export const NEW_SUPPORT_REQUEST_LABELS = {
  topic: 'What it is about',
  urgency: 'How urgent',
  description: 'Description',
  attachments: 'Attachments',
};

export const supportMessageInput = z.object({
  body: text('Message', SUPPORT_DESCRIPTION_MAX),
  attachments: attachmentIds,
});
export type SupportMessageInput = z.output<typeof supportMessageInput>;
export const SUPPORT_MESSAGE_LABELS = { body: 'Message', attachments: 'Attachments' };

export interface SupportAttachment {
  id: string;
  /** The file as the client or team sent it: image/webp (re-encoded) or application/pdf. */
  contentType: string;
  size: number;
  name: string;
}

/** One message of the conversation; the client never sees 'note' (internal notes). */
export interface SupportMessage {
  id: string;
  kind: 'client' | 'team' | 'system' | 'note';
  /** Who wrote it, as shown ('Dana from the team'); the client's own name on theirs. */
  authorName: string;
  body: string;
  via: 'web' | 'email' | 'system';
  attachments: SupportAttachment[];
  /** ISO time. */
  at: string;
}

/** A request as the client sees it in the list. */
export interface ClientSupportSummary {
  id: string;
  /** The request's number, as e-mails and the team name it (#1042). */
  number: number;
  topic: SupportTopic;
  urgency: SupportUrgency;
  status: SupportStatus;
  /** The first line of the description. */
  title: string;
  source: SupportSource;
  createdAt: string;
  lastMessageAt: string;
  /** When the first answer is due (ISO); null once answered. */
  dueAt: string | null;
}

export interface ClientSupportRequest extends ClientSupportSummary {
  messages: SupportMessage[];
}

export interface ClientSupportList {
  items: ClientSupportSummary[];
}

export const listMySupportRequests: Endpoint<ClientSupportList> = {
  method: 'GET',
  path: '/api/account/support',
};
export const openSupportRequest: Endpoint<
  ClientSupportRequest,
  z.input<typeof newSupportRequestInput>
> = { method: 'POST', path: '/api/account/support' };
export const getMySupportRequest: Endpoint<ClientSupportRequest> = {
  method: 'GET',
  path: '/api/account/support/:id',
};
/** The client writes again; a closed request reopens. */
export const replyToMySupportRequest: Endpoint<
  ClientSupportRequest,
  z.input<typeof supportMessageInput>
> = { method: 'POST', path: '/api/account/support/:id/messages' };
/** An attachment (an image, re-encoded to WebP, or a PDF), kept privately until a message uses it. */
export const attachmentQuery = z.object({
  name: z.optional(z.string('The file name must be text.').check(z.maxLength(255))),
});
export const uploadSupportAttachment: Endpoint<SupportAttachment, Blob, { name?: string }> = {
  method: 'POST',
  path: '/api/account/support/attachments',
};
export const getMySupportAttachment: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/account/support/attachments/:fileId',
};

// ---- The team's side (admin 'Support') ----

export const SUPPORT_VIEWS = ['open', 'answered', 'closed', 'breached', 'mine'] as const;
export type SupportView = (typeof SUPPORT_VIEWS)[number];

export const supportQueueQuerySchema = z.object({
  view: z._default(
    z.enum(SUPPORT_VIEWS, 'View must be open, answered, closed, breached or mine.'),
    'open',
  ),
  urgency: z.optional(z.enum(SUPPORT_URGENCIES, 'Urgency must be urgent or normal.')),
  page: pageNumber(),
});
export type SupportQueueQuery = z.output<typeof supportQueueQuerySchema>;
export const SUPPORT_QUEUE_QUERY_LABELS = { view: 'view', urgency: 'urgency', page: 'page' };

export interface EmployeeName {
  id: string;
  name: string;
}

/** A request as the queue shows it, sorted by when its answer is due (the most pressing first). */
export interface SupportQueueItem {
  id: string;
  number: number;
  business: { id: string; name: string; email: string; language: 'en' | 'es' };
  topic: SupportTopic;
  urgency: SupportUrgency;
  status: SupportStatus;
  source: SupportSource;
  title: string;
  assignee: EmployeeName | null;
  createdAt: string;
  lastMessageAt: string;
  /** When the first answer is due (ISO). */
  dueAt: string;
  firstResponseAt: string | null;
  /** The first answer came late, or is late now. */
  breached: boolean;
  /** Urgent only: who acknowledged it and when; the owners were told (escalatedAt) when nobody did in 15 minutes. */
  acknowledgedAt: string | null;
  escalatedAt: string | null;
}

export interface SupportQueuePage {
  items: SupportQueueItem[];
  total: number;
  counts: Record<SupportView, number>;
  page: number;
  pageSize: number;
}

export interface SupportRequestDetail extends SupportQueueItem {
  messages: SupportMessage[];
  resolution: string | null;
  closedAt: string | null;
  /** This request was merged into that one (and closed). */
  mergedInto: { id: string; number: number } | null;
  acknowledgedBy: EmployeeName | null;
  /** The address the team's replies say to answer to (the inbound address with the request's token). */
  replyTo: string | null;
}

export const teamReplyInput = z.object({
  body: text('Reply', SUPPORT_DESCRIPTION_MAX),
  attachments: attachmentIds,
});
export const TEAM_REPLY_LABELS = { body: 'Reply', attachments: 'Attachments' };
export const supportNoteInput = z.object({ body: text('Note', SUPPORT_DESCRIPTION_MAX) });
export const SUPPORT_NOTE_LABELS = { body: 'Note' };
export const assignSupportInput = z.object({
  assigneeId: z.nullable(
    z.string('Choose an employee.').check(z.minLength(1, 'Choose an employee.')),
  ),
});
export const ASSIGN_SUPPORT_LABELS = { assigneeId: 'Assignee' };
export const closeSupportInput = z.object({
  resolution: text('Resolution', SUPPORT_RESOLUTION_MAX),
});
export const CLOSE_SUPPORT_LABELS = { resolution: 'Resolution' };
export const mergeSupportInput = z.object({
  intoNumber: z.coerce
    .number('Enter the number of the request to merge into.')
    .check(
      z.int('Enter the number of the request to merge into.'),
      z.gte(1, 'Enter the number of the request to merge into.'),
      z.lte(2_147_483_647, 'Enter the number of the request to merge into.'),
    ),
});
export const MERGE_SUPPORT_LABELS = { intoNumber: 'Merge into request number' };

export const listSupportRequests: Endpoint<SupportQueuePage, undefined, SupportQueueQuery> = {
  method: 'GET',
  path: '/api/support/requests',
};
export const getSupportRequest: Endpoint<SupportRequestDetail> = {
  method: 'GET',
  path: '/api/support/requests/:id',
};
/** Answers the client (e-mailed to them); the first one is the first response. */
export const replyToSupportRequest: Endpoint<
  SupportRequestDetail,
  z.input<typeof teamReplyInput>
> = { method: 'POST', path: '/api/support/requests/:id/replies' };
export const addSupportNote: Endpoint<SupportRequestDetail, z.input<typeof supportNoteInput>> = {
  method: 'POST',
  path: '/api/support/requests/:id/notes',
};
export const assignSupportRequest: Endpoint<
  SupportRequestDetail,
  z.input<typeof assignSupportInput>
> = { method: 'POST', path: '/api/support/requests/:id/assign' };
/** 'I have it': stops the escalation to the owners of an urgent request. */
export const acknowledgeSupportRequest: Endpoint<SupportRequestDetail> = {
  method: 'POST',
  path: '/api/support/requests/:id/acknowledge',
};
export const closeSupportRequest: Endpoint<
  SupportRequestDetail,
  z.input<typeof closeSupportInput>
> = { method: 'POST', path: '/api/support/requests/:id/close' };
export const reopenSupportRequest: Endpoint<SupportRequestDetail> = {
  method: 'POST',
  path: '/api/support/requests/:id/reopen',
};
/** Moves the conversation into another request of the same client and closes this one. */
export const mergeSupportRequest: Endpoint<
  SupportRequestDetail,
  z.input<typeof mergeSupportInput>
> = { method: 'POST', path: '/api/support/requests/:id/merge' };
export const getSupportAttachment: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/support/attachments/:fileId',
};
/** A file for the team's next reply on that request (its client's files). */
export const uploadTeamSupportAttachment: Endpoint<SupportAttachment, Blob, { name?: string }> = {
  method: 'POST',
  path: '/api/support/requests/:id/attachments',
};

/** Per urgency over the last 30 days: how fast and how often in time. */
export interface SupportUrgencyFigures {
  open: number;
  /** Requests created in the window. */
  requests: number;
  /** Median minutes to the first response, of those answered; null with none. */
  medianFirstResponseMinutes: number | null;
  /** Share (0–1) answered within target, of those whose target has passed or were answered; null with none. */
  withinTarget: number | null;
  breached: number;
}
export interface SupportFigures {
  days: number;
  urgent: SupportUrgencyFigures;
  normal: SupportUrgencyFigures;
}
export const getSupportFigures: Endpoint<SupportFigures> = {
  method: 'GET',
  path: '/api/support/figures',
};

// ---- Saved replies ----

export interface SavedReply {
  id: string;
  title: string;
  en: string;
  es: string;
}
export const savedReplyInput = z.object({
  title: text('Title', SAVED_REPLY_TITLE_MAX),
  en: text('English text', SUPPORT_DESCRIPTION_MAX),
  es: text('Spanish text', SUPPORT_DESCRIPTION_MAX),
});
export const SAVED_REPLY_LABELS = { title: 'Title', en: 'English text', es: 'Spanish text' };
export const listSavedReplies: Endpoint<{ items: SavedReply[] }> = {
  method: 'GET',
  path: '/api/support/saved-replies',
};
export const createSavedReply: Endpoint<SavedReply, z.input<typeof savedReplyInput>> = {
  method: 'POST',
  path: '/api/support/saved-replies',
};
export const updateSavedReply: Endpoint<SavedReply, z.input<typeof savedReplyInput>> = {
  method: 'PUT',
  path: '/api/support/saved-replies/:id',
};
export const deleteSavedReply: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/support/saved-replies/:id',
};

// ---- Service levels and on-call (settings) ----

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const clock = (label: string) =>
  z
    .string(`${label} must be a time written HH:MM.`)
    .check(z.regex(CLOCK, `${label} must be a time written HH:MM (00:00 to 24:00).`));
const holiday = z.string('A holiday must be a date written YYYY-MM-DD.').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A holiday must be a date written YYYY-MM-DD.'),
  z.refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'A holiday must be a date that exists.'),
);

export interface SupportHours {
  /** ISO weekdays (1 = Monday … 7 = Sunday) that are business days. */
  weekdays: number[];
  start: string;
  end: string;
  holidays: string[];
  urgentMinutes: number;
  normalBusinessDays: number;
  /** APP_TIMEZONE, read-only: the hours are the agency's local time. */
  timeZone: string;
}
export const supportHoursInput = z
  .object({
    weekdays: z
      .array(
        z
          .int('A business day must be a number from 1 (Monday) to 7 (Sunday).')
          .check(
            z.gte(1, 'A business day must be a number from 1 (Monday) to 7 (Sunday).'),
            z.lte(7, 'A business day must be a number from 1 (Monday) to 7 (Sunday).'),
          ),
      )
      .check(z.minLength(1, 'Choose at least one business day.'), z.maxLength(7)),
    start: clock('Opening time'),
    end: clock('Closing time'),
    holidays: z.array(holiday).check(z.maxLength(366, 'At most 366 holidays.')),
    urgentMinutes: z
      .int('The urgent target must be a whole number of minutes.')
      .check(
        z.gte(5, 'The urgent target must be 5 minutes or more.'),
        z.lte(24 * 60, 'The urgent target must be at most 1440 minutes (a day).'),
      ),
    normalBusinessDays: z
      .int('The normal target must be a whole number of business days.')
      .check(
        z.gte(1, 'The normal target must be 1 business day or more.'),
        z.lte(10, 'The normal target must be at most 10 business days.'),
      ),
  })
  .check(
    z.refine((h) => h.start < h.end, {
      message: 'The closing time must be after the opening time.',
      path: ['end'],
    }),
  );
export const SUPPORT_HOURS_LABELS = {
  weekdays: 'Business days',
  start: 'Opening time',
  end: 'Closing time',
  holidays: 'Holidays',
  urgentMinutes: 'Urgent: answer within (minutes)',
  normalBusinessDays: 'Normal: answer within (business days)',
};
export const getSupportHours: Endpoint<SupportHours> = {
  method: 'GET',
  path: '/api/support/settings/hours',
};
export const saveSupportHours: Endpoint<SupportHours, z.input<typeof supportHoursInput>> = {
  method: 'PUT',
  path: '/api/support/settings/hours',
};

/** The on-call rotation: each listed employee takes a week (Monday to Monday, APP_TIMEZONE) in turn. */
export interface OnCallWeek {
  /** The Monday the week starts (YYYY-MM-DD). */
  weekOf: string;
  employee: EmployeeName;
}
export interface OnCallRotation {
  employees: EmployeeName[];
  /** Who is on call now; null without a rotation (then urgent requests go straight to the owners). */
  now: EmployeeName | null;
  /** This week and the next five. */
  weeks: OnCallWeek[];
}
export const onCallInput = z.object({
  employeeIds: z
    .array(z.string('Choose employees.'))
    .check(z.maxLength(52, 'At most 52 employees in the rotation.')),
  /** Who takes this week; the others follow in the listed order. Defaults to the first listed. */
  thisWeek: z.optional(z.string()),
});
export const ON_CALL_LABELS = { employeeIds: 'On call', thisWeek: 'On call this week' };
export const getOnCall: Endpoint<OnCallRotation> = {
  method: 'GET',
  path: '/api/support/settings/on-call',
};
export const saveOnCall: Endpoint<OnCallRotation, z.input<typeof onCallInput>> = {
  method: 'PUT',
  path: '/api/support/settings/on-call',
};

// ---- Inbound e-mail that matched no request, kept for review ----

export interface UnmatchedMail {
  id: string;
  from: string;
  subject: string;
  text: string;
  /** Why it reached no request: an unknown sender, a sender who is not that request's client, … */
  reason: 'unknown_sender' | 'not_the_client' | 'unknown_request' | 'several_businesses';
  receivedAt: string;
}
export const listUnmatchedMail: Endpoint<{ items: UnmatchedMail[] }> = {
  method: 'GET',
  path: '/api/support/inbound',
};
/** Done with it: deleted (the team has read it and acted, or it was spam). */
export const dismissUnmatchedMail: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/support/inbound/:id',
};
/** The provider's webhook (public; authenticated as the provider documents it). */
export const receiveInboundMail: Endpoint<{ ok: true }> = {
  method: 'POST',
  path: '/api/support/inbound/:provider',
};

// ---- Test mode: the support clock (escalation after 15 minutes, due times) ----

export interface SupportClock {
  now: string;
  offsetMs: number;
  available: boolean;
}
export const supportClockInput = z.object({
  minutes: z
    .int('Minutes must be a whole number.')
    .check(
      z.gte(1, 'Minutes must be 1 or more.'),
      z.lte(MAX_CLOCK_MINUTES, `Minutes must be at most ${MAX_CLOCK_MINUTES}.`),
    ),
});
export const SUPPORT_CLOCK_LABELS = { minutes: 'Minutes' };
/** Moves test mode's support time forward and runs what became due (escalations, website checks) at once. */
export const advanceSupportClock: Endpoint<
  SupportClock & { escalated: number; checked: number },
  z.input<typeof supportClockInput>
> = { method: 'POST', path: '/api/support/clock' };

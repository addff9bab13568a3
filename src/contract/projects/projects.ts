import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';
import { isHttpUrl } from '../lib/web-address.js';

/**
 * The client's project (issue 29 §4): the plan's services as tracks, each track's milestones with
 * due dates, deliverables the client approves or sends back, and the social media calendar.
 */
export const TRACK_KINDS = ['website', 'commercial-1', 'commercial-2', 'social'] as const;
export type TrackKind = (typeof TRACK_KINDS)[number];
export type MilestoneTrack = Exclude<TrackKind, 'social'>;

/** The stages of each track with milestones, in order. */
export const WEBSITE_STAGES = ['discovery', 'design', 'build', 'review', 'launch'] as const;
export const COMMERCIAL_STAGES = ['script', 'production', 'review', 'delivered'] as const;
export type Stage = (typeof WEBSITE_STAGES)[number] | (typeof COMMERCIAL_STAGES)[number];
export const TRACK_STAGES: Record<MilestoneTrack, readonly Stage[]> = {
  website: WEBSITE_STAGES,
  'commercial-1': COMMERCIAL_STAGES,
  'commercial-2': COMMERCIAL_STAGES,
};

export const MILESTONE_STATUSES = [
  'todo',
  'in_progress',
  'in_review',
  'changes_requested',
  'done',
] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
/** What an employee may set by hand: 'in_review' only comes from 'Send for review'. */
export const MOVABLE_STATUSES = ['todo', 'in_progress', 'changes_requested', 'done'] as const;

/** The admin area's words (English); the client's page words them from the project catalog. */
export const TRACK_LABELS: Record<TrackKind, string> = {
  website: 'Website',
  'commercial-1': 'Commercial 1',
  'commercial-2': 'Commercial 2',
  social: 'Social media',
};
export const STAGE_LABELS: Record<Stage, string> = {
  discovery: 'Discovery',
  design: 'Design',
  build: 'Build',
  review: 'Review',
  launch: 'Launch',
  script: 'Script',
  production: 'Production',
  delivered: 'Delivered',
};
export const STATUS_LABELS: Record<MilestoneStatus, string> = {
  todo: 'Not started',
  in_progress: 'In progress',
  in_review: 'Waiting for the client',
  changes_requested: 'Changes requested',
  done: 'Done',
};

export interface Milestone {
  id: string;
  stage: Stage;
  status: MilestoneStatus;
  /** YYYY-MM-DD, or null when not planned yet. */
  dueOn: string | null;
  /** Open and past its due date (in the agency's time zone). */
  overdue: boolean;
  deliverableUrl: string | null;
  /** A file attached as the deliverable (kept privately; read through the deliverable file routes). */
  deliverableFile: DeliverableFile | null;
  deliverableNote: string | null;
  reviewComment: string | null;
  sentForReviewAt: string | null;
  decidedAt: string | null;
}
/** How a deliverable file is kept: images re-encoded as WebP, PDFs as they came. */
export const DELIVERABLE_FILE_TYPES = ['image/webp', 'application/pdf'] as const;
export interface DeliverableFile {
  contentType: (typeof DELIVERABLE_FILE_TYPES)[number];
  bytes: number;
}
/** What the file input offers (the server decides by the file's first bytes, not by this). */
export const DELIVERABLE_FILE_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';
export const MAX_DELIVERABLE_BYTES = 5 * 1024 * 1024;

export interface MilestoneTrackView {
  kind: MilestoneTrack;
  milestones: Milestone[];
}
export interface SocialMonth {
  /** '2026-11' */
  month: string;
  planned: number;
  published: number;
}
export interface Project {
  id: string;
  /** The subscription was cancelled: the project is kept, read-only. */
  archived: boolean;
  planName: string;
  /** The tracks the plan has, in order (social media has a calendar instead of milestones). */
  tracks: TrackKind[];
  milestoneTracks: MilestoneTrackView[];
  social: SocialMonth[] | null;
  /** The client's choice: an e-mail at each step, or one a day. */
  notify: NotifyChoice;
  /** Today in the agency's time zone (what 'overdue' is measured against). */
  today: string;
}
export interface AdminProject extends Project {
  registrationId: string;
  businessName: string;
  email: string;
}

export const NOTIFY_CHOICES = ['each', 'daily'] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** A calendar day that exists, 2000–2100. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A deliverable: a web page (a shared folder, a preview) or a file this server stored (/uploads/…). */
export const isDeliverableUrl = (text: string) =>
  isHttpUrl(text) || /^\/uploads\/[\w./-]+$/.test(text);

const deliverableUrl = z.string('Deliverable must be a web address').check(
  z.trim(),
  z.maxLength(2048, 'Deliverable must be at most 2048 characters'),
  z.refine(isDeliverableUrl, {
    message: 'Deliverable must be a web address starting with http:// or https://',
    params: { code: 'field_web_address' },
  }),
);
const note = z
  .string('Note must be text')
  .check(z.trim(), z.maxLength(2000, 'Note must be at most 2000 characters'));

/** An employee moves a milestone: its status, its due date, its deliverable. */
export const milestoneUpdateInput = z
  .object({
    status: z.optional(
      z.enum(
        MOVABLE_STATUSES,
        'Status must be Not started, In progress, Changes requested or Done',
      ),
    ),
    dueOn: z.optional(
      z.nullable(
        z
          .string('Due date must be a date')
          .check(z.refine(isCalendarDay, 'Due date must be a date like 2026-11-25.')),
      ),
    ),
    deliverableUrl: z.optional(z.nullable(deliverableUrl)),
    deliverableNote: z.optional(z.nullable(note)),
  })
  .check(
    z.refine(
      (v) =>
        v.status !== undefined ||
        v.dueOn !== undefined ||
        v.deliverableUrl !== undefined ||
        v.deliverableNote !== undefined,
      'Send a status, a due date or a deliverable to change.',
    ),
  );
export type MilestoneUpdateInput = z.output<typeof milestoneUpdateInput>;

/** 'Send for review': the deliverable (kept when omitted) and a note for the client. */
export const sendForReviewInput = z.object({
  deliverableUrl: z.optional(deliverableUrl),
  deliverableNote: z.optional(z.nullable(note)),
});
export type SendForReviewInput = z.output<typeof sendForReviewInput>;

/** The social calendar's month: posts planned and published. */
export const socialMonthInput = z.object({
  planned: z
    .int('Planned must be a whole number')
    .check(z.gte(0, 'Planned must be 0 or more'), z.lte(1000, 'Planned must be at most 1000')),
  published: z
    .int('Published must be a whole number')
    .check(z.gte(0, 'Published must be 0 or more'), z.lte(1000, 'Published must be at most 1000')),
});
export const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;

/** The client's answer to a review. 'Request changes' needs a comment; 'Approve' may have one. */
const comment = z
  .string()
  .check(z.trim(), z.maxLength(2000, 'Comment must be at most 2000 characters'));
export const approveInput = z.object({ comment: z.optional(z.nullable(comment)) });
export const requestChangesInput = z.object({
  comment: comment.check(z.minLength(1, 'Comment is required: say what should change')),
});
export const notifyInput = z.object({
  notify: z.enum(NOTIFY_CHOICES, 'Choose each step or a daily digest'),
});

export const PROJECT_LABELS: Record<string, string> = {
  status: 'Status',
  dueOn: 'Due date',
  deliverableUrl: 'Deliverable',
  deliverableNote: 'Note',
  planned: 'Planned',
  published: 'Published',
  comment: 'Comment',
  notify: 'E-mails',
  manager: 'Project manager',
};

// The board (admin): projects by the website's current stage.
export const BOARD_COLUMNS = [...WEBSITE_STAGES, 'live', 'no-website'] as const;
export type BoardColumnId = (typeof BOARD_COLUMNS)[number];
export const BOARD_COLUMN_LABELS: Record<BoardColumnId, string> = {
  discovery: 'Discovery',
  design: 'Design',
  build: 'Build',
  review: 'Review',
  launch: 'Launch',
  live: 'Website live',
  'no-website': 'No website in plan',
};
export const BOARD_COLUMN_LIMIT = 50;

export interface BoardCard {
  projectId: string;
  businessName: string;
  planName: string;
  /** The website milestone the project is at, and its status (null: none open). */
  status: MilestoneStatus | null;
  dueOn: string | null;
  /** Open milestones of any track past their due date. */
  overdue: number;
  managerId: string | null;
  managerName: string | null;
}
export interface ProjectBoard {
  columns: { id: BoardColumnId; total: number; cards: BoardCard[] }[];
  /** The project managers the cards name, for the filter. */
  managers: { id: string; name: string }[];
  today: string;
}
/** `manager`: an employee's id, or 'none' for projects without one. */
export const boardQuery = z.object({
  manager: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(100, 'Project manager is too long')),
  ),
});

export const getProjectBoard: Endpoint<ProjectBoard, undefined, { manager?: string }> = {
  method: 'GET',
  path: '/api/projects/board',
};
export const getProject: Endpoint<AdminProject> = { method: 'GET', path: '/api/projects/:id' };
export const updateMilestone: Endpoint<AdminProject, z.input<typeof milestoneUpdateInput>> = {
  method: 'PATCH',
  path: '/api/projects/milestones/:id',
};
export const sendMilestoneForReview: Endpoint<AdminProject, z.input<typeof sendForReviewInput>> = {
  method: 'POST',
  path: '/api/projects/milestones/:id/send-for-review',
};
export const updateSocialMonth: Endpoint<AdminProject, z.input<typeof socialMonthInput>> = {
  method: 'PUT',
  path: '/api/projects/:id/social/:month',
};

/**
 * A milestone's deliverable file (employees): POST the raw bytes (a PDF, or a PNG, JPEG or WebP
 * image, at most 5 MB) to attach it, replacing any earlier file; GET reads it; DELETE removes it.
 */
export const uploadDeliverableFile: Endpoint<AdminProject, Blob> = {
  method: 'POST',
  path: '/api/projects/milestones/:id/deliverable-file',
};
export const getDeliverableFile: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/projects/milestones/:id/deliverable-file',
};
export const removeDeliverableFile: Endpoint<AdminProject> = {
  method: 'DELETE',
  path: '/api/projects/milestones/:id/deliverable-file',
};

// The client's side, under the billing page's session (its cookie's path is /api/account).
export const getClientProject: Endpoint<{ project: Project | null }> = {
  method: 'GET',
  path: '/api/account/project',
};
export const approveMilestone: Endpoint<{ project: Project }, z.input<typeof approveInput>> = {
  method: 'POST',
  path: '/api/account/project/milestones/:id/approve',
};
export const requestMilestoneChanges: Endpoint<
  { project: Project },
  z.input<typeof requestChangesInput>
> = { method: 'POST', path: '/api/account/project/milestones/:id/request-changes' };
export const setProjectNotify: Endpoint<{ project: Project }, z.input<typeof notifyInput>> = {
  method: 'PUT',
  path: '/api/account/project/notify',
};
/** The client reads a deliverable file of their own project (another client's is not found). */
export const getClientDeliverableFile: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/account/project/milestones/:id/deliverable-file',
};

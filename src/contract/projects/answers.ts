import * as z from 'zod/mini';
import { answer, isoDate, isoTime } from '../lib/answer.js';
import {
  approveMilestone,
  BOARD_COLUMNS,
  COMMERCIAL_STAGES,
  DELIVERABLE_FILE_TYPES,
  getClientDeliverableFile,
  getClientProject,
  getDeliverableFile,
  getProject,
  getProjectBoard,
  MILESTONE_STATUSES,
  NOTIFY_CHOICES,
  removeDeliverableFile,
  requestMilestoneChanges,
  sendMilestoneForReview,
  setProjectNotify,
  TRACK_KINDS,
  updateMilestone,
  updateSocialMonth,
  uploadDeliverableFile,
  WEBSITE_STAGES,
  type AdminProject,
  type Milestone,
  type Project,
  type ProjectBoard,
} from './projects.js';

const milestone: z.ZodMiniType<Milestone> = z.strictObject({
  id: z.string(),
  stage: z.enum([...WEBSITE_STAGES, ...COMMERCIAL_STAGES]),
  status: z.enum(MILESTONE_STATUSES),
  dueOn: z.nullable(isoDate()),
  overdue: z.boolean(),
  deliverableUrl: z.nullable(z.string()),
  deliverableFile: z.nullable(
    z.strictObject({ contentType: z.enum(DELIVERABLE_FILE_TYPES), bytes: z.int() }),
  ),
  deliverableNote: z.nullable(z.string()),
  reviewComment: z.nullable(z.string()),
  sentForReviewAt: z.nullable(isoTime()),
  decidedAt: z.nullable(isoTime()),
});

const projectFields = {
  id: z.string(),
  archived: z.boolean(),
  planName: z.string(),
  tracks: z.array(z.enum(TRACK_KINDS)),
  milestoneTracks: z.array(
    z.strictObject({
      kind: z.enum(['website', 'commercial-1', 'commercial-2']),
      milestones: z.array(milestone),
    }),
  ),
  social: z.nullable(
    z.array(
      z.strictObject({
        month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
        planned: z.int(),
        published: z.int(),
      }),
    ),
  ),
  notify: z.enum(NOTIFY_CHOICES),
  today: isoDate(),
};
const project: z.ZodMiniType<Project> = z.strictObject(projectFields);
const adminProject: z.ZodMiniType<AdminProject> = z.strictObject({
  ...projectFields,
  registrationId: z.string(),
  businessName: z.string(),
  email: z.string(),
});
const board: z.ZodMiniType<ProjectBoard> = z.strictObject({
  columns: z.array(
    z.strictObject({
      id: z.enum(BOARD_COLUMNS),
      total: z.int(),
      cards: z.array(
        z.strictObject({
          projectId: z.string(),
          businessName: z.string(),
          planName: z.string(),
          status: z.nullable(z.enum(MILESTONE_STATUSES)),
          dueOn: z.nullable(isoDate()),
          overdue: z.int(),
          managerId: z.nullable(z.string()),
          managerName: z.nullable(z.string()),
        }),
      ),
    }),
  ),
  managers: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  today: isoDate(),
});

export const answers = [
  answer(getProjectBoard, board),
  answer(getProject, adminProject),
  answer(updateMilestone, adminProject),
  answer(sendMilestoneForReview, adminProject),
  answer(updateSocialMonth, adminProject),
  answer(getClientProject, z.strictObject({ project: z.nullable(project) })),
  answer(approveMilestone, z.strictObject({ project })),
  answer(requestMilestoneChanges, z.strictObject({ project })),
  answer(setProjectNotify, z.strictObject({ project })),
  answer(uploadDeliverableFile, adminProject),
  answer(removeDeliverableFile, adminProject),
  answer(getDeliverableFile, null),
  answer(getClientDeliverableFile, null),
];

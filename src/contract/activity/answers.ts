import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import { listActivity, type ActivityEntry, type ActivityPage } from './activity.js';

/** One entry of the log (also a line of a client's timeline). */
export const activityEntry: z.ZodMiniType<ActivityEntry> = z.strictObject({
  id: z.string(),
  at: isoTime(),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.unknown())),
  ipAddress: z.nullable(z.string()),
});

const activityPage: z.ZodMiniType<ActivityPage> = z.strictObject({
  items: z.array(activityEntry),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  employees: z.array(z.string()),
});

export const answers = [answer(listActivity, activityPage)];

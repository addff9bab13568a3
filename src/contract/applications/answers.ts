import * as z from 'zod/mini';
import { answer, decimal, isoTime } from '../lib/answer.js';
import {
  APPLICATION_STATUSES,
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  updateApplication,
  type Application,
} from './applications.js';

const application: z.ZodMiniType<Application> = z.strictObject({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  status: z.enum(APPLICATION_STATUSES),
  logoUrl: z.nullable(z.string()),
  iconColor: z.string(),
  iconType: z.string(),
  stripeProductId: z.nullable(z.string()),
  dailyRevenue: decimal(),
  weeklyRevenue: decimal(),
  totalUsers: z.int(),
  testMode: z.boolean(),
  createdAt: isoTime(),
});

export const answers = [
  answer(listApplications, z.array(application)),
  answer(getApplication, application),
  answer(createApplication, application),
  answer(updateApplication, application),
  answer(deleteApplication, null),
];

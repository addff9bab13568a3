import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import {
  assignProjectManager,
  CONTACT_METHODS,
  getContactRate,
  listNewClients,
  listProjectManagers,
  markClientContacted,
  type ContactRate,
  type EmployeeRef,
  type NewClient,
  type NewClientPage,
} from './kickoff.js';

const employeeRef: z.ZodMiniType<EmployeeRef> = z.strictObject({
  id: z.string(),
  name: z.string(),
});

const newClient: z.ZodMiniType<NewClient> = z.strictObject({
  id: z.string(),
  businessName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  language: z.enum(['en', 'es']),
  plan: z.strictObject({ name: z.string(), displayName: z.string() }),
  paidAt: isoTime(),
  dueAt: isoTime(),
  projectManager: z.nullable(employeeRef),
  contact: z.nullable(
    z.strictObject({
      method: z.enum(CONTACT_METHODS),
      note: z.string(),
      at: isoTime(),
      by: z.strictObject({ id: z.nullable(z.string()), name: z.string() }),
      inTime: z.boolean(),
    }),
  ),
  overdueNoticeAt: z.nullable(isoTime()),
});

const newClientPage: z.ZodMiniType<NewClientPage> = z.strictObject({
  items: z.array(newClient),
  total: z.int(),
  counts: z.strictObject({ waiting: z.int(), contacted: z.int() }),
  overdue: z.int(),
  page: z.int(),
  pageSize: z.int(),
  now: isoTime(),
});

const contactRate: z.ZodMiniType<ContactRate> = z.strictObject({
  days: z.int(),
  total: z.int(),
  inTime: z.int(),
});

export const answers = [
  answer(listNewClients, newClientPage),
  answer(listProjectManagers, z.array(employeeRef)),
  answer(getContactRate, contactRate),
  answer(assignProjectManager, newClient),
  answer(markClientContacted, newClient),
];

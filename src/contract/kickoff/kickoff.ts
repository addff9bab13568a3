import * as z from 'zod/mini';
import { pageNumber } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';
import type { ClientLanguage } from '../clients/clients.js';

/** The payment-success page promises a call within this many hours of the first payment. */
export const CONTACT_PROMISE_HOURS = 24;
export const CONTACT_PROMISE_MS = CONTACT_PROMISE_HOURS * 3_600_000;
/** The dashboard's share of clients contacted in time counts the clients paid in these last days. */
export const CONTACT_RATE_DAYS = 30;
export const NEW_CLIENTS_PAGE_SIZE = 20;
export const CONTACT_NOTE_MAX = 1000;

export const CONTACT_METHODS = ['call', 'email', 'meeting'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  call: 'Call',
  email: 'E-mail',
  meeting: 'Meeting',
};

/** 'waiting': paid, not contacted yet (the default list); 'contacted': done, with how and by whom. */
export const NEW_CLIENT_VIEWS = ['waiting', 'contacted'] as const;
export type NewClientView = (typeof NEW_CLIENT_VIEWS)[number];

export const newClientsQuerySchema = z.object({
  view: z._default(z.enum(NEW_CLIENT_VIEWS, 'View must be waiting or contacted.'), 'waiting'),
  page: pageNumber(),
});
export type NewClientsQuery = z.output<typeof newClientsQuerySchema>;
export const NEW_CLIENTS_QUERY_LABELS = { view: 'view', page: 'page' };

export interface EmployeeRef {
  id: string;
  name: string;
}

export interface NewClientContact {
  method: ContactMethod;
  note: string;
  /** ISO time. */
  at: string;
  /** Who marked it; `id` is null once that employee was removed (the name stays). */
  by: { id: string | null; name: string };
  /** Within CONTACT_PROMISE_HOURS of the first payment. */
  inTime: boolean;
}

export interface NewClient {
  /** The business (its registration's id, as in the clients list). */
  id: string;
  businessName: string;
  ownerName: string;
  email: string;
  phone: string | null;
  language: ClientLanguage;
  plan: { name: string; displayName: string };
  /** The first payment (ISO). */
  paidAt: string;
  /** paidAt + 24 hours: the promise's end. */
  dueAt: string;
  projectManager: EmployeeRef | null;
  contact: NewClientContact | null;
  /** When the team was e-mailed that the promise was broken; null while it was not. */
  overdueNoticeAt: string | null;
}

export interface NewClientPage {
  items: NewClient[];
  total: number;
  counts: Record<NewClientView, number>;
  /** Waiting clients past their 24 hours. */
  overdue: number;
  page: number;
  pageSize: number;
  /** The server's time (ISO), so a countdown does not depend on the browser's clock being right. */
  now: string;
}

/** The share of clients contacted within 24 hours, for the applications dashboard. */
export interface ContactRate {
  days: number;
  /** Clients paid in the last `days` whose 24 hours are over or who were contacted. */
  total: number;
  /** Of those, contacted within 24 hours of paying. */
  inTime: number;
}

export const assignProjectManagerInput = z.object({
  // null: nobody.
  employeeId: z.nullable(
    z
      .string('Choose an employee.')
      .check(
        z.trim(),
        z.minLength(1, 'Choose an employee.'),
        z.maxLength(200, 'Choose an employee.'),
      ),
  ),
});
export type AssignProjectManagerInput = z.output<typeof assignProjectManagerInput>;

export const markContactedInput = z.object({
  method: z.enum(CONTACT_METHODS, 'Choose how you contacted the client: call, e-mail or meeting.'),
  note: z._default(
    z
      .string('The note must be text.')
      .check(
        z.trim(),
        z.maxLength(CONTACT_NOTE_MAX, `A note has at most ${CONTACT_NOTE_MAX} characters.`),
      ),
    '',
  ),
});
export type MarkContactedInput = z.output<typeof markContactedInput>;
export const NEW_CLIENT_LABELS = { employeeId: 'Project manager', method: 'How', note: 'Note' };

// Employees only.
export const listNewClients: Endpoint<
  NewClientPage,
  undefined,
  { view?: NewClientView; page?: number }
> = { method: 'GET', path: '/api/new-clients' };
/** Everyone who may be a project manager: the employees not disabled (any employee may assign). */
export const listProjectManagers: Endpoint<EmployeeRef[]> = {
  method: 'GET',
  path: '/api/new-clients/project-managers',
};
export const getContactRate: Endpoint<ContactRate> = {
  method: 'GET',
  path: '/api/new-clients/contact-rate',
};
export const assignProjectManager: Endpoint<NewClient, AssignProjectManagerInput> = {
  method: 'PUT',
  path: '/api/new-clients/:id/project-manager',
};
export const markClientContacted: Endpoint<NewClient, z.input<typeof markContactedInput>> = {
  method: 'POST',
  path: '/api/new-clients/:id/contacted',
};

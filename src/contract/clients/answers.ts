import * as z from 'zod/mini';
import { activityEntry } from '../activity/answers.js';
import { accountOverview } from '../billing/answers.js';
import { answer, decimal, isoTime } from '../lib/answer.js';
import {
  cancelClientSubscription,
  CLIENT_BILLING_STATUSES,
  CLIENT_PAYMENT_STATUSES,
  exportClientsCsv,
  getClient,
  getClientBilling,
  listClients,
  refundClientInvoice,
  resendClientReceipt,
  type ClientDetail,
  type ClientPage,
  type ClientSummary,
} from './clients.js';
import { getClientTimeline, TIMELINE_KINDS, type ClientTimeline } from './timeline.js';

const summaryShape = {
  id: z.string(),
  businessName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  businessType: z.string(),
  language: z.enum(['en', 'es']),
  plan: z.strictObject({ name: z.string(), displayName: z.string() }),
  paymentStatus: z.enum(CLIENT_PAYMENT_STATUSES),
  billingStatus: z.enum(CLIENT_BILLING_STATUSES),
  cancelsOn: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  createdAt: isoTime(),
  paidAt: z.nullable(isoTime()),
  periodStart: z.nullable(isoTime()),
  periodEnd: z.nullable(isoTime()),
};
export const clientSummary: z.ZodMiniType<ClientSummary> = z.strictObject(summaryShape);

const clientPage: z.ZodMiniType<ClientPage> = z.strictObject({
  items: z.array(clientSummary),
  total: z.int(),
  billingCounts: z.strictObject({
    active: z.int(),
    past_due: z.int(),
    cancels: z.int(),
    canceled: z.int(),
    awaiting_payment: z.int(),
  }),
  page: z.int(),
  pageSize: z.int(),
});

const clientDetail: z.ZodMiniType<ClientDetail> = z.strictObject({
  ...summaryShape,
  address: z.nullable(z.string()),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  updatedAt: isoTime(),
  subscription: z.nullable(
    z.strictObject({
      status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
      price: decimal(),
      currency: z.string(),
      billingCycle: z.string(),
      renewalPrice: z.nullable(decimal()),
      renewalStartsAt: z.nullable(isoTime()),
      periodStart: z.nullable(isoTime()),
      periodEnd: z.nullable(isoTime()),
      canceledAt: z.nullable(isoTime()),
      cancelReason: z.nullable(z.string()),
    }),
  ),
  payments: z.array(
    z.strictObject({
      id: z.string(),
      amount: decimal(),
      currency: z.string(),
      paidAt: isoTime(),
      provider: z.enum(['test', 'stripe']),
    }),
  ),
  lastPaymentError: z.nullable(z.string()),
});

export const answers = [
  answer(listClients, clientPage),
  answer(getClient, clientDetail),
  answer(
    getClientTimeline,
    z.strictObject({
      items: z.array(
        z.union([
          z.strictObject({ at: isoTime(), kind: z.literal('activity'), entry: activityEntry }),
          z.strictObject({
            at: isoTime(),
            kind: z.enum(TIMELINE_KINDS.filter((k) => k !== 'activity')),
            text: z.string(),
          }),
        ]),
      ),
    }) as z.ZodMiniType<ClientTimeline>,
  ),
  answer(exportClientsCsv, null),
  answer(getClientBilling, accountOverview),
  answer(cancelClientSubscription, accountOverview),
  answer(refundClientInvoice, accountOverview),
  answer(resendClientReceipt, z.strictObject({ message: z.string() })),
];

import * as z from 'zod/mini';
import { pageNumber } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';
import type { AccountOverview } from '../billing/billing.js';

export const CLIENTS_PAGE_SIZE = 20;
/** The export answers at most this many rows, so one click cannot build an unbounded file. */
export const CLIENTS_EXPORT_LIMIT = 10_000;

/** 'failed': still pending, and the last card tried was declined. */
export const CLIENT_PAYMENT_STATUSES = ['pending_payment', 'active', 'failed'] as const;
export type ClientPaymentStatus = (typeof CLIENT_PAYMENT_STATUSES)[number];

export const CLIENT_PAYMENT_STATUS_LABELS: Record<ClientPaymentStatus, string> = {
  pending_payment: 'Pending payment',
  active: 'Active',
  failed: 'Failed',
};

/**
 * What the client's billing is now, from its subscription (the server derives it in one place:
 * src/server/features/clients/billing-status.ts). 'cancels': still served, ends at the period's
 * end; 'awaiting_payment': registered, nothing paid yet (a declined card included).
 */
export const CLIENT_BILLING_STATUSES = [
  'active',
  'past_due',
  'cancels',
  'canceled',
  'awaiting_payment',
] as const;
export type ClientBillingStatus = (typeof CLIENT_BILLING_STATUSES)[number];

/** The filter's names; a badge for 'cancels' says the date ('Cancels on Dec 24, 2026'). */
export const CLIENT_BILLING_STATUS_LABELS: Record<ClientBillingStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  cancels: 'Cancels at period end',
  canceled: 'Canceled',
  awaiting_payment: 'Awaiting payment',
};

/** The languages a client may register in (the public site's, contract/site/routes.ts LOCALES). */
export type ClientLanguage = 'en' | 'es';
/** How the team sees a client's language (list, detail, CSV, team e-mails). */
export const CLIENT_LANGUAGE_LABELS: Record<ClientLanguage, string> = {
  en: 'English',
  es: 'Spanish',
};

export const clientsQuerySchema = z.object({
  // Blank after trimming counts as no search, so `?search=` lists everything.
  search: z
    .pipe(
      z.optional(z.string('Search must be text.')),
      z.transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
    )
    .check(
      z.refine((v) => v === undefined || v.length <= 200, 'Search must be at most 200 characters.'),
    ),
  status: z.optional(
    z.enum(CLIENT_PAYMENT_STATUSES, 'Payment status must be pending_payment, active or failed.'),
  ),
  billing: z.optional(
    z.enum(
      CLIENT_BILLING_STATUSES,
      'Billing status must be active, past_due, cancels, canceled or awaiting_payment.',
    ),
  ),
  page: pageNumber(),
});
export type ClientsQuery = z.output<typeof clientsQuerySchema>;
export const CLIENTS_QUERY_LABELS = {
  search: 'search',
  status: 'payment status',
  billing: 'billing status',
  page: 'page',
};

export interface ClientSummary {
  id: string;
  businessName: string;
  ownerName: string;
  email: string;
  phone: string | null;
  businessType: string;
  /** The language the client registered in: their e-mails, pages and first call (issue 28 §2). */
  language: ClientLanguage;
  plan: { name: string; displayName: string };
  paymentStatus: ClientPaymentStatus;
  billingStatus: ClientBillingStatus;
  /** 'cancels': the last day served, a calendar date in the agency's time zone ('2026-12-24'); else null. */
  cancelsOn: string | null;
  /** ISO times. */
  createdAt: string;
  /** The first payment, or null while nothing is paid. */
  paidAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface ClientPage {
  items: ClientSummary[];
  total: number;
  /** Clients per billing status for the current search and payment status (the billing filter left out). */
  billingCounts: Record<ClientBillingStatus, number>;
  page: number;
  pageSize: number;
}

export interface ClientSubscription {
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  /** Decimal strings ('299.00'). */
  price: string;
  currency: string;
  billingCycle: string;
  renewalPrice: string | null;
  renewalStartsAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** When it ended ('canceled'), and the reason the client or the team gave when cancelling. */
  canceledAt: string | null;
  cancelReason: string | null;
}

export interface ClientPayment {
  id: string;
  amount: string;
  currency: string;
  paidAt: string;
  provider: 'test' | 'stripe';
}

export interface ClientDetail extends ClientSummary {
  address: string | null;
  website: string | null;
  description: string | null;
  updatedAt: string;
  subscription: ClientSubscription | null;
  /** Newest first. */
  payments: ClientPayment[];
  /** Why the last card was refused, in the provider's words; null when it was not. */
  lastPaymentError: string | null;
}

/** The clients list's filters; a blank search and 'all statuses' are not sent. */
export type ClientFilterParams = {
  search?: string;
  status?: ClientPaymentStatus;
  billing?: ClientBillingStatus;
};

// Clients (employees only).
export const listClients: Endpoint<ClientPage, undefined, ClientFilterParams & { page?: number }> =
  { method: 'GET', path: '/api/clients' };
export const getClient: Endpoint<ClientDetail> = { method: 'GET', path: '/api/clients/:id' };
/** A CSV download: linked (its URL is an `href`), not fetched. */
export const exportClientsCsv: Endpoint<string, undefined, ClientFilterParams> = {
  method: 'GET',
  path: '/api/clients/export.csv',
};

// The agency's side of a client's billing (employees only; each write is logged by the guard).
/** The client's subscription and invoices, as the client's own billing page shows them. */
export const getClientBilling: Endpoint<AccountOverview> = {
  method: 'GET',
  path: '/api/clients/:id/billing',
};
/** Ends the subscription at the end of the paid period, on the client's behalf. */
export const cancelClientSubscription: Endpoint<AccountOverview, { reason?: string }> = {
  method: 'POST',
  path: '/api/clients/:id/cancel',
};
/**
 * Gives back part or all of what is left of a paid invoice: a negative ledger row of that amount, the
 * invoice refunded once nothing is left, the client told. Needs the billing permission.
 */
export const refundClientInvoice: Endpoint<AccountOverview, RefundInput> = {
  method: 'POST',
  path: '/api/clients/:id/invoices/:invoiceId/refund',
};
/** E-mails the invoice's receipt to the client again. */
export const resendClientReceipt: Endpoint<{ message: string }> = {
  method: 'POST',
  path: '/api/clients/:id/invoices/:invoiceId/resend',
};

export const CANCEL_REASON_MAX = 500;
export const REFUND_REASON_MAX = 500;

/** A refund: the amount in dollars and cents ('49.50'; the server checks it against what is left) and why. */
export const refundInput = z.object({
  amount: z
    .string('Enter the amount to refund, like 49.50.')
    .check(z.trim(), z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter the amount to refund, like 49.50.')),
  reason: z
    .string('Say why you refund.')
    .check(
      z.trim(),
      z.minLength(1, 'Say why you refund.'),
      z.maxLength(REFUND_REASON_MAX, `A reason has at most ${REFUND_REASON_MAX} characters`),
    ),
});
export type RefundInput = z.output<typeof refundInput>;
export const REFUND_LABELS = { amount: 'Amount', reason: 'Reason' };
export const clientCancelInput = z.object({
  reason: z.optional(
    z
      .string()
      .check(
        z.maxLength(CANCEL_REASON_MAX, `A reason has at most ${CANCEL_REASON_MAX} characters`),
      ),
  ),
});

/** Payments: first payments (checkout), the ledger, invoices and the billing cycle's arithmetic. */
export { bookLedgerRow } from './settle.js';
export { insertInvoice, invoiceOf } from './invoices.js';
export type { SubscriptionNews, SubscriptionNewsHandler } from './settle.js';

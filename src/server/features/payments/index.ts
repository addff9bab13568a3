/** Payments: first payments (checkout), the ledger, invoices and the billing cycle's arithmetic. */
export { addMonths, bookLedgerRow, cycleMonths, FIRST_PRICE_MONTHS, priceAt } from './settle.js';
export { insertInvoice, invoiceOf } from './invoices.js';
export type { SubscriptionNews, SubscriptionNewsHandler } from './settle.js';

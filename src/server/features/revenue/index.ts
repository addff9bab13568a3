/** Revenue from the payments ledger, for the applications dashboard. */
export { createRevenueService, type ProductRevenue, type RevenueService } from './service.js';

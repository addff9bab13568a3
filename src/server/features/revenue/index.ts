/** Revenue from the payments ledger, for the applications dashboard. */
export { createRevenueService, type ProductRevenue, type RevenueService } from './service.js';
/** Calendar days in the agency's time zone (leads' follow-up dates use them too). */
export { addDays, isoDate, localDate, startOfLocalDay, type LocalDate } from './zoned-time.js';

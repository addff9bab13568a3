/** Billing for employees: test mode's billing clock (owners, in settings). */
export { BillingClockCard } from './clock-card';
export { useBillingClockAvailable } from './api';

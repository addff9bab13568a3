/**
 * The database schema, one file per domain (issue 26 §3). Importers and drizzle-kit
 * (drizzle.config.ts) read this index; it only re-exports.
 */
export * from './schema/plans.js';
export * from './schema/registration.js';
export * from './schema/payments.js';
export * from './schema/billing.js';
export * from './schema/account.js';
export * from './schema/portfolio.js';
export * from './schema/faq.js';
export * from './schema/applications.js';
export * from './schema/investors.js';
export * from './schema/businesses.js';
export * from './schema/leads.js';
export * from './schema/uploads.js';
export * from './schema/onboarding.js';
export * from './schema/notifications.js';
export * from './schema/activity.js';
export * from './schema/projects.js';
export * from './schema/shared-state.js';
export * from './schema/kickoff.js';
export * from './auth-schema.js';
export * from './schema/consultations.js';
export * from './schema/support.js';
export * from './schema/uptime.js';

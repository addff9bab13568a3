/** The client's billing page: sign-in by an e-mailed one-time link, then the billing engine's actions. */
export { accountRoutes, ACCOUNT_COOKIE, SECURE_ACCOUNT_COOKIE } from './routes.js';
export { createAccountService, type AccountService } from './service.js';

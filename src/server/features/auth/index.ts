/** Employee accounts and sessions, for the features that manage employees. */
export type { Auth } from './auth.js';
export { createOrResetEmployee } from './employees.js';
export { passwordProblem } from './passwords.js';

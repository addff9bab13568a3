/** The activity log: who did what, when and from where. */
export { SIGN_IN, SIGN_IN_FAILED, type ActivityLog, type ActivityRecord } from './service.js';

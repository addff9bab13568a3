/** The activity log in settings. */
export { ActivityCard } from './activity-card';
export { ACTIVITY_KEY_PREFIX } from './api';
export { describeEntry } from './describe';

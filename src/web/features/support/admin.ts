/** What the admin area needs of support outside its own section; kept out of public pages. */
export { SupportHoursCard } from './admin-hours';
export { OnCallCard } from './admin-on-call';
export { SavedRepliesCard } from './admin-saved-replies';
export { SiteMonitorBlock } from './admin-site-monitor';

import type { ActivityEntry } from '../../../contract/activity/activity';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../../contract/leads/leads';

/** What each action is called in the log (and in its type filter). */
export const ACTION_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-in.refused': 'Sign-in refused (too many failures)',
  'sign-in.second-factor-asked': 'Password accepted, code asked',
  'sign-out': 'Signed out',
  'two-factor.setup': 'Started two-factor set-up',
  'two-factor.enabled': 'Turned on two-factor sign-in',
  'two-factor.disabled': 'Turned off two-factor sign-in',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  export: 'Exported',
  discover: 'Discovered',
  'consultation.booked': 'Client booked the consultation',
  'consultation.rescheduled': 'Client rescheduled the consultation',
  'consultation.cancelled': 'Client cancelled the consultation',
};

/** Detail keys that name the object, not a change to it. */
const NAMING = new Set(['id', 'name', 'email', 'businessName']);

/** 'doNotContact' → 'do not contact'. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function valueText(key: string, value: unknown): string | null {
  if (key === 'status' && typeof value === 'string' && value in LEAD_STATUS_LABELS)
    return LEAD_STATUS_LABELS[value as LeadStatus];
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return null;
}

/**
 * One line for an entry, naming the object and what changed:
 * 'Updated lead Oak Grove Pipe Pros: status → Contacted'; 'Exported leads: count → 12'.
 */
export function describeEntry(entry: ActivityEntry): string {
  const what = ACTION_LABELS[entry.action] ?? entry.action;
  if (!entry.subject || entry.subject.startsWith('auth/')) return what;
  const detail = entry.detail ?? {};
  const name = [detail.name, detail.businessName, detail.email].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const changes = Object.entries(detail)
    .filter(([key]) => !NAMING.has(key))
    .map(([key, value]) => {
      const text = valueText(key, value);
      return text === null ? null : `${words(key)} → ${text}`;
    })
    .filter((c): c is string => c !== null);
  const object = name ? `${entry.subject} ${name}` : entry.subject;
  return changes.length > 0 ? `${what} ${object}: ${changes.join(', ')}` : `${what} ${object}`;
}

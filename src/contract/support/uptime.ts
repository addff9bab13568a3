import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * Uptime checks of clients' launched websites (issue 30 §4): every 5 minutes, once across
 * instances, through the safe fetch; two failed checks in a row open an urgent request.
 */
export const UPTIME_CHECK_MINUTES = 5;
/** Down on this many checks in a row is an outage. */
export const DOWN_AFTER_CHECKS = 2;
/** A certificate expiring within this many days opens a normal request. */
export const CERTIFICATE_WARNING_DAYS = 14;
export const UPTIME_DAYS = 30;

export type SiteState = 'up' | 'down' | 'unknown';

export interface SiteOutage {
  startedAt: string;
  /** null while it lasts. */
  endedAt: string | null;
  minutes: number;
}

/** A client's monitored website, as the team (client record) and the client (/account) see it. */
export interface SiteUptime {
  url: string;
  state: SiteState;
  lastCheckedAt: string | null;
  /** HTTP status of the last check; null when no answer came. */
  lastStatus: number | null;
  /** Time to first byte of the last check, in milliseconds. */
  lastTtfbMs: number | null;
  /** Why the last check failed, in words ('No answer within 10 seconds'); null when up. */
  lastError: string | null;
  certificateExpiresAt: string | null;
  /** Share (0–1) of checks up over the last 30 days; null before the first check. */
  uptime: number | null;
  checks: number;
  outages: SiteOutage[];
}

export const siteMonitorInput = z.object({
  url: z
    .string('Enter the website address.')
    .check(
      z.trim(),
      z.minLength(1, 'Enter the website address.'),
      z.maxLength(2048, 'The website address must be at most 2048 characters.'),
    ),
});
export const SITE_MONITOR_LABELS = { url: 'Launched website' };

/** The client's record: the website being watched (null when none). */
export const getClientSiteMonitor: Endpoint<{ site: SiteUptime | null }> = {
  method: 'GET',
  path: '/api/clients/:id/site-monitor',
};
export const setClientSiteMonitor: Endpoint<
  { site: SiteUptime },
  z.input<typeof siteMonitorInput>
> = { method: 'PUT', path: '/api/clients/:id/site-monitor' };
export const removeClientSiteMonitor: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/clients/:id/site-monitor',
};
/** The client's own site on /account. */
export const getMySiteUptime: Endpoint<{ site: SiteUptime | null }> = {
  method: 'GET',
  path: '/api/account/uptime',
};

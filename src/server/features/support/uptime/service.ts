import net from 'node:net';
import { teamTime } from '../../../lib/zoned-time.js';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CERTIFICATE_WARNING_DAYS,
  DOWN_AFTER_CHECKS,
  SITE_MONITOR_LABELS,
  UPTIME_CHECK_MINUTES,
  UPTIME_DAYS,
  type SiteOutage,
  type SiteState,
  type SiteUptime,
} from '../../../../contract/support/uptime.js';
import type { ProbeResult, SiteProbe } from '../../../adapters/website/uptime-probe.js';
import type { Db } from '../../../db/client.js';
import {
  businessRegistrations,
  siteMonitors,
  siteOutages,
  siteUptimeDays,
} from '../../../db/schema.js';
import { clientError } from '../../../http/errors.js';
import { addDays, isoDate, localDate } from '../../../lib/zoned-time.js';
import type { SystemRequests } from './types.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const PERIOD_MS = UPTIME_CHECK_MINUTES * MINUTE;
/** A claim to open an outage's request older than this, with no request, is taken to have failed. */
const REQUEST_CLAIM_MS = 2 * MINUTE;
/** The outages a site's view lists at most (the last 30 days'). */
const OUTAGES_SHOWN = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UptimeDeps {
  db: Db;
  requests: SystemRequests;
  probe: SiteProbe;
  /** The agency's time zone (APP_TIMEZONE): the day a check counts for. */
  timeZone: string;
  /** The fetch's address policy: a website address naming a refused IP is refused when saved. */
  isAllowedAddress: (ip: string) => boolean;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The clock (tests move it; test mode's support clock is async). */
  now?: () => Date | Promise<Date>;
}

export interface DueSite {
  registrationId: string;
  url: string;
}

/** What a check did, for the job's figures and the tests. */
export interface CheckOutcome {
  registrationId: string;
  ok: boolean;
  state: SiteState;
  /** An outage began with this check (and this check opened its request). */
  outageOpened: boolean;
  /** An outage ended with this check, after so many minutes. */
  outageEndedMinutes: number | null;
  certificateWarned: boolean;
}

type Monitor = typeof siteMonitors.$inferSelect;

const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / MINUTE));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function invalidUrl(message: string, code: 'field_web_address' | 'field_invalid') {
  return clientError(
    400,
    'validation',
    { fields: SITE_MONITOR_LABELS.url, first: message, more: 0 },
    [{ field: 'url', message, code }],
  );
}

/**
 * The website address to watch, or a 400 naming the field: http or https only, no user name or
 * password, a real host (a domain name with a dot, or a public IP address by the fetch's policy;
 * `localhost` only where that policy allows loopback, in tests). A bare 'example.com' is https.
 */
export function normalizeSiteUrl(raw: string, isAllowedAddress: (ip: string) => boolean): string {
  const text = raw.trim();
  const NOT_WEB =
    'Enter a website address starting with http:// or https://, like https://example.com.';
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalidUrl(NOT_WEB, 'field_web_address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidUrl(NOT_WEB, 'field_web_address');
  if (url.username || url.password)
    throw invalidUrl(
      'The website address must not contain a user name or password.',
      'field_invalid',
    );
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (!isAllowedAddress(host))
      throw invalidUrl(
        'This website address points to a private network; enter the public address of the site.',
        'field_invalid',
      );
    return url.href;
  }
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  if (loopbackName) {
    if (isAllowedAddress('127.0.0.1')) return url.href;
    throw invalidUrl(
      'This website address points to a private network; enter the public address of the site.',
      'field_invalid',
    );
  }
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  if (
    labels.length < 2 ||
    labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) ||
    !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)
  )
    throw invalidUrl(NOT_WEB, 'field_web_address');
  return url.href;
}

export function createUptimeService(deps: UptimeDeps) {
  const { db, requests, timeZone } = deps;
  const clock = async () => (deps.now ? await deps.now() : new Date());

  async function requireClient(registrationId: string): Promise<void> {
    if (!UUID.test(registrationId)) throw clientError(404, 'business_not_found');
    const [row] = await db
      .select({ id: businessRegistrations.id })
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, registrationId));
    if (!row) throw clientError(404, 'business_not_found');
  }

  async function view(monitor: Monitor, now: Date): Promise<SiteUptime> {
    const since = isoDate(addDays(localDate(now, timeZone), -(UPTIME_DAYS - 1)));
    const [days] = await db
      .select({
        checks: sql<number>`coalesce(sum(${siteUptimeDays.checks}), 0)::int`,
        up: sql<number>`coalesce(sum(${siteUptimeDays.up}), 0)::int`,
      })
      .from(siteUptimeDays)
      .where(
        and(
          eq(siteUptimeDays.registrationId, monitor.registrationId),
          gte(siteUptimeDays.day, since),
        ),
      );
    const outageRows = await db
      .select()
      .from(siteOutages)
      .where(
        and(
          eq(siteOutages.registrationId, monitor.registrationId),
          or(
            isNull(siteOutages.endedAt),
            gte(siteOutages.endedAt, new Date(now.getTime() - UPTIME_DAYS * DAY)),
          ),
        ),
      )
      .orderBy(desc(siteOutages.startedAt))
      .limit(OUTAGES_SHOWN);
    const checks = Number(days?.checks ?? 0);
    const up = Number(days?.up ?? 0);
    const outages: SiteOutage[] = outageRows.map((o) => ({
      startedAt: o.startedAt.toISOString(),
      endedAt: o.endedAt?.toISOString() ?? null,
      minutes: minutesBetween(o.startedAt, o.endedAt ?? now),
    }));
    return {
      url: monitor.url,
      state: monitor.state,
      lastCheckedAt: monitor.lastCheckedAt?.toISOString() ?? null,
      lastStatus: monitor.lastStatus,
      lastTtfbMs: monitor.lastTtfbMs,
      lastError: monitor.lastError,
      certificateExpiresAt: monitor.certificateExpiresAt?.toISOString() ?? null,
      uptime: checks > 0 ? up / checks : null,
      checks,
      outages,
    };
  }

  async function monitorOf(registrationId: string): Promise<Monitor | undefined> {
    const [monitor] = await db
      .select()
      .from(siteMonitors)
      .where(eq(siteMonitors.registrationId, registrationId));
    return monitor;
  }

  /** Opens the outage's urgent request if this caller wins its claim; a failure leaves it to the next check. */
  async function openOutageRequest(
    registrationId: string,
    url: string,
    result: ProbeResult,
    failures: number,
    now: Date,
  ): Promise<boolean> {
    const [claimed] = await db
      .update(siteOutages)
      .set({ requestClaimedAt: now })
      .where(
        and(
          eq(siteOutages.registrationId, registrationId),
          isNull(siteOutages.endedAt),
          isNull(siteOutages.requestId),
          or(
            isNull(siteOutages.requestClaimedAt),
            lte(siteOutages.requestClaimedAt, new Date(now.getTime() - REQUEST_CLAIM_MS)),
          ),
        ),
      )
      .returning({ id: siteOutages.id, startedAt: siteOutages.startedAt });
    if (!claimed) return false;
    try {
      const { id } = await requests.open({
        registrationId,
        urgency: 'urgent',
        source: 'uptime',
        siteUrl: url,
        facts: { kind: 'site_down', since: claimed.startedAt },
        body:
          `Uptime checks: ${url} is down since ${teamTime(claimed.startedAt, timeZone)} ` +
          `(${plural(failures, 'failed check')} in a row). Last check: ${result.error ?? 'no answer'}.`,
      });
      await db.update(siteOutages).set({ requestId: id }).where(eq(siteOutages.id, claimed.id));
      return true;
    } catch (error) {
      deps.log?.error({ err: error, registrationId }, 'uptime: opening the outage request failed');
      await db
        .update(siteOutages)
        .set({ requestClaimedAt: null })
        .where(and(eq(siteOutages.id, claimed.id), isNull(siteOutages.requestId)));
      return false;
    }
  }

  const service = {
    /** The client's watched site with its figures, or null (the client's own page). */
    async forClient(registrationId: string): Promise<SiteUptime | null> {
      const monitor = await monitorOf(registrationId);
      return monitor ? view(monitor, await clock()) : null;
    },

    /** The client's record: 404 for an unknown client. */
    async forRecord(registrationId: string): Promise<SiteUptime | null> {
      await requireClient(registrationId);
      return service.forClient(registrationId);
    },

    /**
     * Watches the client's launched website (checked at once, then every period). A new address
     * starts afresh: its state, last check and certificate are the old address's no more; the
     * uptime figures and outages stay, as they are the client's.
     */
    async watch(registrationId: string, rawUrl: string): Promise<SiteUptime> {
      await requireClient(registrationId);
      const url = normalizeSiteUrl(rawUrl, deps.isAllowedAddress);
      const now = await clock();
      const fresh = {
        url,
        nextCheckAt: now,
        state: 'unknown' as const,
        consecutiveFailures: 0,
        failingSince: null,
        lastCheckedAt: null,
        lastStatus: null,
        lastTtfbMs: null,
        lastError: null,
        certificateExpiresAt: null,
      };
      const [monitor] = await db
        .insert(siteMonitors)
        .values({ registrationId, createdAt: now, ...fresh })
        .onConflictDoUpdate({
          target: siteMonitors.registrationId,
          set: fresh,
          setWhere: sql`${siteMonitors.url} <> excluded.url`,
        })
        .returning();
      return view(monitor ?? (await monitorOf(registrationId))!, now);
    },

    /** Stops watching: an open outage ends and its request is resolved; the history goes with it. */
    async unwatch(registrationId: string): Promise<void> {
      await requireClient(registrationId);
      const now = await clock();
      const [ended] = await db
        .update(siteOutages)
        .set({ endedAt: now })
        .where(and(eq(siteOutages.registrationId, registrationId), isNull(siteOutages.endedAt)))
        .returning();
      await db.delete(siteMonitors).where(eq(siteMonitors.registrationId, registrationId));
      if (ended?.requestId)
        await requests
          .resolve(ended.requestId, 'Uptime checks of this website were stopped.')
          .catch((error: unknown) =>
            deps.log?.error({ err: error, registrationId }, 'uptime: resolving the request failed'),
          );
    },

    /**
     * Claims the sites due for a check in one statement that moves each one's next check a period
     * ahead: another instance's claim, at the same moment or later in the period, finds none of them.
     */
    async claimDue(limit = 5000, at?: Date): Promise<DueSite[]> {
      const now = at ?? (await clock());
      const due = db
        .select({ id: siteMonitors.registrationId })
        .from(siteMonitors)
        .where(lte(siteMonitors.nextCheckAt, now))
        .orderBy(asc(siteMonitors.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(siteMonitors)
        .set({ nextCheckAt: new Date(now.getTime() + PERIOD_MS) })
        .where(inArray(siteMonitors.registrationId, due))
        .returning({ registrationId: siteMonitors.registrationId, url: siteMonitors.url });
    },

    /** Checks one claimed site and records what it found. */
    async check(site: DueSite): Promise<CheckOutcome | null> {
      const result = await deps.probe(site.url);
      return service.record(site.registrationId, result, await clock());
    },

    /**
     * Records one check: the day's counters, the site's last check, and the state machine. Down on
     * the DOWN_AFTER_CHECKS-th failure in a row opens an outage (one open per site, by the
     * database) and its urgent request; an answer ends it and resolves the request; a certificate
     * expiring within CERTIFICATE_WARNING_DAYS opens a normal request once per certificate.
     * Requests are opened after the transaction, so a slow support service holds no lock.
     */
    async record(
      registrationId: string,
      result: ProbeResult,
      now: Date,
    ): Promise<CheckOutcome | null> {
      const day = isoDate(localDate(now, timeZone));
      const done = await db.transaction(async (tx) => {
        const [m] = await tx
          .select()
          .from(siteMonitors)
          .where(eq(siteMonitors.registrationId, registrationId))
          .for('update');
        if (!m) return null; // removed while it was being checked
        const failures = result.ok ? 0 : m.consecutiveFailures + 1;
        const failingSince = result.ok ? null : (m.failingSince ?? now);
        const state: SiteState = result.ok
          ? 'up'
          : failures >= DOWN_AFTER_CHECKS
            ? 'down'
            : m.state;
        // A failed check says nothing about the certificate: the last one seen is kept.
        const certificate = result.ok ? result.certificateExpiresAt : m.certificateExpiresAt;
        const warnCertificate =
          result.certificateExpiresAt !== null &&
          result.certificateExpiresAt.getTime() - now.getTime() <= CERTIFICATE_WARNING_DAYS * DAY &&
          m.certificateWarnedFor?.getTime() !== result.certificateExpiresAt.getTime();
        await tx
          .update(siteMonitors)
          .set({
            state,
            consecutiveFailures: failures,
            failingSince,
            lastCheckedAt: now,
            lastStatus: result.status,
            lastTtfbMs: result.ttfbMs,
            lastError: result.ok ? null : result.error,
            certificateExpiresAt: certificate,
            ...(warnCertificate ? { certificateWarnedFor: result.certificateExpiresAt } : {}),
          })
          .where(eq(siteMonitors.registrationId, registrationId));
        await tx
          .insert(siteUptimeDays)
          .values({ registrationId, day, checks: 1, up: result.ok ? 1 : 0 })
          .onConflictDoUpdate({
            target: [siteUptimeDays.registrationId, siteUptimeDays.day],
            set: {
              checks: sql`${siteUptimeDays.checks} + 1`,
              up: sql`${siteUptimeDays.up} + ${result.ok ? 1 : 0}`,
            },
          });
        let ended: { startedAt: Date; requestId: string | null } | undefined;
        if (failures >= DOWN_AFTER_CHECKS)
          await tx
            .insert(siteOutages)
            .values({ registrationId, startedAt: failingSince ?? now })
            .onConflictDoNothing({
              target: siteOutages.registrationId,
              where: sql`${siteOutages.endedAt} is null`,
            });
        else if (result.ok)
          [ended] = await tx
            .update(siteOutages)
            .set({ endedAt: now })
            .where(and(eq(siteOutages.registrationId, registrationId), isNull(siteOutages.endedAt)))
            .returning({ startedAt: siteOutages.startedAt, requestId: siteOutages.requestId });
        return { m, failures, state, ended, warnCertificate };
      });
      if (!done) return null;
      const { m, failures, state, ended, warnCertificate } = done;

      const outageOpened =
        failures >= DOWN_AFTER_CHECKS &&
        (await openOutageRequest(registrationId, m.url, result, failures, now));
      let outageEndedMinutes: number | null = null;
      if (ended) {
        outageEndedMinutes = minutesBetween(ended.startedAt, now);
        if (ended.requestId)
          await requests
            .resolve(
              ended.requestId,
              `The site answered again after ${plural(outageEndedMinutes, 'minute')}.`,
              { url: m.url, minutes: outageEndedMinutes },
            )
            .catch((error: unknown) =>
              deps.log?.error(
                { err: error, registrationId },
                'uptime: resolving the outage request failed',
              ),
            );
      }
      let certificateWarned = false;
      if (warnCertificate && result.certificateExpiresAt) {
        const expires = result.certificateExpiresAt;
        const days = Math.max(0, Math.floor((expires.getTime() - now.getTime()) / DAY));
        try {
          await requests.open({
            registrationId,
            urgency: 'normal',
            source: 'certificate',
            siteUrl: m.url,
            facts: { kind: 'certificate', expires },
            body:
              `The security certificate of ${m.url} expires on ${teamTime(expires, timeZone)} ` +
              `(in ${plural(days, 'day')}). Renew it before then, or visitors will see a security warning.`,
          });
          certificateWarned = true;
        } catch (error) {
          deps.log?.error(
            { err: error, registrationId },
            'uptime: opening the certificate request failed',
          );
          // Not warned after all: the next check tries again.
          await db
            .update(siteMonitors)
            .set({ certificateWarnedFor: m.certificateWarnedFor })
            .where(
              and(
                eq(siteMonitors.registrationId, registrationId),
                eq(siteMonitors.certificateWarnedFor, expires),
              ),
            );
        }
      }
      return {
        registrationId,
        ok: result.ok,
        state,
        outageOpened,
        outageEndedMinutes,
        certificateWarned,
      };
    },
  };
  return service;
}

export type UptimeService = ReturnType<typeof createUptimeService>;

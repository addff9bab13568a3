import {
  createSafeFetcher,
  FetchTimeoutError,
  SafeFetchError,
  type SafeFetchOptions,
  type SiteChecker,
} from './safe-fetch.js';

/** An uptime check waits this long for the answer's headers (issue 30 §4). */
export const UPTIME_TIMEOUT_MS = 10_000;

/** One check of a site: up or down, and in words why not, for the team and the client. */
export interface ProbeResult {
  ok: boolean;
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  ttfbMs: number | null;
  certificateExpiresAt: Date | null;
  /** Why the check failed ('No answer within 10 seconds'); null when up. */
  error: string | null;
}

export type SiteProbe = (url: string) => Promise<ProbeResult>;

export interface UptimeProbeOptions extends SafeFetchOptions {
  /** The checker to use (tests); one built from the other options (10 s, no redirects) otherwise. */
  checker?: SiteChecker;
}

/** Node's codes of a certificate the client refused (expired, self-signed, wrong name…). */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'The server refused the connection',
  ECONNRESET: 'The server closed the connection without answering',
  EPIPE: 'The server closed the connection without answering',
  ETIMEDOUT: 'The connection to the server timed out',
  EHOSTUNREACH: 'The server cannot be reached',
  ENETUNREACH: 'The server cannot be reached',
};

/** A failure in words for a person: the cause's code when Node gave one, else the fetch's own message. */
function words(error: unknown, timeoutMs: number): string {
  if (error instanceof FetchTimeoutError) return `No answer within ${timeoutMs / 1000} seconds`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  if (CERTIFICATE_CODE.test(code)) return `The site's security certificate is not valid (${code})`;
  if (NETWORK_WORDS[code]) return NETWORK_WORDS[code];
  if (cause && /socket hang up/i.test(String(cause.message)))
    return 'The server closed the connection without answering';
  if (error instanceof SafeFetchError) return error.message.replace(/\.$/, '');
  return 'The site could not be checked';
}

/** A checker for uptime: the safe fetch (its address rules) with the uptime limit and no redirects. */
export function createUptimeChecker(options: SafeFetchOptions = {}): SiteChecker {
  return createSafeFetcher({
    timeoutMs: UPTIME_TIMEOUT_MS,
    maxRedirects: 0,
    userAgent: 'VeteranWebWorks-Uptime/1.0 (+checks that a client website answers)',
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  });
}

/**
 * Checks a site once. Down is: refused by the address policy, no answer, no answer within the
 * limit, or a status of 500 or more (a 404 or a redirect still means a server answered).
 */
export async function probeSite(
  url: string,
  options: UptimeProbeOptions = {},
): Promise<ProbeResult> {
  const { checker: given, ...fetchOptions } = options;
  const timeoutMs = fetchOptions.timeoutMs ?? UPTIME_TIMEOUT_MS;
  const checker = given ?? createUptimeChecker(fetchOptions);
  try {
    const { status, ttfbMs, certificateExpiresAt } = await checker.check(url);
    const ok = status > 0 && status < 500;
    return {
      ok,
      status,
      ttfbMs,
      certificateExpiresAt,
      error: ok ? null : `The server answered ${status}`,
    };
  } catch (error) {
    return {
      ok: false,
      status: null,
      ttfbMs: null,
      certificateExpiresAt: null,
      error: words(error, timeoutMs),
    };
  }
}

/** `probeSite` with one checker built once (the job's probe). */
export function uptimeProbe(options: UptimeProbeOptions = {}): SiteProbe {
  const timeoutMs = options.timeoutMs ?? UPTIME_TIMEOUT_MS;
  const checker = options.checker ?? createUptimeChecker(options);
  return (url) => probeSite(url, { checker, timeoutMs });
}

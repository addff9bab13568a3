import { performance } from 'node:perf_hooks';
import type { WebsiteCheck, WebsiteCheckStatus } from '../../../contract/leads/website-checks.js';
import { withScheme } from './find-social-profiles.js';
import { robotsAllows } from './robots.js';
import { RefusedAddressError, SafeFetchError, type SiteFetcher } from './safe-fetch.js';
import { analyseHomepage, scoreOf } from './site-check.js';

/** What one check finds: the stored check's reading, without whose it is and when. */
export type WebsiteCheckOutcome = Pick<
  WebsiteCheck,
  'status' | 'score' | 'message' | 'findings' | 'finalUrl' | 'responseMs' | 'pageBytes'
>;

export const ROBOTS_BLOCKED = 'Not checked: robots.txt asks us not to read this page.';
const ROBOTS_FAILED =
  'Not checked: the site could not give us its robots.txt (a server error), which asks crawlers to stay away for now.';

const notScored = (status: WebsiteCheckStatus, message: string): WebsiteCheckOutcome => ({
  status,
  score: null,
  message,
  findings: [],
  finalUrl: null,
  responseMs: null,
  pageBytes: null,
});

/** Where the http:// address sends a visitor; null when it does not answer. */
async function httpGoesToHttps(fetcher: SiteFetcher, url: URL): Promise<boolean | null> {
  const plain = new URL(url);
  plain.protocol = 'http:';
  try {
    const { status, location } = await fetcher.probe(plain.href);
    return status >= 300 && status < 400 && location !== null && location.startsWith('https://');
  } catch {
    return null;
  }
}

/**
 * One look at a business's homepage, as the issue asks: robots.txt first (one request), then the
 * page and the http:// probe side by side; never more than those three requests, no browser.
 * An address the policy refuses (a private network) throws `RefusedAddressError`; any other
 * fetch problem is the outcome `failed` with its reason, since an unreachable site is news too.
 */
export async function checkWebsite(
  fetcher: SiteFetcher,
  website: string,
  options: { userAgent: string; now: Date },
): Promise<WebsiteCheckOutcome> {
  let url: URL;
  try {
    url = new URL(withScheme(website));
  } catch {
    return notScored('failed', 'This website address is not valid.');
  }
  try {
    const robots = await fetcher.fetchText(new URL('/robots.txt', url).href);
    if (robots.status >= 500) return notScored('blocked', ROBOTS_FAILED);
    if (
      robots.status < 300 &&
      !(await robotsAllows(robots.body, options.userAgent, `${url.pathname}${url.search}`))
    )
      return notScored('blocked', ROBOTS_BLOCKED);

    const started = performance.now();
    const [page, redirects] = await Promise.all([
      fetcher
        .fetchPage(url.href)
        .then((fetched) => ({ fetched, ms: Math.round(performance.now() - started) })),
      url.protocol === 'https:'
        ? httpGoesToHttps(fetcher, url)
        : Promise.resolve<boolean | null>(null),
    ]);
    const finalUrl = page.fetched.finalUrl;
    // Typed as http://, the page itself shows where http:// leads.
    const httpRedirectsToHttps =
      url.protocol === 'https:' ? redirects : finalUrl.startsWith('https://');
    const findings = await analyseHomepage({
      finalUrl,
      html: page.fetched.body,
      truncated: page.fetched.truncated,
      responseMs: page.ms,
      httpRedirectsToHttps,
      currentYear: options.now.getUTCFullYear(),
    });
    return {
      status: 'checked',
      score: scoreOf(findings),
      message: null,
      findings,
      finalUrl,
      responseMs: page.ms,
      pageBytes: Buffer.byteLength(page.fetched.body),
    };
  } catch (error) {
    if (error instanceof RefusedAddressError) throw error;
    if (error instanceof SafeFetchError) return notScored('failed', error.message);
    throw error;
  }
}

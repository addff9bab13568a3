import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { ROBOTS_MAX_BYTES } from './robots.js';
import { slicer } from './slices.js';

/** Fetching failed or was refused; the message is meant for a person. */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
}

/** The address is not one we fetch (a private network, by the policy): nothing was sent to it. */
export class RefusedAddressError extends SafeFetchError {
  override name = 'RefusedAddressError';
}

/** Nothing answered within the fetch's time limit. */
export class FetchTimeoutError extends SafeFetchError {
  override name = 'FetchTimeoutError';
}

export interface FetchedPage {
  finalUrl: string;
  contentType: string;
  body: string;
  /** The page was larger than `maxBytes`; `body` holds its beginning only. */
  truncated: boolean;
}

export interface SafeFetcher {
  fetchPage(url: string): Promise<FetchedPage>;
}

/** Any answer of a text file (robots.txt), whatever its status; redirects followed as for pages. */
export interface FetchedText {
  status: number;
  body: string;
}

/** One request with no redirect followed: where an address sends its visitors. */
export interface Probe {
  status: number;
  location: string | null;
}

/** The website check's needs: the page, robots.txt and the http:// probe, under the same rules. */
export interface SiteFetcher extends SafeFetcher {
  fetchText(url: string): Promise<FetchedText>;
  probe(url: string): Promise<Probe>;
}

/** An uptime check's answer: one GET, no redirect followed, the body never read. */
export interface SiteCheck {
  status: number;
  /** From the start (lookup included) to the answer's status line and headers. */
  ttfbMs: number;
  /** https: when the certificate the site showed expires; null over http. */
  certificateExpiresAt: Date | null;
}

/** Uptime checks (issue 30 §4), under the same address rules as page fetches. */
export interface SiteChecker {
  check(url: string): Promise<SiteCheck>;
}

export type ResolveHost = (host: string) => Promise<Array<{ address: string; family: number }>>;

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  lookup?: ResolveHost;
  isAllowedAddress?: (ip: string) => boolean;
  /** Certificate authorities trusted besides the system's (tests' local https sites); none by default. */
  ca?: string;
}

const PRIVATE = 'This website address points to a private network and was not fetched.';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const DECODERS = new Map<string, () => Transform>([
  ['gzip', zlib.createGunzip],
  ['x-gzip', zlib.createGunzip],
  ['deflate', zlib.createInflate],
  ['br', zlib.createBrotliDecompress],
]);

const isPublicV4 = (bytes: number[]) => ipaddr.fromByteArray(bytes).range() === 'unicast';

/** The default policy: public unicast only, including IPv4 hidden inside IPv6 forms. */
export function isPublicAddress(ip: string): boolean {
  if (net.isIP(ip) === 0) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const bytes = address.toByteArray();
  // These IPv6 forms are routed to an IPv4 address (by the kernel, NAT64 or a 6to4 relay), so the
  // IPv4 decides; Teredo hides its client address and no real website needs it.
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicV4(bytes.slice(12));
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN) && isPublicV4(bytes.slice(12));
    case '6to4':
      return isPublicV4(bytes.slice(2, 6));
    case 'unicast':
      // Outside 2000::/3 nothing is globally routed (e.g. the deprecated IPv4-compatible ::a.b.c.d).
      return address.match(GLOBAL_UNICAST_V6);
    default:
      return false;
  }
}

/**
 * The address policy of homepage fetches: public unicast only, or (WEBSITE_FETCH_ALLOW_LOOPBACK,
 * for tests' fake websites) loopback too; other private ranges and metadata addresses never.
 */
export function websiteAddressPolicy(allowLoopback: boolean): (ip: string) => boolean {
  if (!allowLoopback) return isPublicAddress;
  return (ip) =>
    isPublicAddress(ip) || (net.isIP(ip) !== 0 && ipaddr.parse(ip).range() === 'loopback');
}

type Settings = Required<Omit<SafeFetchOptions, 'ca'>> & Pick<SafeFetchOptions, 'ca'>;

export function createSafeFetcher(options: SafeFetchOptions = {}): SiteFetcher & SiteChecker {
  // `??` rather than spreading, so an option passed as undefined keeps its default.
  const settings: Settings = {
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    userAgent:
      options.userAgent ??
      'VeteranWebWorks-SocialFinder/1.0 (+finds the public social profiles a business links to)',
    lookup: options.lookup ?? ((host) => dns.promises.lookup(host, { all: true })),
    isAllowedAddress: options.isAllowedAddress ?? isPublicAddress,
    ca: options.ca,
  };
  return {
    // The deadline is for the network: the bytes are decoded after it, in slices, so a busy event
    // loop (other checks reading their pages) never turns a site that answered into a timeout.
    fetchPage: async (url) => {
      const { bytes, ...page } = await withDeadline(settings, (signal) =>
        readPage(url, settings, signal),
      );
      return { ...page, body: await decode(bytes, page.contentType) };
    },
    fetchText: async (url) => {
      const { bytes, contentType, status } = await withDeadline(settings, (signal) =>
        readText(url, settings, signal),
      );
      return { status, body: await decode(bytes, contentType) };
    },
    probe: (url) => withDeadline(settings, (signal) => probeOnce(url, settings, signal)),
    check: (url) => withDeadline(settings, (signal) => checkOnce(url, settings, signal)),
  };
}

async function withDeadline<T>(
  settings: Settings,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  const timedOut = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () =>
      reject(
        new FetchTimeoutError(
          `The website did not answer within ${settings.timeoutMs / 1000} seconds.`,
        ),
      ),
    );
  });
  timedOut.catch(() => {});
  try {
    // The race also covers the DNS lookup, which cannot be aborted.
    return await Promise.race([run(controller.signal), timedOut]);
  } catch (error) {
    // Only a failed fetch is aborted: a read that finished has nothing left open, and aborting it
    // anyway costs an AbortError with its stack trace per request (31 ms for 25 checks under test).
    controller.abort();
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('The website could not be reached.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The first answer that is not a redirect, every hop's address checked. */
async function followRedirects(
  url: string,
  settings: Settings,
  signal: AbortSignal,
  accept: string,
): Promise<{ response: http.IncomingMessage; target: URL }> {
  let target = checkUrl(url);
  for (let redirects = 0; ; redirects++) {
    const address = await resolveChecked(target.hostname, settings);
    const response = await send(target, address, settings.userAgent, signal, accept);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (redirects >= settings.maxRedirects)
        throw new SafeFetchError(
          `The website redirected more than ${settings.maxRedirects} times.`,
        );
      target = checkUrl(location, target);
      continue;
    }
    return { response, target };
  }
}

/** A page or text file as it came: the bytes, decoded once the network is done with. */
type RawPage = Omit<FetchedPage, 'body'> & { bytes: Buffer };
type RawText = { status: number; contentType: string; bytes: Buffer };

async function readPage(url: string, settings: Settings, signal: AbortSignal): Promise<RawPage> {
  const { response, target } = await followRedirects(
    url,
    settings,
    signal,
    'text/html,application/xhtml+xml',
  );
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.destroy();
    throw new SafeFetchError(`The website answered with status ${status}.`);
  }
  const contentType = response.headers['content-type'] ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!HTML_TYPES.has(mediaType)) {
    response.destroy();
    throw new SafeFetchError(
      `The website address leads to ${mediaType || 'an unnamed kind of file'}, not a web page.`,
    );
  }
  const { bytes, truncated } = await readCapped(response, settings.maxBytes);
  return { finalUrl: target.href, contentType, bytes, truncated };
}

/** robots.txt and the like: a small text file read whatever its status (a 404 is an answer too). */
async function readText(url: string, settings: Settings, signal: AbortSignal): Promise<RawText> {
  const { response } = await followRedirects(url, settings, signal, 'text/plain,*/*;q=0.5');
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.destroy();
    return { status, contentType: '', bytes: Buffer.alloc(0) };
  }
  const { bytes } = await readCapped(response, Math.min(settings.maxBytes, ROBOTS_MAX_BYTES));
  return { status, contentType: response.headers['content-type'] ?? '', bytes };
}

async function probeOnce(url: string, settings: Settings, signal: AbortSignal): Promise<Probe> {
  const target = checkUrl(url);
  const address = await resolveChecked(target.hostname, settings);
  const response = await send(
    target,
    address,
    settings.userAgent,
    signal,
    'text/html,application/xhtml+xml',
  );
  response.destroy();
  const location = response.headers.location;
  return {
    status: response.statusCode ?? 0,
    location: location ? new URL(location, target).href : null,
  };
}

/**
 * One GET of the address as given: the time to the answer's headers and, over https, the expiry
 * of the certificate the site showed (read before the socket closes). A redirect is an answer
 * too (the site is up), and the body is never read: an uptime check must stay cheap for the
 * site and for us.
 */
async function checkOnce(url: string, settings: Settings, signal: AbortSignal): Promise<SiteCheck> {
  const started = performance.now();
  const target = checkUrl(url);
  const address = await resolveChecked(target.hostname, settings);
  const response = await send(
    target,
    address,
    settings.userAgent,
    signal,
    'text/html,*/*;q=0.8',
    settings.ca,
  );
  const ttfbMs = Math.round(performance.now() - started);
  let certificateExpiresAt: Date | null = null;
  if (response.socket instanceof tls.TLSSocket) {
    const validTo = response.socket.getPeerCertificate().valid_to;
    const expires = validTo ? new Date(validTo) : null;
    if (expires && !Number.isNaN(expires.getTime())) certificateExpiresAt = expires;
  }
  response.destroy();
  return { status: response.statusCode ?? 0, ttfbMs, certificateExpiresAt };
}

function checkUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('This website address is not valid.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('Only http and https website addresses can be fetched.');
  if (url.username || url.password)
    throw new SafeFetchError('Website addresses with a user name or password are not fetched.');
  // Any port is allowed: the address check below is what keeps internal services out of reach,
  // and some small-business sites really do live on :8080 or :8443.
  return url;
}

/** One lookup per hop; the connection is pinned to its answer so DNS cannot rebind in between. */
async function resolveChecked(hostname: string, settings: Settings): Promise<string> {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (net.isIP(literal)) {
    if (!settings.isAllowedAddress(literal)) throw new RefusedAddressError(PRIVATE);
    return literal;
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await settings.lookup(hostname);
  } catch (error) {
    throw new SafeFetchError('This website address could not be found.', { cause: error });
  }
  if (addresses.length === 0) throw new SafeFetchError('This website address could not be found.');
  if (addresses.some(({ address }) => !settings.isAllowedAddress(address)))
    throw new RefusedAddressError(PRIVATE);
  return addresses[0]!.address;
}

function send(
  target: URL,
  address: string,
  userAgent: string,
  signal: AbortSignal,
  accept: string,
  ca?: string,
): Promise<http.IncomingMessage> {
  const family = net.isIP(address);
  const pinned: net.LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const request = (target.protocol === 'https:' ? https : http).request({
    host, // stays the name: Host header, SNI and certificate check all use it
    port: target.port || undefined,
    path: `${target.pathname}${target.search}`,
    servername: net.isIP(host) ? undefined : host,
    ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
    lookup: pinned,
    agent: false, // a pooled socket could belong to an earlier, differently resolved hop
    signal,
    headers: { 'user-agent': userAgent, accept, 'accept-encoding': 'gzip, deflate, br' },
  });
  return new Promise((resolve, reject) => {
    request.once('response', resolve).once('error', reject).end();
  });
}

/** Stops reading at the cap and keeps the beginning: links in a huge page's head still count. */
function readCapped(
  response: http.IncomingMessage,
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const makeDecoder = DECODERS.get(encoding);
  if (!makeDecoder && encoding !== 'identity') {
    response.destroy();
    return Promise.reject(
      new SafeFetchError(`The website sent the page in an encoding we cannot read (${encoding}).`),
    );
  }
  // The cap counts decompressed bytes, so a small compressed bomb cannot fill memory.
  const stream = makeDecoder ? response.pipe(makeDecoder()) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (size > maxBytes) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size <= maxBytes) return;
      response.destroy();
      stream.destroy();
      resolve({ bytes: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true });
    });
    stream.once('end', () => resolve({ bytes: Buffer.concat(chunks), truncated: false }));
    stream.once('error', reject);
    response.once('error', reject);
    // After 'end' or the cap this is a no-op; otherwise the connection dropped mid-page.
    stream.once('close', () =>
      reject(new SafeFetchError('The website stopped sending the page before it was complete.')),
    );
  });
}

/** Bytes decoded per step: a megabyte decoded in one call held the event loop for 5–10 ms, more under load. */
const DECODE_PIECE = 64 * 1024;

/** The text of `bytes` in the charset the content type names (UTF-8 otherwise), decoded in slices. */
async function decode(bytes: Buffer, contentType: string): Promise<string> {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    // An unknown or unsupported label: UTF-8 is the web's default and rarely wrong for links.
    decoder = new TextDecoder('utf-8');
  }
  const turn = slicer();
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODE_PIECE) {
    // `stream` keeps a character split between two pieces whole.
    parts.push(decoder.decode(bytes.subarray(at, at + DECODE_PIECE), { stream: true }));
    await turn();
  }
  parts.push(decoder.decode());
  return parts.join('');
}

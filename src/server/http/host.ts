import type { FastifyRequest } from 'fastify';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
/**
 * A host name (or IPv4 address) with an optional port, or a bracketed IPv6 address: no userinfo,
 * slashes, spaces, quotes or angle brackets can pass, so the value is safe inside a URL or HTML.
 */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::\\d{1,5})?$`);

/** Whether `host` (a Host or X-Forwarded-Host value) is a syntactically valid host[:port]. */
export const isValidHost = (host: string | undefined): host is string => typeof host === 'string' && host.length <= 260 && HOST.test(host);

/** Used when a request names no usable host (HTTP/1.0 without Host): links still parse. */
export const FALLBACK_ORIGIN = 'http://localhost';

/**
 * The origin for absolute links in answers (sitemap, robots.txt, canonical, Open Graph):
 * PUBLIC_URL when set, else the request's own host once checked. Answers built from the
 * request's host must send `Vary: Host`.
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return isValidHost(request.host) ? `${protocol}://${request.host}` : FALLBACK_ORIGIN;
}

/**
 * The origin of links in e-mails (a checkout link, a billing sign-in link): PUBLIC_URL, else this
 * server on localhost. Never the request's Host: an e-mail goes to a third party, and a forged Host
 * would make our mail carry a stranger's site.
 */
export const emailOrigin = (publicUrl: string | undefined, port: number): string => publicUrl ?? `http://localhost:${port}`;

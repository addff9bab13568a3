import type { FastifyRequest } from 'fastify';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
/**
 * A host name (or IPv4 address) with an optional port, or a bracketed IPv6 address: no userinfo,
 * slashes, spaces, quotes or angle brackets can pass, so the value is safe inside a URL or HTML.
 */
const HOST = new RegExp(
  `^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::\\d{1,5})?$`,
);

/** Whether `host` (a Host or X-Forwarded-Host value) is a syntactically valid host[:port]. */
export const isValidHost = (host: string | undefined): host is string =>
  typeof host === 'string' && host.length <= 260 && HOST.test(host);

/** Where absolute links may point: PUBLIC_URL, else one of the allowed hosts a request names, else this server on localhost. */
export interface OriginRule {
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: the hosts (host[:port], lower case) a request may name for its own links. */
  allowedHosts: readonly string[];
  /** This server's port, for the `http://localhost:PORT` fallback (as e-mail links use). */
  port: number;
}

/**
 * The origin for absolute links in answers (sitemap, robots.txt, canonical, Open Graph, JSON-LD):
 * PUBLIC_URL when set; else the request's host (X-Forwarded-Host behind a trusted proxy) only when
 * ALLOWED_HOSTS lists it; else `http://localhost:PORT`. A host a visitor invents never names our
 * links, nor makes a page of its own to render and cache (docs/decisions/022). Answers built from
 * an allowed host must send `Vary: Host` (`variesByHost`).
 */
export function requestOrigin(request: FastifyRequest, rule: OriginRule): string {
  if (rule.publicUrl) return rule.publicUrl;
  const host = request.host?.toLowerCase();
  if (isValidHost(host) && rule.allowedHosts.includes(host))
    return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
  return emailOrigin(undefined, rule.port);
}

/** Whether answers' links depend on the request's host (no PUBLIC_URL, some allowed hosts). */
export const variesByHost = (rule: OriginRule): boolean =>
  !rule.publicUrl && rule.allowedHosts.length > 0;

/**
 * The origin of links in e-mails (a checkout link, a billing sign-in link): PUBLIC_URL, else this
 * server on localhost. Never the request's Host: an e-mail goes to a third party, and a forged Host
 * would make our mail carry a stranger's site.
 */
export const emailOrigin = (publicUrl: string | undefined, port: number): string =>
  publicUrl ?? `http://localhost:${port}`;

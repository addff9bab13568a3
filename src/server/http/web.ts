import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alternateLinks, isKnownWebPath, splitLocale, type Locale } from '../../contract/routes.js';
import { requestOrigin } from './host.js';
import { renderShell, type SiteInfo } from './shell.js';

export interface WebOptions {
  /** The Vite build (dist/web) with its shell template at dist/shell/index.html. */
  webDir: string;
  shellFile: string;
  site: SiteInfo;
  publicUrl: string | undefined;
}

interface RenderedShell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built front end: hashed assets forever, the HTML shell always revalidated. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const template = fs.readFileSync(options.shellFile, 'utf8');
  const assetsDir = path.join(options.webDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  }
  // Unhashed public files (logo, favicon, demo images): cached for an hour, then revalidated.
  await app.register(fastifyStatic, {
    root: options.webDir,
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['assets/**', 'index.html'],
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=3600');
    },
  });

  const cache = new Map<string, RenderedShell>();
  /** The shell of one page: per origin, language and (for the hreflang alternates) public page. */
  const shellFor = (origin: string, locale: Locale, alternates: { hreflang: string; href: string }[]): RenderedShell => {
    const key = `${origin} ${locale} ${alternates[0]?.href ?? ''}`;
    let shell = cache.get(key);
    if (!shell) {
      const identity = Buffer.from(renderShell(template, options.site, origin, { locale, alternates }));
      shell = {
        identity,
        br: zlib.brotliCompressSync(identity),
        gzip: zlib.gzipSync(identity, { level: 9 }),
        etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`,
      };
      if (cache.size > 200) cache.clear(); // origins come from Host headers, plan names from paths: keep the cache bounded
      cache.set(key, shell);
    }
    return shell;
  };

  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = requestOrigin(request, options.publicUrl);
    const status = isKnownWebPath(request.url) ? 200 : 404;
    // The language is the URL's: `/es/...` is Spanish (its 404 page too), anything else English.
    const { locale, path } = splitLocale(request.url);
    const shell = shellFor(origin, locale, status === 200 ? alternateLinks(origin, path) : []);
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // Without PUBLIC_URL the canonical and Open Graph links name the request's host.
      .header('vary', options.publicUrl ? 'accept-encoding' : 'accept-encoding, host')
      .header('etag', shell.etag);
    if (status === 200 && request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(shell.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(shell.gzip);
    return reply.send(shell.identity);
  };

  app.get('/*', (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return reply.callNotFound();
    }
    return sendShell(request, reply);
  });
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listPlans } from '../../contract/plan-list.js';
import type { SubscriptionPlan } from '../../contract/plans.js';
import { isKnownWebPath, isServerRenderedPath, RENDERED_QUERY_PARAMS, splitLocale } from '../../contract/routes.js';
import { requestOrigin } from './host.js';
import { fillRoot, isIndexable, renderShell, type ShellPage, type SiteInfo } from './shell.js';

export interface WebOptions {
  /** The Vite build (dist/web) with its shell template at dist/shell/index.html. */
  webDir: string;
  shellFile: string;
  site: SiteInfo;
  publicUrl: string | undefined;
  /** Server rendering of the public pages (docs/decisions/016); without it every page is the empty shell. */
  ssr?: PageRendering;
}

export interface PageRendering {
  /** The built server entry (dist/ssr/entry-server.js): `render({ url, site, data })` answers the app's HTML and its money texts. */
  entryFile: string;
  /** The data every public page is rendered with, as JSON text (query key → data), and its version (changes when the data does). */
  data(): Promise<{ version: string; json: string }>;
}

type RenderApp = (input: {
  url: string;
  site: SiteInfo & { origin: string };
  data: Record<string, unknown>;
}) => Promise<{ html: string; money: Record<string, string> }>;

/** A page that takes longer than this to render is sent as the empty shell (the browser renders it). */
const RENDER_TIMEOUT_MS = 2_000;
/** Rendered pages kept: by origin, URL and data version; cleared when full (URLs come from clients). */
const RENDERED_PAGES = 500;

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

  const compressed = (html: string): RenderedShell => {
    const identity = Buffer.from(html);
    return {
      identity,
      br: zlib.brotliCompressSync(identity),
      gzip: zlib.gzipSync(identity, { level: 9 }),
      etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`,
    };
  };
  const cache = new Map<string, RenderedShell>();
  /** The shell of one page: per origin, language and (for the hreflang alternates) public page. */
  const shellFor = (origin: string, page: ShellPage): RenderedShell => {
    const key = `${origin} ${page.locale} ${page.found ? page.path.split(/[?#]/)[0] : 404}`;
    let shell = cache.get(key);
    if (!shell) {
      shell = compressed(renderShell(template, options.site, origin, page));
      if (cache.size > 200) cache.clear(); // origins come from Host headers, plan names from paths: keep the cache bounded
      cache.set(key, shell);
    }
    return shell;
  };

  const renderApp = options.ssr && fs.existsSync(options.ssr.entryFile) ? await loadRenderer(options.ssr.entryFile) : null;
  const rendered = new Map<string, Promise<RenderedShell>>();
  /** The page rendered on the server with the current data; the empty shell when it cannot be (logged). */
  async function pageFor(request: FastifyRequest, origin: string, page: ShellPage): Promise<RenderedShell> {
    if (!renderApp || !options.ssr || !isServerRenderedPath(request.url)) return shellFor(origin, page);
    try {
      const { version, json } = await options.ssr.data();
      const url = pageUrl(request.url);
      const key = `${origin}\n${url}\n${version}`;
      let answer = rendered.get(key);
      if (!answer) {
        const site = { ...options.site, origin };
        const data = JSON.parse(json) as Record<string, unknown>;
        const plans = data[listPlans.path] as SubscriptionPlan[] | undefined;
        answer = withTimeout(renderApp({ url, site, data }), RENDER_TIMEOUT_MS).then(({ html, money }) =>
          compressed(fillRoot(renderShell(template, options.site, origin, { ...page, plans }), html, json, money)),
        );
        if (rendered.size >= RENDERED_PAGES) rendered.clear();
        rendered.set(key, answer);
        answer.catch(() => rendered.delete(key));
      }
      return await answer;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; sent the empty shell');
      return shellFor(origin, page);
    }
  }

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = requestOrigin(request, options.publicUrl);
    const status = isKnownWebPath(request.url) ? 200 : 404;
    // The language is the URL's: `/es/...` is Spanish (its 404 page too), anything else English.
    const { locale, path } = splitLocale(request.url);
    const shell = await pageFor(request, origin, { locale, path, found: status === 200 });
    // Billing, payments, the admin area and sign-in stay out of search engines (robots.txt keeps crawlers out too).
    const indexable = isIndexable(path, status === 200);
    if (!indexable) reply.header('x-robots-tag', 'noindex');
    // The public pages anyone may read (landing, checkout, accessibility statement, the 404 page) hold
    // nothing of a person's, so they go without a cross-origin opener policy: with one, the browser
    // moves every arrival from another site into a new browsing context group, often a new process,
    // and a phone pays for it before the first paint (docs/decisions/016, third addendum). The rest keep it.
    if (indexable || status === 404) reply.removeHeader('cross-origin-opener-policy');
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

/** The URL a page is rendered (and kept) for: its path and only the query parameters pages read, so `?utm_source=…` costs no render. */
function pageUrl(requestUrl: string): string {
  const url = new URL(requestUrl, 'http://page');
  const kept = new URLSearchParams();
  for (const name of RENDERED_QUERY_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

async function loadRenderer(entryFile: string): Promise<RenderApp> {
  const entry = (await import(pathToFileURL(entryFile).href)) as { render: RenderApp };
  return entry.render;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

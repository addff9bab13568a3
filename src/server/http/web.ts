import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { archiveAssets, archivedFiles } from './asset-archive.js';
import { listPlans } from '../../contract/plans/list.js';
import type { SubscriptionPlan } from '../../contract/plans/plans.js';
import { listFaq, type FaqEntry } from '../../contract/faq/faq.js';
import { requestOrigin, variesByHost, type OriginRule } from './host.js';
import {
  FRESH_BROTLI,
  FRESH_GZIP,
  NOT_FOUND_SLOT,
  RenderBudget,
  RenderCache,
  renderTarget,
  SLOT_BROTLI,
  SLOT_GZIP,
  type RenderTarget,
} from './server-rendering.js';
import { fillRoot, isIndexable, renderShell, type ShellPage, type SiteInfo } from './shell.js';

export interface WebOptions {
  /** The Vite build (dist/web) with its shell template at dist/shell/index.html. */
  webDir: string;
  shellFile: string;
  site: SiteInfo;
  /** Where the pages' absolute links point: PUBLIC_URL, an allowed host, or localhost (http/host.ts). */
  origin: OriginRule;
  /** The plans on sale (JSON and a version that changes with them): a checkout page is rendered for a plan that exists only. */
  plans(): Promise<{ json: string; etag: string }>;
  /** Server rendering of the public pages (docs/decisions/016); without it every page is the empty shell. */
  ssr?: PageRendering;
  /**
   * The directory every instance shares for the hashed assets of recent builds (asset-archive.ts):
   * this build's are copied there at start-up, and an asset this build lacks is served from there.
   */
  assetArchive?: string;
  /** Fresh renders one address may cause: `burst`, refilled at `perMinute` (docs/decisions/022). */
  renderBudget?: { burst: number; perMinute: number };
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
/**
 * Rendered pages and shells kept, least recently used out first. Their keys are bounded (origin ×
 * language × page × plan × parameter presence × data version, docs/decisions/022), so the caps only
 * drop pages of an older data version: at most this many, and this many bytes (HTML and copies).
 */
const RENDERED_PAGES = 500;
const RENDERED_BYTES = 32 * 1024 * 1024;
/** A visitor's fresh renders: 20 at once, 20 more a minute (a visit causes a few; over it, the empty shell). */
const RENDER_BUDGET = { burst: 20, perMinute: 20 };

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
  const roots = fs.existsSync(assetsDir) ? [assetsDir] : [];
  if (options.assetArchive && roots.length) {
    try {
      const archived = await archiveAssets(assetsDir, options.assetArchive);
      app.log.info(
        { archive: options.assetArchive, ...archived },
        'assets archived for instances of other versions',
      );
      roots.push(archivedFiles(options.assetArchive));
    } catch (error) {
      app.log.warn(
        { err: error, archive: options.assetArchive },
        'could not archive the assets: during a rolling update, instances of other versions may miss this version’s scripts',
      );
    }
  }
  if (roots.length) {
    await app.register(fastifyStatic, {
      // An asset of another build is looked up in the archive, which changes as instances start.
      root: roots.length > 1 ? roots : roots[0]!,
      prefix: '/assets/',
      preCompressed: true,
      wildcard: roots.length > 1,
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

  // Fresh pages are compressed at cheap levels (server-rendering.ts): never brotli 11 in a request.
  const compressed = (html: string): RenderedShell => {
    const identity = Buffer.from(html);
    return {
      identity,
      br: zlib.brotliCompressSync(identity, FRESH_BROTLI),
      gzip: zlib.gzipSync(identity, FRESH_GZIP),
      etag: `"${crypto.createHash('sha1').update(identity).digest('base64url')}"`,
    };
  };
  const sizeOf = (shell: RenderedShell) =>
    shell.identity.length + shell.br.length + shell.gzip.length;
  const shells = new RenderCache<RenderedShell>(RENDERED_PAGES, RENDERED_BYTES);
  /** The empty shell of one page: per origin, language, page and plan (the head names them), never per request path. */
  const shellFor = (origin: string, target: RenderTarget): RenderedShell => {
    const key = `${origin}\n${target.locale}\n${target.status} ${target.page ?? ''} ${target.plan?.name ?? ''}`;
    let shell = shells.get(key);
    if (!shell) {
      shell = compressed(renderShell(template, options.site, origin, shellPage(target)));
      shells.set(key, shell, sizeOf(shell));
    }
    return shell;
  };

  // The plans, parsed once per version: every page request needs them to know its checkout page.
  let plansSeen: { etag: string; plans: SubscriptionPlan[] } | undefined;
  const plansNow = async (): Promise<SubscriptionPlan[]> => {
    const { json, etag } = await options.plans();
    if (plansSeen?.etag !== etag)
      plansSeen = { etag, plans: JSON.parse(json) as SubscriptionPlan[] };
    return plansSeen.plans;
  };

  const renderApp =
    options.ssr && fs.existsSync(options.ssr.entryFile)
      ? await loadRenderer(options.ssr.entryFile)
      : null;
  const rendered = new RenderCache<Promise<RenderedShell>>(RENDERED_PAGES, RENDERED_BYTES);
  const budget = new RenderBudget(
    options.renderBudget?.burst ?? RENDER_BUDGET.burst,
    options.renderBudget?.perMinute ?? RENDER_BUDGET.perMinute,
  );
  /** The page rendered on the server with the current data; the empty shell when it cannot be (logged) or this address has rendered enough. */
  async function pageFor(
    request: FastifyRequest,
    origin: string,
    target: RenderTarget,
  ): Promise<RenderedShell> {
    if (!renderApp || !options.ssr || target.renderUrl === null) return shellFor(origin, target);
    try {
      const { version, json } = await options.ssr.data();
      const url = target.renderUrl;
      const key = `${origin}\n${url}\n${version}`;
      let answer = rendered.get(key);
      if (!answer) {
        // A fresh render: one address may cause only so many; over that it gets the empty shell (the browser renders it).
        if (!budget.take(request.ip)) return shellFor(origin, target);
        const site = { ...options.site, origin };
        const data = JSON.parse(json) as Record<string, unknown>;
        const plans = data[listPlans.path] as SubscriptionPlan[] | undefined;
        const faq = data[listFaq.path] as FaqEntry[] | undefined;
        const made = withTimeout(renderApp({ url, site, data }), RENDER_TIMEOUT_MS).then(
          ({ html, money }) =>
            compressed(
              fillRoot(
                renderShell(template, options.site, origin, { ...shellPage(target), plans, faq }),
                html,
                json,
                money,
              ),
            ),
        );
        answer = made;
        rendered.set(key, made);
        made.then(
          (shell) => rendered.resize(key, made, sizeOf(shell)),
          () => rendered.delete(key),
        );
      }
      return await answer;
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'server rendering failed; sent the empty shell',
      );
      return shellFor(origin, target);
    }
  }

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = requestOrigin(request, options.origin);
    const target = renderTarget(request.url, await plansNow());
    const { status } = target;
    const shell = await pageFor(request, origin, target);
    // Billing, payments, the admin area and sign-in stay out of search engines (robots.txt keeps crawlers out too).
    const indexable = isIndexable(target.path, target.page !== null);
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
      // The canonical and Open Graph links name the request's host when it is an allowed one.
      .header('vary', variesByHost(options.origin) ? 'accept-encoding, host' : 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    // The 404 page is rendered once; each answer gets its own path in its slot (the language switch), compressed fast.
    if (target.slot !== null && shell.identity.includes(NOT_FOUND_SLOT)) {
      const body = Buffer.from(shell.identity.toString().split(NOT_FOUND_SLOT).join(target.slot));
      if (/\bbr\b/.test(accepts))
        return reply
          .header('content-encoding', 'br')
          .send(zlib.brotliCompressSync(body, SLOT_BROTLI));
      if (/\bgzip\b/.test(accepts))
        return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, SLOT_GZIP));
      return reply.send(body);
    }
    reply.header('etag', shell.etag);
    if (status === 200 && request.headers['if-none-match'] === shell.etag)
      return reply.status(304).send();
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(shell.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(shell.gzip);
    return reply.send(shell.identity);
  };

  app.get('/*', (request, reply) => {
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    ) {
      return reply.callNotFound();
    }
    return sendShell(request, reply);
  });
}

/** What the shell's head says about a target: its language, the route's own path (not the request's), found or not. */
function shellPage(target: RenderTarget): ShellPage {
  return { locale: target.locale, path: target.path, found: target.status === 200 };
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

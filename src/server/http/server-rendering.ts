import zlib from 'node:zlib';
import { BILLING_LINK_TOKEN_PARAM } from '../../contract/billing/billing.js';
import type { SubscriptionPlan } from '../../contract/plans/plans.js';
import {
  CHECKOUT_REGISTRATION_PARAM,
  checkoutPath,
  isKnownWebPath,
  isServerRenderedPath,
  localizedPath,
  publicPageOf,
  splitLocale,
  WEB_PATHS,
  type Locale,
  type PublicPage,
} from '../../contract/site/routes.js';

/**
 * What a request may make the server render (docs/decisions/022): a page is rendered for its
 * route, its language and the few parameters it really renders with, each from a bounded set
 * (a plan that exists; whether a checkout link names a registration, not which one). A value a
 * visitor invents (an unknown path or plan, a registration id, a token, a payment's secret) never
 * reaches the renderer, so it can neither cost a render nor end up in a render kept for others.
 */
export interface RenderTarget {
  locale: Locale;
  /** 200 for a page of the app, 404 for an unknown path or plan. */
  status: 200 | 404;
  /** The public page, null for the 404 page and for pages the server does not render (the admin area, sign-in). */
  page: PublicPage | null;
  /** The plan of a checkout page, when it exists. */
  plan: SubscriptionPlan | undefined;
  /** The path the page's head names (canonical, alternates), without the language prefix: the route's own, never the request's. */
  path: string;
  /** The URL the app is rendered for (with the language prefix and the placeholders of the parameters it reads); null: not rendered on the server. */
  renderUrl: string | null;
  /** What the rendered HTML gets per request in place of `NOT_FOUND_SLOT` (the 404 page's path, for its language switch). */
  slot: string | null;
}

/** The 404 page is rendered once per language for this path; each answer gets the request's path in its place. */
export const NOT_FOUND_SLOT = '/__not_found_path__';
/** Stands for a registration a checkout link names: the page shows the linked state, and the id once it runs in the browser. */
const LINKED_REGISTRATION = '00000000-0000-0000-0000-000000000000';
/** Stands for a value the page only checks is there (a payment's secret, a billing link's token). */
const PRESENT = '-';
const REGISTRATION_ID = /^[0-9a-f-]{36}$/i;

/** wouter's own decoding of a path (decodeURI, the path as is when it does not decode), so both sides name it alike. */
function decodePath(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A plan name no plan has, for the 'Plan not found' page every unknown plan shares. */
function unknownPlanName(plans: readonly SubscriptionPlan[]): string {
  let name = '~';
  while (plans.some((p) => p.name === name)) name += '~';
  return name;
}

/** Which page `requestUrl` is, and what of it may be rendered and kept (see RenderTarget). */
export function renderTarget(requestUrl: string, plans: readonly SubscriptionPlan[]): RenderTarget {
  const hash = requestUrl.indexOf('#');
  const url = hash < 0 ? requestUrl : requestUrl.slice(0, hash);
  const question = url.indexOf('?');
  const rawPath = question < 0 ? url : url.slice(0, question);
  const query = new URLSearchParams(question < 0 ? '' : url.slice(question + 1));
  const { locale, path } = splitLocale(rawPath);
  const notFound = (): RenderTarget => ({
    locale,
    status: 404,
    page: null,
    plan: undefined,
    path: NOT_FOUND_SLOT,
    renderUrl: localizedPath(locale, NOT_FOUND_SLOT),
    slot: escapeAttribute(decodePath(path)),
  });
  if (!isKnownWebPath(rawPath)) return notFound();
  const page = publicPageOf(path);
  if (!page || !isServerRenderedPath(rawPath)) {
    // The admin area, sign-in, `/checkout` without a plan: the empty shell, the same for all (its head names no page).
    return {
      locale,
      status: 200,
      page: null,
      plan: undefined,
      path: WEB_PATHS.admin,
      renderUrl: null,
      slot: null,
    };
  }
  const params = new URLSearchParams();
  let pagePath: string = WEB_PATHS[page];
  let plan: SubscriptionPlan | undefined;
  switch (page) {
    case 'checkout': {
      const segment = decodePath(path).replace(/\/+$/, '').split('/')[2] ?? '';
      plan = plans.find((p) => p.name === segment);
      pagePath = checkoutPath(plan?.name ?? unknownPlanName(plans));
      if (!plan)
        return {
          locale,
          status: 404,
          page: null,
          plan: undefined,
          path: pagePath,
          renderUrl: localizedPath(locale, pagePath),
          slot: null,
        };
      if (REGISTRATION_ID.test(query.get(CHECKOUT_REGISTRATION_PARAM) ?? ''))
        params.set(CHECKOUT_REGISTRATION_PARAM, LINKED_REGISTRATION);
      break;
    }
    case 'paymentSuccess':
      if (query.get('payment_intent_client_secret'))
        params.set('payment_intent_client_secret', PRESENT);
      break;
    case 'account':
      if (query.get(BILLING_LINK_TOKEN_PARAM)) params.set(BILLING_LINK_TOKEN_PARAM, PRESENT);
      break;
    default:
      break;
  }
  const search = params.toString();
  return {
    locale,
    status: 200,
    page,
    plan,
    path: pagePath,
    renderUrl: localizedPath(locale, search ? `${pagePath}?${search}` : pagePath),
    slot: null,
  };
}

/**
 * Rendered pages by key, least recently used first out: at most `maxEntries`, and at most
 * `maxBytes` of HTML and its compressed copies.
 */
export class RenderCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes = 0): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    this.evict();
  }

  /** Sets the size of an entry once known (a render in progress is kept at size 0). */
  resize(key: string, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.delete(key);
    }
  }
}

/**
 * How many fresh renders one address may cause: a bucket of `burst` renders, refilled at
 * `perMinute`. Kept in this instance's memory (the rendered pages are too); at most `maxAddresses`
 * buckets, the least recently used dropped first (a dropped one starts full again).
 */
export class RenderBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
    private readonly maxAddresses = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one render from `address`'s bucket; false when it is empty. */
  take(address: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    this.buckets.delete(address);
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000,
    );
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(address, bucket);
    if (this.buckets.size > this.maxAddresses)
      this.buckets.delete(this.buckets.keys().next().value!);
    return allowed;
  }
}

/**
 * Compression of what the server makes per request or per render: cheap levels (brotli 5, gzip 6;
 * brotli 11 costs ~40–70 ms for a 70 KB page and is kept for the build's static files). An answer
 * with a per-request slot is compressed faster still, in the one encoding asked for.
 */
export const FRESH_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
export const FRESH_GZIP = { level: 6 };
export const SLOT_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
export const SLOT_GZIP = { level: 1 };

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../contract/lib/endpoint.js';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import {
  alternateLinks,
  checkoutPath,
  LOCALES,
  localizedPath,
  WEB_PATHS,
} from '../../../contract/site/routes.js';
import { requestOrigin, variesByHost, type OriginRule } from '../../http/host.js';

export interface SiteRouteOptions {
  /** Where the links point: PUBLIC_URL, an allowed host, or localhost (http/host.ts). */
  origin: OriginRule;
  /** The plans on sale: each has its checkout page in the sitemap. */
  plans: () => Promise<readonly SubscriptionPlan[]>;
}

/** Where crawlers may not go: the admin area, sign-in and the API; billing and payment results in every language. */
const PRIVATE_PATHS = [
  WEB_PATHS.admin,
  WEB_PATHS.settings,
  WEB_PATHS.login,
  API_PREFIX,
  ...[WEB_PATHS.account, WEB_PATHS.paymentSuccess].flatMap((path) =>
    LOCALES.map((locale) => localizedPath(locale, path)),
  ),
];

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * robots.txt and sitemap.xml. The sitemap lists the indexed public pages (the landing page, each
 * plan's checkout page, the accessibility statement) in every language, each with its
 * alternates (docs/decisions/015); billing, payment results and the admin area stay out.
 */
export async function siteRoutes(app: FastifyInstance, options: SiteRouteOptions): Promise<void> {
  // Without PUBLIC_URL the links may name the request's host when ALLOWED_HOSTS lists it, so
  // caches keep one answer per host; a host not listed (a forged X-Forwarded-Host) never names them.
  const originOf = (request: FastifyRequest, reply: FastifyReply) => {
    if (variesByHost(options.origin)) reply.header('vary', 'host');
    return requestOrigin(request, options.origin);
  };

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const rules = PRIVATE_PATHS.map((path) => `Disallow: ${path}`).join('\n');
    return `User-agent: *\n${rules}\n\nSitemap: ${originOf(request, reply)}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const origin = originOf(request, reply);
    const plans = await options.plans();
    const pages: { path: string; changefreq: string; priority: string }[] = [
      { path: WEB_PATHS.landing, changefreq: 'weekly', priority: '1.0' },
      ...plans.map((plan) => ({
        path: checkoutPath(plan.name),
        changefreq: 'weekly',
        priority: '0.8',
      })),
      { path: WEB_PATHS.accessibility, changefreq: 'yearly', priority: '0.3' },
      { path: WEB_PATHS.cancellationPolicy, changefreq: 'yearly', priority: '0.4' },
    ];
    const urls = pages.flatMap((page) => {
      const alternates = alternateLinks(origin, page.path)
        .map(
          (a) =>
            `\n    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
        )
        .join('');
      return LOCALES.map(
        (locale) =>
          `  <url>\n    <loc>${escapeXml(`${origin}${localizedPath(locale, page.path)}`)}</loc>${alternates}\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority}</priority>\n  </url>`,
      );
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  });
}

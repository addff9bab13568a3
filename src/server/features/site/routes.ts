import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEB_PATHS } from '../../../contract/routes.js';
import { requestOrigin } from '../../http/host.js';

/** robots.txt and sitemap.xml: the public pages to index are the landing page and the accessibility statement. */
export async function siteRoutes(app: FastifyInstance, options: { publicUrl: string | undefined }): Promise<void> {
  // Without PUBLIC_URL the links name the request's (checked) host, so caches keep one answer per host.
  const originOf = (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.publicUrl) reply.header('vary', 'host');
    return requestOrigin(request, options.publicUrl);
  };

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `User-agent: *\nAllow: /$\nDisallow: /admin\nDisallow: /api/\nDisallow: /checkout/\nDisallow: /payment-success\n\nSitemap: ${originOf(request, reply)}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', async (request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const origin = originOf(request, reply);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${origin}/</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>\n  <url><loc>${origin}${WEB_PATHS.accessibility}</loc><changefreq>yearly</changefreq><priority>0.3</priority></url>\n</urlset>\n`;
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../http/host.js';

/** robots.txt and sitemap.xml: the public landing page is the only indexable page. */
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
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${originOf(request, reply)}/</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>\n</urlset>\n`;
  });
}

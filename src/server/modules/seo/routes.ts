import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { robotsTxt } from './robots';
import { createSitemap, SITEMAP_MAX_URLS, sitemapIndexXml, urlsetXml } from './sitemap';

const xml = 'application/xml; charset=utf-8';
/** Crawlers come back for these daily at most; an hour of caching spares the database without hiding new listings long. */
const cached = 'public, max-age=3600';

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{pages,listings-N,posts-N}.xml. Registered with or without a web build:
 * they read only the database.
 */
export const seoRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  /** URLs per sitemap file; the tests make it small to see the index without 50,000 rows. */
  sitemapPageSize?: number;
}> = async (app, { db, publicUrl, sitemapPageSize = SITEMAP_MAX_URLS }) => {
  const sitemap = createSitemap(db, sitemapPageSize);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', cached).type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const root = await sitemap.root();
    const body =
      root.kind === 'index' ? sitemapIndexXml(publicUrl, root.urls) : urlsetXml(publicUrl, root.urls);
    return reply.header('cache-control', cached).type(xml).send(body);
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const match = /^(?:(pages)|(listings|posts)-([1-9]\d{0,9}))\.xml$/.exec(request.params.file);
      const section = (match?.[1] ?? match?.[2]) as 'pages' | 'listings' | 'posts' | undefined;
      const page = Number(match?.[3] ?? 1);
      const urls = section && Number.isSafeInteger(page) ? await sitemap.section(section, page) : null;
      if (!urls) return reply.status(404).type(xml).send(urlsetXml(publicUrl, []));
      return reply.header('cache-control', cached).type(xml).send(urlsetXml(publicUrl, urls));
    },
  );
};

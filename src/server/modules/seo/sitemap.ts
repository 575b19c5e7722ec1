import { MAX_INT4 } from '@shared/listings';
import { pageMeta } from '@shared/page-meta';
import { paths } from '@shared/paths';
import { and, asc, count, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communityPosts, games, listings } from '../../db/schema';
import { forumShows } from '../community/forum-ban';
import { publicListing } from '../listings/open-shop';

/** The most URLs one sitemap file may list (sitemaps.org); past it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The public pages that are always there: page-meta's table (so a new page cannot be forgotten here), without the
 * sign-in forms it keeps out of search results nor the bare search page. The seal pages are in it; the sellers'
 * own pages are not: a member may make theirs private.
 */
export const STATIC_PAGES = Object.entries(pageMeta)
  .filter(([path, meta]) => !('noindex' in meta && meta.noindex) && path !== paths.search)
  .map(([path]) => path);

export interface SitemapUrl {
  /** A path, made absolute when written. */
  path: string;
  lastmod?: Date;
}

/** A sitemap file of one kind of page: listings and posts are paged by fixed id ranges. */
export type SitemapSection = 'pages' | 'listings' | 'posts';

export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const xmlns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export function urlsetXml(publicUrl: string, urls: SitemapUrl[]): string {
  const entries = urls.map(
    (url) =>
      `  <url><loc>${escapeXml(publicUrl + url.path)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `${xmlHead}<urlset ${xmlns}>\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
}

export function sitemapIndexXml(publicUrl: string, sitemaps: SitemapUrl[]): string {
  const entries = sitemaps.map(
    (sitemap) =>
      `  <sitemap><loc>${escapeXml(publicUrl + sitemap.path)}</loc>${sitemap.lastmod ? `<lastmod>${sitemap.lastmod.toISOString()}</lastmod>` : ''}</sitemap>`,
  );
  return `${xmlHead}<sitemapindex ${xmlns}>\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * What /sitemap.xml and /sitemaps/*.xml list. Only ids and dates are read. Listings and posts are paged by fixed
 * id ranges (page n holds ids from (n−1)·pageSize+1 to n·pageSize), a range scan on the primary key rather than an
 * OFFSET, so a page's address keeps its content while rows come and go and no page can exceed pageSize URLs.
 */
export function createSitemap(db: Db, pageSize: number = SITEMAP_MAX_URLS, now = () => new Date()) {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_MAX_URLS)
    throw new Error(`sitemap page size must be an integer from 1 to ${SITEMAP_MAX_URLS}`);
  // What the public reads show (decision 023): a suspended seller's listings, a banned member's posts are out.
  const active = () => publicListing(now());
  const postShown = () => forumShows(communityPosts.authorId, null, now());
  const postLastmod = sql<Date>`coalesce(${communityPosts.editedAt}, ${communityPosts.createdAt})`.mapWith(
    communityPosts.createdAt,
  );

  async function fixedPages(): Promise<SitemapUrl[]> {
    const rows = await db
      .select({ slug: games.slug })
      .from(games)
      .orderBy(asc(games.sortOrder), asc(games.id));
    return [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...rows.map((game) => ({ path: paths.category(game.slug) })),
    ];
  }

  const range = (page: number) => ({
    from: (page - 1) * pageSize + 1,
    to: Math.min(page * pageSize, MAX_INT4),
  });

  async function listingUrls(from: number, to: number): Promise<SitemapUrl[]> {
    const rows = await db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(and(active(), gte(listings.id, from), lte(listings.id, to)))
      .orderBy(asc(listings.id));
    return rows.map((row) => ({ path: paths.listing(row.id), lastmod: row.updatedAt }));
  }

  async function postUrls(from: number, to: number): Promise<SitemapUrl[]> {
    const rows = await db
      .select({ id: communityPosts.id, lastmod: postLastmod })
      .from(communityPosts)
      .where(and(postShown(), gte(communityPosts.id, from), lte(communityPosts.id, to)))
      .orderBy(asc(communityPosts.id));
    return rows.map((row) => ({ path: paths.post(row.id), lastmod: row.lastmod }));
  }

  /** The pages of a kind that hold at least one URL, with the newest date in each. */
  async function pagesOf(section: 'listings' | 'posts'): Promise<SitemapUrl[]> {
    const table = section === 'listings' ? listings : communityPosts;
    // A literal, not a parameter: GROUP BY must see the very expression the SELECT has.
    const page = sql<number>`(${table.id} - 1) / ${sql.raw(String(pageSize))} + 1`.mapWith(Number);
    const lastmod = section === 'listings' ? max(listings.updatedAt) : max(postLastmod);
    const rows = await db
      .select({ page, lastmod })
      .from(table)
      .where(section === 'listings' ? active() : postShown())
      .groupBy(page)
      .orderBy(page);
    return rows.map((row) => ({
      path: `/sitemaps/${section}-${row.page}.xml`,
      lastmod: row.lastmod ? new Date(row.lastmod) : undefined,
    }));
  }

  return {
    /** /sitemap.xml: every URL in one file while they fit, else an index of the section files. */
    async root(): Promise<{ kind: 'urlset' | 'index'; urls: SitemapUrl[] }> {
      const pages = await fixedPages();
      const [[listingCount], [postCount]] = await Promise.all([
        db.select({ n: count() }).from(listings).where(active()),
        db.select({ n: count() }).from(communityPosts).where(postShown()),
      ]);
      const total = pages.length + (listingCount?.n ?? 0) + (postCount?.n ?? 0);
      if (total <= pageSize) {
        const [listed, posted] = await Promise.all([listingUrls(1, MAX_INT4), postUrls(1, MAX_INT4)]);
        return { kind: 'urlset', urls: [...pages, ...listed, ...posted] };
      }
      const [listingPages, postPages] = await Promise.all([pagesOf('listings'), pagesOf('posts')]);
      return { kind: 'index', urls: [{ path: '/sitemaps/pages.xml' }, ...listingPages, ...postPages] };
    },

    /** One section file; null when the page holds no URL (or does not exist). */
    async section(section: SitemapSection, page: number): Promise<SitemapUrl[] | null> {
      if (section === 'pages') return (await fixedPages()).slice(0, pageSize);
      const { from, to } = range(page);
      if (from > MAX_INT4) return null;
      const urls = section === 'listings' ? await listingUrls(from, to) : await postUrls(from, to);
      return urls.length ? urls : null;
    },
  };
}

import { paths } from '@shared/paths';

/**
 * robots.txt: every public page may be crawled; the API and the pages that only make sense signed in (or with a
 * one-time link) may not. `*` in a path is a wildcard for Google and Bing.
 */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [
    '/api/',
    paths.profile,
    '/profile',
    paths.payments,
    paths.notifications,
    paths.myOffers,
    paths.alerts,
    `${paths.intermediation}/`,
    paths.publish,
    '/publish',
    paths.editListing('*'),
    paths.listingCodes('*'),
    paths.resetPassword,
    paths.admin(),
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

import type { Page } from '@playwright/test';

/**
 * The search page's first search is answered by the server inside the HTML (boot data `preloadedQueries`,
 * apps/server/src/modules/search/search.preload.ts), so the page makes no request for it. This reads the
 * search the server ran for the page, as the API parameters the page would have sent: its query key is
 * contracts resultsCacheKey — [query, location, start, [[filter, values]…], sort, latlong, bounds].
 */
export async function preloadedSearchParams(page: Page): Promise<URLSearchParams> {
  const text = await page.locator('#boot-data').textContent();
  const boot = JSON.parse(text ?? '{}') as { preloadedQueries?: { key: unknown[] }[] };
  const search = boot.preloadedQueries?.find((query) => query.key[0] === 'search');
  if (!search) throw new Error('the page has no preloaded search');
  const [query, location, start, filters, sort, latlong, bounds] = JSON.parse(String(search.key[1])) as [
    string,
    string,
    number,
    [string, string[]][],
    string | null,
    string | null,
    string | null,
  ];
  const params = new URLSearchParams({ query, location });
  if (start > 0) params.set('start', String(start));
  if (sort) params.set('sort_by', sort);
  for (const [key, values] of filters) for (const value of values) params.append(`filter_${key}`, value);
  if (latlong) params.set('latlong', latlong);
  if (bounds) params.set('bounds', bounds);
  return params;
}

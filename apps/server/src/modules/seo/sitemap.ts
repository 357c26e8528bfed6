import { CAREERS_HOME, jobPath } from '@careers/contracts';

/**
 * /sitemap.xml and /robots.txt (issue 3 "Search-engine visibility"): open positions with lastmod;
 * archived ones are left out by the caller's query. The sitemaps.org protocol caps a file at 50,000
 * URLs, so above that /sitemap.xml becomes an index of /sitemap-1.xml, /sitemap-2.xml, …
 * https://www.sitemaps.org/protocol.html
 */

export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_PATH = '/sitemap.xml';

export interface SitemapEntry {
  /** Absolute http(s) URL. */
  loc: string;
  lastmod?: string | Date | null | undefined;
}

// XML 1.0 forbids most control characters, lone surrogates and U+FFFE/U+FFFF even when escaped.
// eslint-disable-next-line no-control-regex -- naming the allowed control characters is the point
const NOT_XML_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** W3C Datetime (the sitemap's lastmod format) in UTC to the second; null for an invalid date. */
export function w3cDate(value: string | Date): string | null {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/** The absolute, percent-encoded form of a URL; null when it is not http(s). */
function normalizeLoc(loc: string): string | null {
  try {
    const url = new URL(loc);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string | null {
  const loc = normalizeLoc(entry.loc);
  if (loc === null) return null;
  const lastmod = entry.lastmod ? w3cDate(entry.lastmod) : null;
  return `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`;
}

function document(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: Iterable<SitemapEntry>): string {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`];
  for (const entry of entries) {
    const xml = entryXml(tag, entry);
    if (xml !== null) parts.push(xml);
  }
  parts.push(`</${root}>\n`);
  return parts.join('\n');
}

/** A <urlset> of at most SITEMAP_MAX_URLS entries; entries whose loc is not an http(s) URL are skipped. */
export function buildUrlSet(entries: readonly SitemapEntry[]): string {
  if (entries.length > SITEMAP_MAX_URLS) throw new RangeError(`A sitemap holds at most ${SITEMAP_MAX_URLS} URLs`);
  return document('urlset', 'url', entries);
}

/** A <sitemapindex> listing the page files. */
export function buildSitemapIndex(sitemaps: readonly SitemapEntry[]): string {
  if (sitemaps.length > SITEMAP_MAX_URLS) throw new RangeError(`A sitemap index holds at most ${SITEMAP_MAX_URLS} sitemaps`);
  return document('sitemapindex', 'sitemap', sitemaps);
}

/** Page files needed for `totalUrls`: 0 means one plain urlset at /sitemap.xml. */
export function sitemapPageCount(totalUrls: number, maxUrls = SITEMAP_MAX_URLS): number {
  return totalUrls <= maxUrls ? 0 : Math.ceil(totalUrls / maxUrls);
}

export const sitemapPagePath = (page: number): string => `/sitemap-${page}.xml`;

/** "/sitemap-3.xml" → 3; null for anything else (no leading zeros, pages from 1). */
export function parseSitemapPagePath(path: string): number | null {
  const match = /^\/sitemap-([1-9][0-9]{0,5})\.xml$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** Offset and limit of page `page` (1-based) in the ordered list of URLs. */
export const sitemapPageSlice = (page: number, maxUrls = SITEMAP_MAX_URLS): { offset: number; limit: number } => ({
  offset: (page - 1) * maxUrls,
  limit: maxUrls,
});

/**
 * `?domain=…` for a tenant that is not the host's default (spec §6 "calls are keyed by domain"), so its
 * links open its own site; '' for the default tenant.
 */
export const domainQuery = (domain: string | undefined): string => (domain ? `?domain=${encodeURIComponent(domain)}` : '');

/** The careers home plus one job page per open position, absolute on `origin`. */
export function careersSitemapEntries(
  origin: string,
  positions: Iterable<{ id: number | string; updatedAt: string | Date }>,
  domain?: string,
): SitemapEntry[] {
  const base = origin.replace(/\/+$/, '');
  const query = domainQuery(domain);
  const entries: SitemapEntry[] = [{ loc: `${base}${CAREERS_HOME}${query}` }];
  for (const position of positions) entries.push({ loc: `${base}${jobPath(position.id)}${query}`, lastmod: position.updatedAt });
  return entries;
}

/** Signed-in and one-off pages (spec §2 protected routes, login, apply, private jobs): nothing to index. */
const NOT_FOR_CRAWLERS = [
  '/api/',
  '/logout',
  '/careers/login',
  '/careers/apply',
  '/careers/job/private',
  '/careers/profile',
  '/careers/dashboard',
  '/careers/settings',
  '/careers/export-resume',
  '/careers/forms',
  '/careers/applications',
  '/careers/saved-jobs',
  '/careers/interviews',
  '/careers/onboarding',
  '/careers/offer',
];

/** robots.txt: crawl the public pages and find the sitemap; a tenant not indexable (seoConfig) blocks all. */
export function buildRobotsTxt({ origin, indexable, domain }: { origin: string; indexable: boolean; domain?: string }): string {
  if (!indexable) return 'User-agent: *\nDisallow: /\n';
  const sitemap = `${origin.replace(/\/+$/, '')}${SITEMAP_PATH}${domainQuery(domain)}`;
  const lines = ['User-agent: *', ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemap}`];
  return `${lines.join('\n')}\n`;
}

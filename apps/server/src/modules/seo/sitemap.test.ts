import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SITEMAP_MAX_URLS,
  buildRobotsTxt,
  buildSitemapIndex,
  buildUrlSet,
  careersSitemapEntries,
  escapeXml,
  parseSitemapPagePath,
  sitemapPageCount,
  sitemapPagePath,
  sitemapPageSlice,
  w3cDate,
} from './sitemap';

const origin = 'https://careers.acme.example';

describe('urlset', () => {
  it('lists the careers home and each job with its lastmod', () => {
    const entries = careersSitemapEntries(`${origin}/`, [
      { id: 1, updatedAt: '2025-03-01T12:34:56.789Z' },
      { id: 2, updatedAt: new Date('2025-03-02T00:00:00Z') },
    ]);
    expect(buildUrlSet(entries)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://careers.acme.example/careers</loc></url>',
        '<url><loc>https://careers.acme.example/careers/job/1</loc><lastmod>2025-03-01T12:34:56Z</lastmod></url>',
        '<url><loc>https://careers.acme.example/careers/job/2</loc><lastmod>2025-03-02T00:00:00Z</lastmod></url>',
        '</urlset>\n',
      ].join('\n'),
    );
  });

  it('escapes XML, percent-encodes URLs and skips what is no http(s) URL', () => {
    const xml = buildUrlSet([
      { loc: `${origin}/careers?query=a&location=b"c'd<e>` },
      { loc: 'javascript:alert(1)' },
      { loc: 'not a url' },
      { loc: `${origin}/careers/job/ü`, lastmod: 'garbage' },
    ]);
    expect(xml).toContain('<loc>https://careers.acme.example/careers?query=a&amp;location=b%22c%27d%3Ce%3E</loc>');
    expect(escapeXml(`a&b<c>"d'e\u0000\ufffe`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;e');
    expect(xml).not.toContain('javascript');
    expect(xml).toContain('<url><loc>https://careers.acme.example/careers/job/%C3%BC</loc></url>');
  });

  it('never emits characters XML 1.0 forbids, nor a raw markup character inside text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const escaped = escapeXml(text);
        // eslint-disable-next-line no-control-regex -- looking for forbidden control characters
        expect(escaped).not.toMatch(/[<>"']|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
        expect(escaped).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
        expect(escaped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses more than 50,000 URLs in one file', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `${origin}/careers/job/${i + 1}` }));
    expect(() => buildUrlSet(many)).toThrow(RangeError);
    expect(buildUrlSet(many.slice(0, SITEMAP_MAX_URLS)).match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
  });
});

describe('sitemap index above 50,000 URLs', () => {
  it('needs no pages up to the limit and enough pages above it', () => {
    expect(sitemapPageCount(0)).toBe(0);
    expect(sitemapPageCount(SITEMAP_MAX_URLS)).toBe(0);
    expect(sitemapPageCount(SITEMAP_MAX_URLS + 1)).toBe(2);
    expect(sitemapPageCount(100_001)).toBe(3);
    expect(sitemapPageCount(25, 10)).toBe(3);
    expect(sitemapPageSlice(3)).toEqual({ offset: 100_000, limit: SITEMAP_MAX_URLS });
  });

  it('names and reads page paths strictly', () => {
    expect(sitemapPagePath(2)).toBe('/sitemap-2.xml');
    expect(parseSitemapPagePath('/sitemap-2.xml')).toBe(2);
    for (const path of ['/sitemap-0.xml', '/sitemap-02.xml', '/sitemap-x.xml', '/sitemap.xml', '/sitemap-1.xml/..', '/sitemap-1234567.xml']) {
      expect(parseSitemapPagePath(path)).toBeNull();
    }
  });

  it('builds the index of page files', () => {
    expect(buildSitemapIndex([{ loc: `${origin}${sitemapPagePath(1)}`, lastmod: '2025-01-01' }, { loc: `${origin}${sitemapPagePath(2)}` }])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://careers.acme.example/sitemap-1.xml</loc><lastmod>2025-01-01T00:00:00Z</lastmod></sitemap>',
        '<sitemap><loc>https://careers.acme.example/sitemap-2.xml</loc></sitemap>',
        '</sitemapindex>\n',
      ].join('\n'),
    );
  });

  it('formats W3C dates in UTC', () => {
    expect(w3cDate('2025-03-01T12:34:56.789+02:00')).toBe('2025-03-01T10:34:56Z');
    expect(w3cDate('nope')).toBeNull();
    expect(w3cDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of personal and API pages', () => {
    const robots = buildRobotsTxt({ origin: `${origin}/`, indexable: true });
    expect(robots.startsWith('User-agent: *\n')).toBe(true);
    expect(robots).toContain('Disallow: /api/\n');
    expect(robots).toContain('Disallow: /careers/profile\n');
    expect(robots).not.toMatch(/Disallow: \/careers\n/);
    expect(robots).not.toContain('Disallow: /careers/job\n');
    expect(robots.endsWith('Sitemap: https://careers.acme.example/sitemap.xml\n')).toBe(true);
  });

  it('blocks everything for a tenant that is not indexable', () => {
    expect(buildRobotsTxt({ origin, indexable: false })).toBe('User-agent: *\nDisallow: /\n');
  });
});

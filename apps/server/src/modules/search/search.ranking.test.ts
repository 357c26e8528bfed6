import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { searchTerms } from '../../search-engine/search-terms';
import { createSearchRepository } from './search.repository';
import { ACME, search, storedPositions, tenantIdOf } from './search.fixtures';
import { TitleTier } from '../../search-engine/postings-matcher';

/**
 * The search orders only the tiers a page overlaps, picking a page's best by insertion (rank-page.ts).
 * On both databases, every page must be exactly what sorting every match would give: title tier, then
 * score, then newest. Head terms ("robotics" is in every description), multi-word and typo queries,
 * with and without filters, first pages and deep ones, in an order that makes later searches reuse
 * cached matches.
 */
const POSITIONS = 600;

const SEARCHES: Record<string, string | string[]>[] = [
  { query: 'robotics', location: 'United States', filter_department: 'Sales' },
  { query: 'robotics' },
  { query: 'robotics', start: '40' },
  { query: 'robotics', filter_seniority: 'senior', start: '10' },
  { query: 'engineer', filter_employment_type: 'FULL_TIME' },
  { query: 'engineer' },
  { query: 'engineer', start: '30' },
  { query: 'senior engineer', location: 'remote' },
  { query: 'software engineer' },
  { query: 'manager', filter_department: ['Sales', 'Product'] },
  { query: 'data' },
  { query: 'enginer' },
  { query: 'robotics team', filter_remote: 'false', start: '20' },
];

forEachDatabase('search ranking is exact', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context(), POSITIONS);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  /** Every match scored, sorted as the search promises; then the search's own filters kept. */
  async function referenceIds(query: string, kept: ReadonlySet<number>): Promise<number[]> {
    const { database } = context();
    const tenantId = await tenantIdOf(database, ACME);
    const repository = createSearchRepository(database.db, database.dialect);
    const first = await search(app, { query });
    const corrections = new Map(first.resultsMetaData.corrections.map((correction) => [correction.term, correction.variants]));
    const terms = searchTerms(query).map((term) => ({ ...term, variants: corrections.get(term.token) ?? [] }));
    const stored = await storedPositions(database, ACME);
    const open = stored.filter((position) => position.archivedAt === null).length;
    const found = await repository.textMatcher.match(tenantId, terms, open);
    const scoreOf = new Map([...found.ids].map((id, at) => [id, found.scores[at] as number]));
    const phrase = new Set(found.phraseIds);
    const exact = new Set(found.exactIds);
    const tierOf = (id: number) => (exact.has(id) ? TitleTier.Exact : phrase.has(id) ? TitleTier.Phrase : TitleTier.Other);
    const posted = new Map(stored.map((position) => [position.id, Date.parse(position.postedAt)]));
    return [...found.ids]
      .filter((id) => kept.has(id))
      .sort(
        (a, b) =>
          tierOf(b) - tierOf(a) ||
          (scoreOf.get(b) ?? 0) - (scoreOf.get(a) ?? 0) ||
          (posted.get(b) ?? 0) - (posted.get(a) ?? 0) ||
          b - a,
      );
  }

  it('pages every search exactly as scoring every match would', async () => {
    for (const params of SEARCHES) {
      const start = Number(params.start ?? 0);
      const page = await search(app, params);
      // The result set of the same search with newest order: its filters, whatever the ranking.
      const everyResult = new Set<number>();
      for (let offset = 0; offset < page.count; offset += 10) {
        const newest = await search(app, { ...params, sort_by: 'newest', start: String(offset) });
        for (const position of newest.positions) everyResult.add(position.id);
      }
      expect(everyResult.size).toBe(page.count);
      const expected = (await referenceIds(String(params.query), everyResult)).slice(start, start + 10);
      expect(page.positions.map((position) => position.id), JSON.stringify(params)).toEqual(expected);
      expect(page.count).toBeGreaterThan(start);
    }
  });
});

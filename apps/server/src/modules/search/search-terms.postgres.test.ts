import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as searchTermsMigration from '../../db/migrations/0004-search-terms';
import { generatePositions, insertPositions } from '../../db/seed/positions';
import { SeededRandom } from '../../db/seed/random';
import { seedForTests, TEST_REFERENCE_DATE } from '../../test/app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/databases';
import { normalizeSearchText, searchTerms, titlePhrase, toTsQuery, toTsTitlePhrase, type SearchTerm } from './fts-query';
import { documentWords, tsvectorLiteral } from './postgres-document';
import { createSearchIndexWriter, VocabularyCounter } from './search-index.writer';
import { ACME, tenantIdOf } from './search.fixtures';
import { createPostgresTextMatcher, intersectIdLists } from './text-match';

describe('id list intersection', () => {
  it('keeps the ids in every list once, ascending, whatever the repeats', () => {
    expect([...intersectIdLists([Int32Array.from([5, 3, 9, 3]), Int32Array.from([9, 1, 3, 3])])]).toEqual([3, 9]);
    expect([...intersectIdLists([Int32Array.from([4, 2, 2])])]).toEqual([2, 4]);
    expect([...intersectIdLists([Int32Array.from([1]), new Int32Array(0)])]).toEqual([]);
    expect([...intersectIdLists([])]).toEqual([]);
  });
});

/**
 * PostgreSQL matches through position_search_terms (migration 0004) instead of the documents: the same
 * ids, title phrases and exact titles as the tsquery over the documents gives, for every kind of term.
 */
const POSTGRES = TEST_DIALECTS.includes('postgres');

describe.runIf(POSTGRES)('PostgreSQL word segments [postgres]', () => {
  let context: TestDatabase;
  let tenantId: string;

  beforeAll(async () => {
    context = await createTestDatabase('postgres');
    await seedForTests(context, 400);
    tenantId = await tenantIdOf(context.database, ACME);
  });
  afterAll(() => context.destroy());

  /** What the documents themselves answer: the GIN tsquery, the title phrase, the stored title. */
  async function fromDocuments(terms: SearchTerm[]) {
    const raw = context.database.db.withoutPlugins();
    const ids = await sql<{ id: number }>`
      select position_id as id from position_search_documents
      where tenant_id = ${tenantId} and document @@ to_tsquery('simple', ${toTsQuery(terms)}) order by position_id`.execute(raw);
    const phrase = await sql<{ id: number }>`
      select position_id as id from position_search_documents
      where tenant_id = ${tenantId} and document @@ to_tsquery('simple', ${toTsQuery(terms)})
        and document @@ to_tsquery('simple', ${toTsTitlePhrase(terms)}) order by position_id`.execute(raw);
    const titles = await sql<{ id: number; title: string }>`select id, title from positions where tenant_id = ${tenantId}`.execute(raw);
    const matched = new Set(ids.rows.map((row) => row.id));
    const exact = titles.rows.filter((row) => matched.has(row.id) && normalizeSearchText(row.title) === titlePhrase(terms)).map((row) => row.id);
    return { ids: ids.rows.map((row) => row.id), phraseIds: phrase.rows.map((row) => row.id), exactIds: exact.sort((a, b) => a - b) };
  }

  async function fromSegments(terms: SearchTerm[]) {
    const found = await createPostgresTextMatcher(context.database.db).match(tenantId, terms);
    return { ids: [...found.ids], phraseIds: [...found.phraseIds], exactIds: [...found.exactIds] };
  }

  const QUERIES: SearchTerm[][] = [
    searchTerms('engineer'),
    searchTerms('engin'),
    searchTerms('robotics'),
    searchTerms('senior software engineer'),
    searchTerms('data scientist'),
    searchTerms('qa'),
    searchTerms('field technician boston'),
    [{ token: 'enginer', prefix: true, variants: ['engineer', 'engines'] }],
    searchTerms('xylophone'),
  ];

  it('matches what the documents match, with the same title tiers', async () => {
    for (const terms of QUERIES) expect(await fromSegments(terms), JSON.stringify(terms)).toEqual(await fromDocuments(terms));
    // The suite is only as good as its queries: they hit matches, phrases and exact titles.
    const all = await Promise.all(QUERIES.map(fromDocuments));
    expect(all.some((found) => found.ids.length > 100)).toBe(true);
    expect(all.some((found) => found.phraseIds.length > 0 && found.phraseIds.length < found.ids.length)).toBe(true);
    expect(all.some((found) => found.exactIds.length > 0)).toBe(true);
  });

  it('writes the documents to_tsvector would write: the same words, positions and weights', async () => {
    const positions = await context.database.db
      .selectFrom('positions')
      .select(['id', 'title', 'skills', 'department', 'description'])
      .where('tenantId', '=', tenantId)
      .orderBy('id')
      .limit(150)
      .execute();
    const samples = [
      ...positions.map((position) => ({
        title: normalizeSearchText(position.title),
        skills: normalizeSearchText((JSON.parse(position.skills) as string[]).join(' ')),
        department: normalizeSearchText(position.department),
        description: normalizeSearchText(position.description),
      })),
      { title: '', skills: '', department: 'sales', description: 'montreal straße 東京 हिन्दी 3d c año' },
      { title: 'data data engineer', skills: 'data', department: '', description: `${'word '.repeat(300)}end` },
      { title: 'x', skills: '', department: '', description: `${'filler '.repeat(17_000)}last words` },
    ];
    const raw = context.database.db.withoutPlugins();
    for (const fields of samples) {
      const { rows } = await sql<{ same: boolean; built: string }>`
        select ${tsvectorLiteral(documentWords(fields))}::tsvector = (setweight(to_tsvector('simple', ${fields.title}), 'A')
          || setweight(to_tsvector('simple', ${`${fields.skills} ${fields.department}`}), 'B')
          || setweight(to_tsvector('simple', ${fields.description}), 'C')) as same, ${tsvectorLiteral(documentWords(fields))}::tsvector::text as built`.execute(raw);
      expect(rows[0]?.same, rows[0]?.built).toBe(true);
    }
  });

  it('builds the same segments from documents written before the migration as the writer appends', async () => {
    const raw = context.database.db.withoutPlugins();
    const words = async () =>
      (
        await sql<{ field: number; lexeme: string; ids: number[] }>`
          select field, lexeme, array_agg(id order by id) as ids
          from position_search_terms, unnest(ids) as id group by field, lexeme order by field, lexeme`.execute(raw)
      ).rows;
    const appended = await words();
    expect(appended.length).toBeGreaterThan(100);
    const migrationDb = raw as unknown as Kysely<unknown>;
    await searchTermsMigration.down(migrationDb, 'postgres');
    await searchTermsMigration.up(migrationDb, 'postgres');
    expect(await words()).toEqual(appended);
  });

  it('rebuilds the segments of positions indexed again, so their old words stop matching', async () => {
    const { db } = context.database;
    const [position] = await db.selectFrom('positions').select(['id', 'tenantId']).where('tenantId', '=', tenantId).orderBy('id').limit(1).execute();
    if (!position) throw new Error('no position');
    const writer = createSearchIndexWriter('postgres');
    await writer.indexPositions(db, [{ id: position.id, tenantId, title: 'Xylophone Tuner', skills: ['Mallets'], department: 'Music', description: 'Tune xylophones.' }]);
    expect((await fromSegments(searchTerms('xylophone'))).ids).toEqual([position.id]);
    expect((await fromSegments(searchTerms('xylophone tuner'))).exactIds).toEqual([position.id]);
    for (const terms of QUERIES.slice(0, 3)) expect(await fromSegments(terms)).toEqual(await fromDocuments(terms));
  });

  it('appends segments for new positions', async () => {
    const { db } = context.database;
    const before = await fromSegments(searchTerms('welder'));
    const generated = [...generatePositions(new SeededRandom(3), { tenantId, companyName: 'Acme', refPrefix: 'PGT', count: 3, referenceDate: TEST_REFERENCE_DATE })];
    await insertPositions(
      { db, searchIndex: createSearchIndexWriter('postgres'), vocabulary: new VocabularyCounter() },
      generated.map((position) => ({ ...position, row: { ...position.row, title: 'Underwater Welder', archivedAt: null } })),
    );
    const after = await fromSegments(searchTerms('welder'));
    expect(after.ids.length).toBe(before.ids.length + 3);
    expect(after).toEqual(await fromDocuments(searchTerms('welder')));
  });
});

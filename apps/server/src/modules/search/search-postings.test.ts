import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as postingsMigration from '../../db/migrations/0006-search-postings';
import { generatePositions, insertPositions } from '../../startup/seed/positions';
import { SeededRandom } from '../../startup/seed/random';
import { seedForTests, TEST_REFERENCE_DATE } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { normalizeSearchText, searchTerms, titlePhrase, withTypoVariants, pickTypoVariants, type SearchTerm } from '../../search-engine/search-terms';
import { idsToBytes, impactsToBytes, PostingsBuilder, quantizeImpact, SEGMENT_MAX_IDS, TermField, termWeight, type NormalisedText } from '../../search-engine/postings';
import { SearchIndexBuilder } from '../../search-engine/search-index';
import { createSearchIndexWriter, VocabularyCounter } from '../../search-engine/search-index.writer';
import { createSearchRepository } from './search.repository';
import { ACME, archivePosition, tenantIdOf } from './search.fixtures';
import { createTextMatcher, describeTerms, inverseDocumentFrequency, matchPostings, type PostingRow, type TextMatchSet } from '../../search-engine/postings-matcher';
import { buildTextMatches } from '../../search-engine/text-matches';

/**
 * The postings matcher (search-engine/postings-matcher.ts over postings.ts) against a brute-force reference that reads the
 * documents themselves: tokenise, score each word from its counts, AND the terms (whole word anywhere,
 * typo variants anywhere, prefixes in title/skills/department), best impact per term, Σ idf × impact,
 * title tiers from the titles. In memory on random corpora, then on both databases through the writer,
 * the seed, appends, re-indexing, archiving and the migration's backfill.
 */

interface ReferenceDocument {
  id: number;
  text: NormalisedText;
}

const split = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** One document's impact per field and word, from its counts (no builder involved). */
function referenceImpacts(text: NormalisedText): Map<number, Map<string, number>> {
  const title = split(text.title);
  const description = split(text.description);
  const counts = new Map<string, { title: number; skills: number; department: number; description: number }>();
  const add = (words: string[], key: 'title' | 'skills' | 'department' | 'description') => {
    for (const word of words) {
      const entry = counts.get(word) ?? { title: 0, skills: 0, department: 0, description: 0 };
      entry[key] += 1;
      counts.set(word, entry);
    }
  };
  add(title, 'title');
  add(split(text.skills), 'skills');
  add(split(text.department), 'department');
  add(description, 'description');
  const fields = new Map<number, Map<string, number>>([
    [TermField.Anywhere, new Map()],
    [TermField.Heading, new Map()],
  ]);
  for (const [word, entry] of counts) {
    fields.get(TermField.Anywhere)?.set(word, quantizeImpact(termWeight(entry, title.length, description.length)));
    if (entry.title + entry.skills + entry.department > 0) {
      fields.get(TermField.Heading)?.set(word, quantizeImpact(termWeight({ ...entry, description: 0 }, title.length, description.length)));
    }
  }
  return fields;
}

interface Expected {
  ids: number[];
  scores: number[];
  phraseIds: number[];
  exactIds: number[];
}

function referenceMatch(documents: readonly ReferenceDocument[], terms: readonly SearchTerm[], collection: number): Expected {
  if (terms.length === 0) return { ids: [], scores: [], phraseIds: [], exactIds: [] };
  const impacts = new Map(documents.map((document) => [document.id, referenceImpacts(document.text)]));
  const best = terms.map((term) => {
    const byId = new Map<number, number>();
    for (const document of documents) {
      const fields = impacts.get(document.id);
      let impact = 0;
      for (const [word, value] of fields?.get(TermField.Anywhere) ?? []) if (word === term.token || term.variants.includes(word)) impact = Math.max(impact, value);
      if (term.prefix) for (const [word, value] of fields?.get(TermField.Heading) ?? []) if (word.startsWith(term.token)) impact = Math.max(impact, value);
      if (impact > 0) byId.set(document.id, impact);
    }
    return byId;
  });
  const phrase = titlePhrase(terms);
  const matched = documents.filter((document) => best.every((byId) => byId.has(document.id))).sort((a, b) => a.id - b.id);
  return {
    ids: matched.map((document) => document.id),
    scores: matched.map((document) => best.reduce((sum, byId) => sum + inverseDocumentFrequency(byId.size, collection) * (byId.get(document.id) ?? 0), 0)),
    phraseIds: matched.filter((document) => ` ${document.text.title} `.includes(` ${phrase} `)).map((document) => document.id),
    exactIds: matched.filter((document) => document.text.title === phrase).map((document) => document.id),
  };
}

function plain(found: TextMatchSet): Expected {
  return { ids: [...found.ids], scores: [...found.scores], phraseIds: [...found.phraseIds], exactIds: [...found.exactIds] };
}

function expectSame(found: TextMatchSet, expected: Expected, label: string): void {
  const actual = plain(found);
  expect({ ...actual, scores: [] }, label).toEqual({ ...expected, scores: [] });
  actual.scores.forEach((score, at) => expect(score, label).toBeCloseTo(expected.scores[at] ?? Number.NaN, 9));
}

/** The rows a corpus's postings become, each word's ids cut into segments at `cuts` (shares of its length). */
function rowsOf(documents: readonly ReferenceDocument[], cuts: readonly number[] = []): PostingRow[] {
  const builder = new PostingsBuilder();
  for (const document of [...documents].sort((a, b) => a.id - b.id)) builder.add(document.id, 't', document.text);
  return builder.takeAll().flatMap((segment) => {
    const points = [...new Set([0, ...cuts.map((share) => Math.floor(share * segment.ids.length)), segment.ids.length])].sort((a, b) => a - b);
    return points.slice(1).flatMap((end, at) => {
      const start = points[at] as number;
      if (end <= start) return [];
      return [{ field: segment.field, word: segment.word, ids: idsToBytes(segment.ids.slice(start, end)), impacts: impactsToBytes(segment.impacts.slice(start, end)) }];
    });
  });
}

const normalised = (title: string, description = '', skills = '', department = ''): NormalisedText => ({
  title: normalizeSearchText(title),
  skills: normalizeSearchText(skills),
  department: normalizeSearchText(department),
  description: normalizeSearchText(description),
});

describe('impacts', () => {
  const weight = (counts: Partial<Record<'title' | 'skills' | 'department' | 'description', number>>, titleWords = 3, descriptionWords = 140) =>
    termWeight({ title: 0, skills: 0, department: 0, description: 0, ...counts }, titleWords, descriptionWords);

  it('weighs a title word above a skill, a department word and a description word', () => {
    expect(weight({ title: 1 })).toBeGreaterThan(weight({ skills: 1 }));
    expect(weight({ skills: 1 })).toBeGreaterThan(weight({ department: 1 }));
    expect(weight({ department: 1 })).toBeGreaterThan(weight({ description: 1 }));
    expect(quantizeImpact(weight({ title: 1 }))).toBeGreaterThan(quantizeImpact(weight({ description: 3 })));
  });

  it('ranks a word in a shorter title above the same word in a longer one, and in a shorter description likewise', () => {
    expect(quantizeImpact(weight({ title: 1 }, 2))).toBeGreaterThan(quantizeImpact(weight({ title: 1 }, 6)));
    expect(quantizeImpact(weight({ description: 1 }, 3, 60))).toBeGreaterThan(quantizeImpact(weight({ description: 1 }, 3, 400)));
  });

  it('grows with the term frequency, saturating below K1 + 1, and fits a byte from 1 to 255', () => {
    fc.assert(
      fc.property(
        fc.record({ title: fc.nat(5), skills: fc.nat(3), department: fc.nat(2), description: fc.nat(40) }),
        fc.constantFrom<'title' | 'skills' | 'department' | 'description'>('title', 'skills', 'department', 'description'),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 2000 }),
        (counts, field, titleWords, descriptionWords) => {
          const before = weight(counts, titleWords, descriptionWords);
          const after = weight({ ...counts, [field]: counts[field] + 1 }, titleWords, descriptionWords);
          expect(after).toBeGreaterThan(before);
          expect(quantizeImpact(after)).toBeGreaterThanOrEqual(quantizeImpact(before));
          expect(after).toBeLessThan(2.2);
          expect(quantizeImpact(after)).toBeGreaterThanOrEqual(1);
          expect(quantizeImpact(after)).toBeLessThanOrEqual(255);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the postings matcher in memory', () => {
  const corpus: ReferenceDocument[] = [
    ['Senior Software Engineer', 'Boston'],
    ['Registered Nurse', 'Montréal night shift'],
    ['Engineering Manager (Robotics)', 'near Chicago'],
    ['Data Scientist', 'NLP & search'],
    ['हिन्दी translator', '日本語 support'],
    ['Marketing Lead', 'Work closely with engineering, and a place where engineers thrive'],
    ['Field Technician', 'Report to the lead engineer on site'],
  ].map(([title = '', description = ''], at) => ({ id: at + 1, text: normalised(title, description) }));
  const rows = rowsOf(corpus);
  const ids = (text: string, found = new Map<string, string[]>()) => [...matchPostings(withTypoVariants(searchTerms(text), found), rows, corpus.length).ids];

  it('finds engineers by prefix, accents by their plain form, and words in any order', () => {
    expect(ids('engin')).toEqual([1, 3]);
    expect(ids('engineer')).toEqual([1, 3, 7]);
    expect(ids('montreal NURSE')).toEqual([2]);
    expect(ids('boston senior')).toEqual([1]);
    expect(ids('NEAR chicago')).toEqual([3]);
    expect(ids('日本語')).toEqual([5]);
  });

  it('matches descriptions by whole words only', () => {
    expect(ids('engineering')).toEqual([3, 6]);
    expect(ids('closel')).toEqual([]);
    expect(ids('closely')).toEqual([6]);
    expect(ids('near')).toEqual([3]);
  });

  it('finds title phrases in order and exact titles', () => {
    const tiers = (text: string) => {
      const found = matchPostings(searchTerms(text), rows, corpus.length);
      return { phrase: [...found.phraseIds], exact: [...found.exactIds] };
    };
    expect(tiers('software engineer')).toEqual({ phrase: [1], exact: [] });
    expect(tiers('senior software engineer')).toEqual({ phrase: [1], exact: [1] });
    expect(tiers('engineer software')).toEqual({ phrase: [], exact: [] });
    expect(tiers('nurse')).toEqual({ phrase: [2], exact: [] });
  });

  it('finds a word with one wrong letter through a variant', () => {
    expect(ids('nurce')).toEqual([]);
    expect(ids('nurce', new Map([['nurce', pickTypoVariants('nurce', [{ term: 'nurse', documents: 1 }])]]))).toEqual([2]);
  });

  it('describes the words each term reaches', () => {
    expect(describeTerms(withTypoVariants(searchTerms('bostn at'), new Map([['bostn', ['boston']]])))).toBe(
      '(bostn | bostn* in title/skills/department | boston) AND at',
    );
  });

  const VOCABULARY = ['eng', 'engine', 'engineer', 'engineers', 'engineering', 'data', 'nurse', 'nurses', 'boston', 'lead', 'senior', 'a', 'of'];
  const text = (max: number) => fc.array(fc.constantFrom(...VOCABULARY), { maxLength: max }).map((words) => words.join(' '));
  const documentArbitrary = fc.record({ title: text(4), skills: text(3), department: text(2), description: text(40), gap: fc.integer({ min: 1, max: 5 }) });
  const termArbitrary = fc.record({
    token: fc.oneof(fc.constantFrom(...VOCABULARY), fc.constantFrom(...VOCABULARY).map((word) => word.slice(0, 3)), fc.constantFrom('xyz', 'bost')),
    prefix: fc.boolean(),
    variants: fc.subarray(VOCABULARY, { maxLength: 2 }),
  });

  it('agrees with the brute-force reference on random corpora, however the ids are cut into segments', () => {
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 60 }),
        fc.uniqueArray(termArbitrary, { minLength: 1, maxLength: 3, selector: (term) => term.token }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 100 }),
        (generated, terms, cuts, extra) => {
          let id = 0;
          const documents = generated.map((document) => {
            id += document.gap;
            return { id, text: { title: document.title, skills: document.skills, department: document.department, description: document.description } };
          });
          const variantsKept = terms.map((term) => ({ ...term, variants: term.variants.filter((variant) => variant !== term.token) }));
          const found = matchPostings(variantsKept, rowsOf(documents, cuts), documents.length + extra);
          expectSame(found, referenceMatch(documents, variantsKept, documents.length + extra), JSON.stringify(variantsKept));
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** Every query kind: head terms, prefixes, phrases, exact titles, typo variants, nothing. */
const QUERIES: SearchTerm[][] = [
  searchTerms('engineer'),
  searchTerms('engin'),
  searchTerms('robotics'),
  searchTerms('senior software engineer'),
  searchTerms('software engineer'),
  searchTerms('data scientist'),
  searchTerms('qa'),
  searchTerms('field technician boston'),
  [{ token: 'enginer', prefix: true, variants: ['engineer', 'engines'] }],
  searchTerms('xylophone'),
];

forEachDatabase('search postings', (context) => {
  let tenantId: string;

  beforeAll(async () => {
    await seedForTests(context(), 300);
    tenantId = await tenantIdOf(context().database, ACME);
  });

  async function storedDocuments(): Promise<ReferenceDocument[]> {
    const rows = await context().database.db.selectFrom('positions').select(['id', 'title', 'skills', 'department', 'description']).where('tenantId', '=', tenantId).orderBy('id').execute();
    return rows.map((row) => ({ id: row.id, text: normalised(row.title, row.description, (JSON.parse(row.skills) as string[]).join(' '), row.department) }));
  }

  async function expectReference(queries: SearchTerm[][] = QUERIES): Promise<Expected[]> {
    const documents = await storedDocuments();
    const matcher = createTextMatcher(context().database.db, context().dialect);
    const all: Expected[] = [];
    for (const terms of queries) {
      const expected = referenceMatch(documents, terms, 250);
      expectSame(await matcher.match(tenantId, terms, 250), expected, JSON.stringify(terms));
      all.push(expected);
    }
    return all;
  }

  /** Each word's ids and impacts across its segments (hex), however they are cut. */
  async function postingsByWord(): Promise<string[]> {
    const raw = context().database.db.withoutPlugins();
    const { rows } = await sql<{ field: number; word: string; ids: Uint8Array; impacts: Uint8Array }>`
      select field, word, ids, impacts from position_search_terms where tenant_id = ${tenantId} order by field, word, last_id`.execute(raw);
    const merged = new Map<string, string>();
    for (const row of rows) {
      const key = `${row.field} ${row.word}`;
      merged.set(key, `${merged.get(key) ?? ''}${Buffer.from(row.ids).toString('hex')}:${Buffer.from(row.impacts).toString('hex')};`);
    }
    return [...merged].map(([key, value]) => `${key}=${value}`);
  }

  it('matches and scores what the reference reads from the documents, with the same title tiers', async () => {
    const all = await expectReference();
    // The suite is only as good as its queries: they hit many matches, phrases and exact titles.
    expect(all.some((found) => found.ids.length > 100)).toBe(true);
    expect(all.some((found) => found.phraseIds.length > 0 && found.phraseIds.length < found.ids.length)).toBe(true);
    expect(all.some((found) => found.exactIds.length > 0)).toBe(true);
  });

  it('agrees with the reference on random queries over the stored vocabulary', async () => {
    const documents = await storedDocuments();
    const vocabulary = [...new Set(documents.flatMap((document) => [...split(document.text.title), ...split(document.text.skills), ...split(document.text.description).slice(0, 20)]))];
    const matcher = createTextMatcher(context().database.db, context().dialect);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            token: fc.oneof(fc.constantFrom(...vocabulary), fc.constantFrom(...vocabulary).map((word) => word.slice(0, 4))),
            prefix: fc.boolean(),
            variants: fc.subarray(vocabulary.slice(0, 30), { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 3, selector: (term) => term.token },
        ),
        async (generated) => {
          const terms = generated.map((term) => ({ ...term, variants: term.variants.filter((variant) => variant !== term.token) }));
          expectSame(await matcher.match(tenantId, terms, 300), referenceMatch(documents, terms, 300), JSON.stringify(terms));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('backfills in migration 0006 exactly the postings the seed wrote', async () => {
    const written = await postingsByWord();
    expect(written.length).toBeGreaterThan(100);
    const raw = context().database.db.withoutPlugins() as unknown as Kysely<unknown>;
    await postingsMigration.down(raw, context().dialect);
    await postingsMigration.up(raw, context().dialect);
    expect(await postingsByWord()).toEqual(written);
  });

  it('appends new positions to the last segments', async () => {
    const { db } = context().database;
    const before = (await createTextMatcher(db, context().dialect).match(tenantId, searchTerms('welder'), 250)).ids.length;
    const generated = [...generatePositions(new SeededRandom(3), { tenantId, companyName: 'Acme', refPrefix: 'PST', count: 3, referenceDate: TEST_REFERENCE_DATE })];
    await insertPositions(
      { db, searchIndex: createSearchIndexWriter(context().dialect), vocabulary: new VocabularyCounter() },
      generated.map((position) => ({ ...position, row: { ...position.row, title: 'Underwater Welder', archivedAt: null } })),
    );
    const [welders] = await expectReference([searchTerms('welder'), ...QUERIES]);
    expect(welders?.ids.length).toBe(before + 3);
    const raw = db.withoutPlugins();
    // Appended, not a segment per write: one row per word and field while under SEGMENT_MAX_IDS.
    const { rows } = await sql<{ segments: number }>`
      select count(*) as segments from position_search_terms where tenant_id = ${tenantId} and field = ${TermField.Anywhere} and word = 'welder'`.execute(raw);
    expect(Number(rows[0]?.segments)).toBe(1);
  });

  it('rebuilds the postings of positions indexed again, so their old words stop matching', async () => {
    const { db } = context().database;
    const [position] = await db.selectFrom('positions').select(['id']).where('tenantId', '=', tenantId).orderBy('id').limit(1).execute();
    if (!position) throw new Error('no position');
    const changed = { title: 'Xylophone Tuner', skills: ['Mallets'], department: 'Music', description: 'Tune xylophones.' };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('positions')
        .set({ title: changed.title, skills: JSON.stringify(changed.skills), department: changed.department, description: changed.description })
        .where('id', '=', position.id)
        .execute();
      await createSearchIndexWriter(context().dialect).indexPositions(trx, [{ id: position.id, tenantId, ...changed }]);
    });
    const matcher = createTextMatcher(db, context().dialect);
    expect([...(await matcher.match(tenantId, searchTerms('xylophone'), 250)).ids]).toEqual([position.id]);
    expect([...(await matcher.match(tenantId, searchTerms('xylophone tuner'), 250)).exactIds]).toEqual([position.id]);
    await expectReference();
  });

  it('still lists archived positions, which the tenant’s search index then leaves out', async () => {
    const { database } = context();
    const matcher = createTextMatcher(database.db, database.dialect);
    const [first] = (await matcher.match(tenantId, searchTerms('robotics'), 250)).ids;
    if (first === undefined) throw new Error('no robotics match');
    await archivePosition(database, ACME, first);
    const found = await matcher.match(tenantId, searchTerms('robotics'), 250);
    expect(found.ids).toContain(first);
    const builder = new SearchIndexBuilder('v');
    await createSearchRepository(database.db, database.dialect).loadIndexRows(tenantId, builder);
    const index = builder.build();
    const matches = buildTextMatches(index, found);
    expect([...matches.positions].map((position) => index.ids[position])).not.toContain(first);
    expect(matches.foreign).toBeGreaterThanOrEqual(1);
  });

  it('fills a word’s last segment up to SEGMENT_MAX_IDS and then starts another, and reads across them', async () => {
    const { db } = context().database;
    const writer = createSearchIndexWriter(context().dialect);
    const segment = (from: number, count: number) => ({
      tenantId,
      field: TermField.Anywhere,
      word: 'zzsegmented',
      ids: Int32Array.from({ length: count }, (_, at) => from + at),
      impacts: Uint8Array.from({ length: count }, (_, at) => 1 + (at % 200)),
    });
    const base = 10_000_000;
    await db.transaction().execute((trx) => writer.writePostings(trx, [segment(base, SEGMENT_MAX_IDS - 100)]));
    await db.transaction().execute((trx) => writer.writePostings(trx, [segment(base + SEGMENT_MAX_IDS - 100, 300)]));
    const raw = db.withoutPlugins();
    const { rows } = await sql<{ lastid: number; ids: Uint8Array }>`
      select last_id as lastid, ids from position_search_terms where tenant_id = ${tenantId} and word = 'zzsegmented' order by last_id`.execute(raw);
    expect(rows.map((row) => [Number(row.lastid), row.ids.byteLength / 4])).toEqual([
      [base + SEGMENT_MAX_IDS - 1, SEGMENT_MAX_IDS],
      [base + SEGMENT_MAX_IDS + 199, 200],
    ]);
    const found = await createTextMatcher(db, context().dialect).match(tenantId, searchTerms('zzsegmented'), 250);
    expect(found.ids.length).toBe(SEGMENT_MAX_IDS + 200);
    expect(found.ids[0]).toBe(base);
    expect(found.ids[found.ids.length - 1]).toBe(base + SEGMENT_MAX_IDS + 199);
    const idf = inverseDocumentFrequency(SEGMENT_MAX_IDS + 200, 250);
    // The first id of the new segment was the 101st of the second write: impact 1 + 100.
    expect(found.scores[SEGMENT_MAX_IDS]).toBeCloseTo(idf * 101, 9);
    // Appending below a word's stored ids would break their order: refused.
    await expect(db.transaction().execute((trx) => writer.writePostings(trx, [segment(base, 1)]))).rejects.toThrow();
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePositions, insertPositions } from '../../startup/seed/positions';
import { SeededRandom } from '../../startup/seed/random';
import { createTestApp, seedForTests, TEST_REFERENCE_DATE } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createSearchIndexWriter, VocabularyCounter } from '../../search-engine/search-index.writer';
import { ACME, search, tenantIdOf } from './search.fixtures';

/**
 * Relevance on real engines (issue 3 "title heaviest"): prefixes reach titles, skills and departments
 * only — stock description sentences ("work closely with engineering …") must not make every posting
 * an "engineer" — and an exact title ranks first.
 */

const ROLES = [
  { ref: 'exact', title: 'Software Engineer', department: 'Engineering', description: 'Build our product.' },
  {
    ref: 'robotics',
    title: 'Robotics Software Engineer',
    department: 'Hardware',
    description: 'Software engineers write software with engineering teams: software, software, engineer, engineer.',
  },
  { ref: 'junior', title: 'Junior Software Engineer', department: 'Engineering', description: 'A software engineer who learns software from engineers.' },
  {
    ref: 'marketing',
    title: 'Marketing Lead',
    department: 'Marketing',
    description: 'Work closely with engineering, manufacturing and customer teams, in a place where engineers and technicians thrive.',
  },
  { ref: 'technician', title: 'Field Technician', department: 'Quality', description: 'Report to the lead engineer on site.' },
];

forEachDatabase('search relevance', (context) => {
  let app: FastifyInstance;
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    await seedForTests(context(), 5);
    const { database } = context();
    const tenantId = await tenantIdOf(database, ACME);
    const template = [...generatePositions(new SeededRandom(7), { tenantId, companyName: 'Acme', refPrefix: 'REL', count: ROLES.length, referenceDate: TEST_REFERENCE_DATE })];
    const searchIndex = createSearchIndexWriter(database.dialect);
    const vocabulary = new VocabularyCounter();
    await insertPositions(
      { db: database.db, searchIndex, vocabulary },
      ROLES.map((role, at) => {
        const generated = template[at];
        if (!generated) throw new Error('missing template position');
        return {
          ...generated,
          skills: ['Communication'],
          row: { ...generated.row, externalRef: `REL-${role.ref}`, title: role.title, department: role.department, description: role.description, skills: '["Communication"]', archivedAt: null },
        };
      }),
    );
    await searchIndex.bumpVersion(database.db, tenantId, TEST_REFERENCE_DATE);
    const rows = await database.db.selectFrom('positions').select(['id', 'externalRef']).where('externalRef', 'like', 'REL-%').execute();
    for (const row of rows) idOf.set(row.externalRef.slice('REL-'.length), row.id);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  /** Every result id of a query, in order, across pages. */
  async function allIds(query: string): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; ; start += 10) {
      const response = await search(app, { query, start: String(start) });
      ids.push(...response.positions.map((position) => position.id));
      if (!response.resultsMetaData.hasMore) return ids;
    }
  }
  const id = (ref: string): number => idOf.get(ref) ?? -1;

  describe('prefixes', () => {
    it('does not find "engineer" in descriptions that only say engineering or engineers', async () => {
      const ids = await allIds('engineer');
      expect(ids).toEqual(expect.arrayContaining([id('exact'), id('robotics'), id('junior'), id('technician')]));
      expect(ids).not.toContain(id('marketing'));
    });

    it('still finds engineers by a prefix of their title, not by description words', async () => {
      const ids = await allIds('engin');
      expect(ids).toEqual(expect.arrayContaining([id('exact'), id('robotics'), id('junior')]));
      expect(ids).not.toContain(id('marketing'));
      expect(ids).not.toContain(id('technician'));
    });

    it('finds whole description words', async () => {
      expect(await allIds('technicians')).toContain(id('marketing'));
    });
  });

  describe('ranking', () => {
    it('puts the exact title first, then titles holding the phrase', async () => {
      const ids = await allIds('software engineer');
      expect(ids[0]).toBe(id('exact'));
      expect(new Set(ids.slice(1, 3))).toEqual(new Set([id('robotics'), id('junior')]));
    });

    it('matches the exact title whatever its case and punctuation', async () => {
      expect((await allIds('SOFTWARE—engineer'))[0]).toBe(id('exact'));
    });
  });
});

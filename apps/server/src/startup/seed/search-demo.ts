import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { SeededRandom } from './random';

/**
 * The demo candidates' search data (issue 3 "Data"): profiles that match_details compares, saved jobs
 * (Ada: six, one of them since archived, so the saved-jobs page shows a closed job) and job carts
 * (Ada: three). Drawn from the seeded generator after the positions, so reseeds give the same rows.
 */

export interface DemoSearchProfile {
  email: string;
  title: string;
  skills: string[];
  savedOpen: number;
  savedArchived: number;
  cart: number;
}

export const DEMO_SEARCH_PROFILES: readonly DemoSearchProfile[] = [
  {
    email: 'ada@acme.example',
    title: 'Robotics Software Engineer',
    skills: ['Python', 'C++', 'ROS 2', 'Linux', 'OpenCV', 'SLAM', 'Statistics'],
    savedOpen: 5,
    savedArchived: 1,
    cart: 3,
  },
  {
    email: 'grace@acme.example',
    title: 'Technical Program Manager',
    skills: ['Agile', 'Roadmapping', 'Stakeholder management', 'SQL', 'Go'],
    savedOpen: 2,
    savedArchived: 0,
    cart: 1,
  },
  {
    email: 'hank@globex.example',
    title: 'Field Service Engineer',
    skills: ['Troubleshooting', 'PLC programming', 'Robot commissioning'],
    savedOpen: 1,
    savedArchived: 0,
    cart: 1,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Picks come from the tenant's first positions: enough to choose from, cheap at any seed size. */
const POOL = 300;

export async function seedSearchDemo(db: Kysely<DatabaseSchema>, random: SeededRandom, referenceDate: Date): Promise<void> {
  for (const profile of DEMO_SEARCH_PROFILES) {
    const candidate = await db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', profile.email).executeTakeFirst();
    if (!candidate) throw new Error(`Demo candidate ${profile.email} is missing`);
    const { id: candidateId, tenantId } = candidate;

    await db
      .insertInto('candidateProfiles')
      .values({ candidateId, tenantId, headline: profile.title, skills: JSON.stringify(profile.skills), updatedAt: referenceDate.toISOString() })
      .execute();

    const pool = await db
      .selectFrom('positions')
      .select(['id', 'archivedAt'])
      .where('tenantId', '=', tenantId)
      .orderBy('id')
      .limit(POOL)
      .execute();
    const open = pool.filter((row) => row.archivedAt === null).map((row) => row.id);
    const archived = pool.filter((row) => row.archivedAt !== null).map((row) => row.id);
    const saved = [...random.sample(open, profile.savedOpen), ...random.sample(archived, profile.savedArchived)];
    const cart = random.sample(open.filter((id) => !saved.includes(id)), profile.cart);

    const at = (index: number) => new Date(referenceDate.getTime() - (index + 1) * DAY_MS).toISOString();
    if (saved.length > 0) {
      await db
        .insertInto('savedPositions')
        .values(saved.map((positionId, index) => ({ tenantId, candidateId, positionId, createdAt: at(index) })))
        .execute();
    }
    if (cart.length > 0) {
      await db
        .insertInto('jobCartItems')
        .values(cart.map((positionId, index) => ({ tenantId, candidateId, positionId, createdAt: at(index) })))
        .execute();
    }
  }
}

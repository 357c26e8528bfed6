import type { Kysely, Selectable } from 'kysely';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { CandidatesTable, DatabaseSchema } from '../../db/schema';
import type { Candidate } from '../../kernel/session';

export type { Candidate };

export interface CandidateWithCredentials {
  candidate: Candidate;
  passwordHash: string;
}

/** What a sign-up inserts: the candidate as stored, less the update stamp, plus the password hash. */
export type NewCandidate = Omit<Candidate, 'updatedAt'> & { passwordHash: string };

export interface CandidatesRepository {
  findByEmail(tenantId: string, email: string): Promise<CandidateWithCredentials | null>;
  findCredentials(tenantId: string, id: string): Promise<CandidateWithCredentials | null>;
  /**
   * In a transaction: the stored password hash, with the candidate's row held until the transaction ends, so
   * a sign-in or a password change acts on the hash it checked and not on one another change is replacing.
   */
  lockCredentials(tenantId: string, id: string): Promise<string | null>;
  /** Inserts unless the email is taken in the tenant; returns null when it was. */
  insertIfAbsent(candidate: NewCandidate): Promise<Candidate | null>;
  updatePasswordHash(tenantId: string, id: string, passwordHash: string, updatedAt: string): Promise<void>;
}

export const candidateColumns = [
  'id',
  'tenantId',
  'email',
  'firstName',
  'lastName',
  'location',
  'avatarPath',
  'isAdmin',
  'isThemeBuilderUser',
  'isOnboarded',
  'isBootstrapped',
  'createdAt',
  'updatedAt',
] as const;

type CandidateSelection = Pick<Selectable<CandidatesTable>, (typeof candidateColumns)[number]>;

export function toCandidate(row: CandidateSelection): Candidate {
  return {
    ...row,
    isAdmin: row.isAdmin === 1,
    isThemeBuilderUser: row.isThemeBuilderUser === 1,
    isOnboarded: row.isOnboarded === 1,
    isBootstrapped: row.isBootstrapped === 1,
  };
}

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

export function createCandidatesRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): CandidatesRepository {
  return {
    async findByEmail(tenantId, email) {
      const row = await db
        .selectFrom('candidates')
        .select([...candidateColumns, 'passwordHash'])
        .where('tenantId', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row ? { candidate: toCandidate(row), passwordHash: row.passwordHash } : null;
    },

    async findCredentials(tenantId, id) {
      const row = await db
        .selectFrom('candidates')
        .select([...candidateColumns, 'passwordHash'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { candidate: toCandidate(row), passwordHash: row.passwordHash } : null;
    },

    async lockCredentials(tenantId, id) {
      await lockCandidate(db, dialect, tenantId, id);
      const row = await db.selectFrom('candidates').select('passwordHash').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row?.passwordHash ?? null;
    },

    async insertIfAbsent(candidate) {
      const row = await db
        .insertInto('candidates')
        .values({
          ...candidate,
          isAdmin: bit(candidate.isAdmin),
          isThemeBuilderUser: bit(candidate.isThemeBuilderUser),
          isOnboarded: bit(candidate.isOnboarded),
          isBootstrapped: bit(candidate.isBootstrapped),
          updatedAt: candidate.createdAt,
        })
        .onConflict((conflict) => conflict.columns(['tenantId', 'email']).doNothing())
        .returning(candidateColumns)
        .executeTakeFirst();
      return row ? toCandidate(row) : null;
    },

    async updatePasswordHash(tenantId, id, passwordHash, updatedAt) {
      await db
        .updateTable('candidates')
        .set({ passwordHash, updatedAt })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
}

import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { candidateColumns, toCandidate, type Candidate } from '../auth/candidates.repository';

export interface BootstrapFields {
  firstName: string;
  lastName: string;
  location: string | null;
}

export interface OnboardingRepository {
  markOnboarded(tenantId: string, candidateId: string, at: string): Promise<Candidate | null>;
  /** Sets is_bootstrapped, and the profile fields when given. */
  markBootstrapped(
    tenantId: string,
    candidateId: string,
    fields: BootstrapFields | null,
    at: string,
  ): Promise<Candidate | null>;
}

export function createOnboardingRepository(db: Kysely<DatabaseSchema>): OnboardingRepository {
  return {
    async markOnboarded(tenantId, candidateId, at) {
      const row = await db
        .updateTable('candidates')
        .set({ isOnboarded: 1, updatedAt: at })
        .where('tenantId', '=', tenantId)
        .where('id', '=', candidateId)
        .returning(candidateColumns)
        .executeTakeFirst();
      return row ? toCandidate(row) : null;
    },

    async markBootstrapped(tenantId, candidateId, fields, at) {
      const row = await db
        .updateTable('candidates')
        .set({ ...(fields ?? {}), isBootstrapped: 1, updatedAt: at })
        .where('tenantId', '=', tenantId)
        .where('id', '=', candidateId)
        .returning(candidateColumns)
        .executeTakeFirst();
      return row ? toCandidate(row) : null;
    },
  };
}

import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** password_reset_tokens by hash; every lookup also by tenant, so another site's token finds nothing. */
export interface PasswordResetRepository {
  insert(token: { tokenHash: string; tenantId: string; candidateId: string; createdAt: string; expiresAt: string }): Promise<void>;
  countSince(tenantId: string, candidateId: string, since: string): Promise<number>;
  /**
   * Uses the token up if it is the tenant's, unused and unexpired at `now` — one statement, so two
   * simultaneous resets with one token cannot both pass. Returns its candidate, or null.
   */
  consume(tenantId: string, tokenHash: string, now: string): Promise<string | null>;
  /** Every other outstanding token of the candidate is used up too (a reset ends all reset links). */
  consumeAllFor(tenantId: string, candidateId: string, now: string): Promise<void>;
}

export function createPasswordResetRepository(db: Kysely<DatabaseSchema>): PasswordResetRepository {
  return {
    async insert(token) {
      await db.insertInto('passwordResetTokens').values({ ...token, usedAt: null }).execute();
    },

    async countSince(tenantId, candidateId, since) {
      const row = await db
        .selectFrom('passwordResetTokens')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async consume(tenantId, tokenHash, now) {
      const row = await db
        .updateTable('passwordResetTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('tenantId', '=', tenantId)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('candidateId')
        .executeTakeFirst();
      return row?.candidateId ?? null;
    },

    async consumeAllFor(tenantId, candidateId, now) {
      await db.updateTable('passwordResetTokens').set({ usedAt: now }).where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('usedAt', 'is', null).execute();
    },
  };
}

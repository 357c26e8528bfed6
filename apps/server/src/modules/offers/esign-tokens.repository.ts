import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, EsignTokensTable } from '../../db/schema';

/**
 * The e-sign links' tokens (esign_tokens; esign-tokens.service.ts). Part of OffersRepository
 * (offers.repository.ts): a token is spent in the signing transaction.
 */

/** An esign_tokens row as stored. */
export type EsignTokenRecord = Selectable<EsignTokensTable>;

const tokenColumns = ['tokenHash', 'tenantId', 'candidateId', 'offerId', 'documentId', 'sessionHash', 'createdAt', 'expiresAt', 'usedAt'] as const;

export interface EsignTokenQueries {
  insertEsignToken(token: EsignTokenRecord): Promise<void>;
  findEsignToken(tokenHash: string): Promise<EsignTokenRecord | null>;
  /** Spends an unused token; 0 when it was already used (a replay or a race). */
  useEsignToken(tokenHash: string, usedAt: string): Promise<number>;
}

export function createEsignTokenQueries(db: Kysely<DatabaseSchema>): EsignTokenQueries {
  return {
    async insertEsignToken(token) {
      await db.insertInto('esignTokens').values(token).execute();
    },

    async findEsignToken(tokenHash) {
      return (await db.selectFrom('esignTokens').select(tokenColumns).where('tokenHash', '=', tokenHash).executeTakeFirst()) ?? null;
    },

    async useEsignToken(tokenHash, usedAt) {
      const result = await db
        .updateTable('esignTokens')
        .set({ usedAt })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

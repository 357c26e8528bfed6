import type { Kysely } from 'kysely';
import type { Dialect } from './database';
import type { DatabaseSchema } from './schema';

/**
 * Holds the candidate's row until the transaction ends, so writes checked against a count of the candidate's
 * rows (the saved-jobs and job-cart caps) run one after another. Under PostgreSQL's read committed two of
 * them could each count room for one more and both insert; SQLite runs its transactions one at a time.
 * `for no key update`: rows that merely reference the candidate (a new session, a saved job) are not held up.
 */
export async function lockCandidate(trx: Kysely<DatabaseSchema>, dialect: Dialect, tenantId: string, candidateId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('candidates').select('id').where('tenantId', '=', tenantId).where('id', '=', candidateId).forNoKeyUpdate().executeTakeFirst();
}

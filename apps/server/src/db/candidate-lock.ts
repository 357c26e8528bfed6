import type { Kysely } from 'kysely';
import type { Dialect } from './database';
import type { DatabaseSchema } from './schema';

/**
 * Holds the candidate's row until the transaction ends, so the candidate's writes that decide on what they
 * read run one after another: the saved-jobs and job-cart caps (a count of rows), a sign-in and a password
 * change (the password hash). Under PostgreSQL's read committed two of them could each read the state before
 * the other's write and both go ahead; SQLite runs its transactions one at a time. `for no key update`: rows
 * that merely reference the candidate (a new session, a saved job) are not held up, but a password update is.
 */
export async function lockCandidate(trx: Kysely<DatabaseSchema>, dialect: Dialect, tenantId: string, candidateId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('candidates').select('id').where('tenantId', '=', tenantId).where('id', '=', candidateId).forNoKeyUpdate().executeTakeFirst();
}

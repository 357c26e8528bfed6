import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** Whom the company means: a candidate of the tenant by id or by sign-in email (issue 10's employer calls). */
export type CandidateRef = { id: string } | { email: string };

/** The tenant's candidate (by id, or email case-insensitively); null for another tenant's or nobody (a 404). */
export async function findCandidateByRef(db: Kysely<DatabaseSchema>, tenantId: string, ref: CandidateRef): Promise<{ id: string; email: string } | null> {
  const query = db.selectFrom('candidates').select(['id', 'email']).where('tenantId', '=', tenantId);
  const row = await ('id' in ref ? query.where('id', '=', ref.id) : query.where('email', '=', ref.email.trim().toLowerCase())).executeTakeFirst();
  return row ?? null;
}

import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface HealthRepository {
  ping(): Promise<void>;
}

export function createHealthRepository(db: Kysely<DatabaseSchema>): HealthRepository {
  return {
    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}

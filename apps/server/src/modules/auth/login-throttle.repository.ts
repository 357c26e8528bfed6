import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface LoginThrottleState {
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

export interface LoginThrottleRepository {
  find(tenantId: string, email: string): Promise<LoginThrottleState | null>;
  /**
   * Counts one failure atomically and returns the count. A window that began before `windowStartedBefore`
   * restarts at 1, so old failures do not add up forever.
   */
  recordFailure(tenantId: string, email: string, now: string, windowStartedBefore: string): Promise<number>;
  block(tenantId: string, email: string, until: string, now: string): Promise<void>;
  clear(tenantId: string, email: string): Promise<void>;
}

export function createLoginThrottleRepository(db: Kysely<DatabaseSchema>): LoginThrottleRepository {
  return {
    async find(tenantId, email) {
      const row = await db
        .selectFrom('loginThrottle')
        .select(['failures', 'windowStartedAt', 'blockedUntil'])
        .where('tenantId', '=', tenantId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row ?? null;
    },

    async recordFailure(tenantId, email, now, windowStartedBefore) {
      const row = await db
        .insertInto('loginThrottle')
        .values({ tenantId, email, failures: 1, windowStartedAt: now, blockedUntil: null })
        .onConflict((conflict) =>
          conflict.columns(['tenantId', 'email']).doUpdateSet((eb) => {
            const isStale = eb('loginThrottle.windowStartedAt', '<', windowStartedBefore);
            return {
              failures: eb.case().when(isStale).then(1).else(eb('loginThrottle.failures', '+', 1)).end(),
              windowStartedAt: eb
                .case()
                .when(isStale)
                .then(eb.ref('excluded.windowStartedAt'))
                .else(eb.ref('loginThrottle.windowStartedAt'))
                .end(),
            };
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return row.failures;
    },

    async block(tenantId, email, until, now) {
      await db
        .updateTable('loginThrottle')
        .set({ blockedUntil: until, failures: 0, windowStartedAt: now })
        .where('tenantId', '=', tenantId)
        .where('email', '=', email)
        .execute();
    },

    async clear(tenantId, email) {
      await db.deleteFrom('loginThrottle').where('tenantId', '=', tenantId).where('email', '=', email).execute();
    },
  };
}

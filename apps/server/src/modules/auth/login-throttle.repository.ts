import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface LoginThrottleState {
  failures: number;
  windowStartedAt: string;
  blockedUntil: string | null;
}

/**
 * One row per throttle key (login-throttle.ts): the `email` column holds the key, an account's email for the
 * account's own count, or a key naming an address, or an address and an account together.
 */
export interface LoginThrottleRepository {
  find(tenantId: string, email: string): Promise<LoginThrottleState | null>;
  /** The rows of several keys at once (one query per sign-in). */
  findMany(tenantId: string, keys: readonly string[]): Promise<Map<string, LoginThrottleState>>;
  /**
   * Counts one failure atomically and returns the count. A window that began before `windowStartedBefore`
   * restarts at 1, so old failures do not add up forever.
   */
  recordFailure(tenantId: string, email: string, now: string, windowStartedBefore: string): Promise<number>;
  block(tenantId: string, email: string, until: string, now: string): Promise<void>;
  /** Refuses the key until `until`, keeping its count (growing delays count on). */
  delay(tenantId: string, key: string, until: string): Promise<void>;
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

    async findMany(tenantId, keys) {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('loginThrottle')
        .select(['email', 'failures', 'windowStartedAt', 'blockedUntil'])
        .where('tenantId', '=', tenantId)
        .where('email', 'in', [...keys])
        .execute();
      return new Map(rows.map(({ email, ...state }) => [email, state]));
    },

    async delay(tenantId, key, until) {
      await db.updateTable('loginThrottle').set({ blockedUntil: until }).where('tenantId', '=', tenantId).where('email', '=', key).execute();
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

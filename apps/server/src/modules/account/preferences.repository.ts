import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface StoredPreferences {
  locale: string | null;
  timeZone: string | null;
  emailNotifications: boolean;
  inAppNotifications: boolean;
}

export interface PreferencesRepository {
  /** The candidate's preferences (defaults where nothing was saved), or null when the tenant has no such candidate. */
  find(tenantId: string, candidateId: string): Promise<StoredPreferences | null>;
  /** Writes all four in the caller's transaction; false when the tenant has no such candidate. */
  save(tenantId: string, candidateId: string, preferences: StoredPreferences, now: string): Promise<boolean>;
}

export function createPreferencesRepository(db: Kysely<DatabaseSchema>): PreferencesRepository {
  return {
    async find(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidates')
        .leftJoin('candidatePreferences as preferences', 'preferences.candidateId', 'candidates.id')
        .select(['candidates.emailNotifications', 'preferences.locale', 'preferences.timeZone', 'preferences.inAppNotifications'])
        .where('candidates.tenantId', '=', tenantId)
        .where('candidates.id', '=', candidateId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        locale: row.locale ?? null,
        timeZone: row.timeZone ?? null,
        emailNotifications: row.emailNotifications === 1,
        inAppNotifications: row.inAppNotifications !== 0,
      };
    },

    async save(tenantId, candidateId, preferences, now) {
      const updated = await db
        .updateTable('candidates')
        .set({ emailNotifications: preferences.emailNotifications ? 1 : 0 })
        .where('tenantId', '=', tenantId)
        .where('id', '=', candidateId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      const values = {
        locale: preferences.locale,
        timeZone: preferences.timeZone,
        inAppNotifications: preferences.inAppNotifications ? 1 : 0,
        updatedAt: now,
      } as const;
      await db
        .insertInto('candidatePreferences')
        .values({ candidateId, tenantId, ...values })
        .onConflict((conflict) => conflict.column('candidateId').doUpdateSet(values))
        .execute();
      return true;
    },
  };
}

import type { NotificationType } from '@careers/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, NotificationsTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationsTable>;

/** notifications, always by tenant AND candidate (DESIGN "Tenancy"): another candidate's id finds nothing. */
export interface NotificationsRepository {
  /** Newest first, at most `limit`. */
  list(tenantId: string, candidateId: string, options: { type?: NotificationType; limit: number }): Promise<NotificationRow[]>;
  find(tenantId: string, candidateId: string, id: string): Promise<NotificationRow | null>;
  countUnviewed(tenantId: string, candidateId: string): Promise<number>;
  markAllViewed(tenantId: string, candidateId: string): Promise<void>;
  /** Whether the candidate has that notification (now clicked). */
  markClicked(tenantId: string, candidateId: string, id: string): Promise<boolean>;
  markAllClicked(tenantId: string, candidateId: string): Promise<void>;
}

export function createNotificationsRepository(db: Kysely<DatabaseSchema>): NotificationsRepository {
  const mine = (tenantId: string, candidateId: string) =>
    db.selectFrom('notifications').selectAll().where('tenantId', '=', tenantId).where('candidateId', '=', candidateId);
  return {
    async list(tenantId, candidateId, { type, limit }) {
      let query = mine(tenantId, candidateId);
      if (type) query = query.where('notificationType', '=', type);
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async find(tenantId, candidateId, id) {
      return (await mine(tenantId, candidateId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async countUnviewed(tenantId, candidateId) {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('isViewed', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async markAllViewed(tenantId, candidateId) {
      await db.updateTable('notifications').set({ isViewed: 1 }).where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('isViewed', '=', 0).execute();
    },

    async markClicked(tenantId, candidateId, id) {
      const result = await db
        .updateTable('notifications')
        .set({ isClicked: 1 })
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markAllClicked(tenantId, candidateId) {
      await db.updateTable('notifications').set({ isClicked: 1 }).where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('isClicked', '=', 0).execute();
    },
  };
}

import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, GuestAlertsTable } from '../../db/schema';

export type GuestAlertRow = Selectable<GuestAlertsTable>;

/** guest_alerts, always by tenant (DESIGN "Tenancy"): a token or id of another tenant finds nothing. */
export interface GuestAlertsRepository {
  /**
   * Inside a transaction: holds the address (tenant and normalized email) until it ends, so subscribes to one
   * address run one after another and the per-address cap (a count, then an insert) holds when they race.
   * PostgreSQL: a transaction-level advisory lock on the address (there is no row of its own to lock, and
   * read committed lets two transactions count the same rows); SQLite runs its transactions one at a time.
   */
  lockAddress(tenantId: string, email: string): Promise<void>;
  /** The address's pending (created after `pendingSince`) and confirmed alerts. */
  active(tenantId: string, email: string, pendingSince: string): Promise<GuestAlertRow[]>;
  insert(row: GuestAlertRow): Promise<void>;
  /** A pending alert's new confirmation token (a second subscribe to the same search re-sends the email). */
  renewToken(tenantId: string, id: string, tokenHash: string, at: string): Promise<void>;
  findByToken(tenantId: string, tokenHash: string): Promise<GuestAlertRow | null>;
  /** Pending and not expired → confirmed (alerts start now). Whether it changed. */
  confirm(tenantId: string, tokenHash: string, pendingSince: string, at: string): Promise<boolean>;
}

export function createGuestAlertsRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): GuestAlertsRepository {
  return {
    async lockAddress(tenantId, email) {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`guest_alerts:${tenantId}:${email}`}))`.execute(db);
    },

    active: (tenantId, email, pendingSince) =>
      db
        .selectFrom('guestAlerts')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('email', '=', email)
        .where((eb) => eb.or([eb('status', '=', 'confirmed'), eb.and([eb('status', '=', 'pending'), eb('createdAt', '>', pendingSince)])]))
        .orderBy('createdAt')
        .execute(),

    async insert(row) {
      await db.insertInto('guestAlerts').values(row).execute();
    },

    async renewToken(tenantId, id, tokenHash, at) {
      await db.updateTable('guestAlerts').set({ tokenHash, createdAt: at, checkedThrough: at }).where('tenantId', '=', tenantId).where('id', '=', id).where('status', '=', 'pending').execute();
    },

    async findByToken(tenantId, tokenHash) {
      return (await db.selectFrom('guestAlerts').selectAll().where('tenantId', '=', tenantId).where('tokenHash', '=', tokenHash).executeTakeFirst()) ?? null;
    },

    async confirm(tenantId, tokenHash, pendingSince, at) {
      const result = await db
        .updateTable('guestAlerts')
        .set({ status: 'confirmed', confirmedAt: at, checkedThrough: at })
        .where('tenantId', '=', tenantId)
        .where('tokenHash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('createdAt', '>', pendingSince)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

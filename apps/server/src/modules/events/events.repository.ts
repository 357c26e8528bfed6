import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, EventRegistrationsTable, EventsTable } from '../../db/schema';
import { findCandidateByRef, type CandidateRef } from '../auth/candidate-ref';
import { createNotification, type NewNotification } from '../notifications/notifications.producer';

export type EventRecord = Selectable<EventsTable> & { registered: number };
export type RegistrationRecord = Selectable<EventRegistrationsTable> & { email: string; firstName: string; lastName: string };
export type RegistrationStatus = EventRegistrationsTable['status'];

/** Recruiting events and their registrations, always by tenant. */
export interface EventsRepository {
  findCandidate(tenantId: string, ref: CandidateRef): Promise<{ id: string; email: string } | null>;
  insert(row: Insertable<EventsTable>): Promise<void>;
  update(tenantId: string, id: string, change: Updateable<EventsTable>): Promise<void>;
  find(tenantId: string, id: string): Promise<EventRecord | null>;
  /** In a transaction: the event held until it ends, so two registrations cannot both take its last seat. */
  lock(tenantId: string, id: string): Promise<EventRecord | null>;
  /** Soonest first; `endingAfter` keeps the ones not yet over. */
  list(tenantId: string, filters: { endingAfter?: string; limit: number; after?: { startsAt: string; id: string } }): Promise<EventRecord[]>;
  registration(tenantId: string, eventId: string, candidateId: string): Promise<Selectable<EventRegistrationsTable> | null>;
  upsertRegistration(row: Insertable<EventRegistrationsTable>): Promise<void>;
  registrations(tenantId: string, eventId: string): Promise<RegistrationRecord[]>;
  /** The candidate's registrations with their events. */
  registrationsOf(tenantId: string, candidateId: string): Promise<(EventRecord & { registrationStatus: RegistrationStatus; registeredAt: string })[]>;
  notify(notification: NewNotification): Promise<void>;
}

export function createEventsRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): EventsRepository {
  /** Events with their count of seats taken (registered or attended). */
  const events = () =>
    db
      .selectFrom('events as event')
      .selectAll('event')
      .select((eb) =>
        eb
          .selectFrom('eventRegistrations as seat')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('seat.eventId', '=', 'event.id')
          .where('seat.status', 'in', ['registered', 'attended'])
          .as('registered'),
      );
  const counted = <Row extends { registered: number | string | null }>(row: Row) => ({ ...row, registered: Number(row.registered ?? 0) });

  return {
    findCandidate: (tenantId, ref) => findCandidateByRef(db, tenantId, ref),

    async insert(row) {
      await db.insertInto('events').values(row).execute();
    },

    async update(tenantId, id, change) {
      await db.updateTable('events').set(change).where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },

    async find(tenantId, id) {
      const row = await events().where('event.tenantId', '=', tenantId).where('event.id', '=', id).executeTakeFirst();
      return row ? counted(row) : null;
    },

    async lock(tenantId, id) {
      if (dialect === 'postgres') {
        await db.selectFrom('events').select('id').where('tenantId', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
      }
      const row = await events().where('event.tenantId', '=', tenantId).where('event.id', '=', id).executeTakeFirst();
      return row ? counted(row) : null;
    },

    async list(tenantId, filters) {
      let query = events().where('event.tenantId', '=', tenantId);
      if (filters.endingAfter !== undefined) query = query.where('event.endsAt', '>', filters.endingAfter);
      const after = filters.after;
      if (after !== undefined) {
        query = query.where((eb) => eb.or([eb('event.startsAt', '>', after.startsAt), eb.and([eb('event.startsAt', '=', after.startsAt), eb('event.id', '>', after.id)])]));
      }
      return (await query.orderBy('event.startsAt').orderBy('event.id').limit(filters.limit).execute()).map(counted);
    },

    async registration(tenantId, eventId, candidateId) {
      const row = await db
        .selectFrom('eventRegistrations')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('eventId', '=', eventId)
        .where('candidateId', '=', candidateId)
        .executeTakeFirst();
      return row ?? null;
    },

    async upsertRegistration(row) {
      await db
        .insertInto('eventRegistrations')
        .values(row)
        .onConflict((conflict) => conflict.columns(['eventId', 'candidateId']).doUpdateSet({ status: row.status, updatedAt: row.updatedAt }))
        .execute();
    },

    registrations: (tenantId, eventId) =>
      db
        .selectFrom('eventRegistrations as registration')
        .innerJoin('candidates as candidate', (join) =>
          join.onRef('candidate.id', '=', 'registration.candidateId').onRef('candidate.tenantId', '=', 'registration.tenantId'),
        )
        .selectAll('registration')
        .select(['candidate.email', 'candidate.firstName', 'candidate.lastName'])
        .where('registration.tenantId', '=', tenantId)
        .where('registration.eventId', '=', eventId)
        .orderBy('registration.createdAt')
        .orderBy('registration.candidateId')
        .execute(),

    async registrationsOf(tenantId, candidateId) {
      const rows = await events()
        .innerJoin('eventRegistrations as mine', (join) => join.onRef('mine.eventId', '=', 'event.id').onRef('mine.tenantId', '=', 'event.tenantId'))
        .select(['mine.status as registrationStatus', 'mine.createdAt as registeredAt'])
        .where('event.tenantId', '=', tenantId)
        .where('mine.candidateId', '=', candidateId)
        .orderBy('event.startsAt')
        .orderBy('event.id')
        .execute();
      return rows.map(counted);
    },

    async notify(notification) {
      await createNotification(db, notification);
    },
  };
}

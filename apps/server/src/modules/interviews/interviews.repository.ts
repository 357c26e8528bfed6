import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, InterviewsTable } from '../../db/schema';
import { findCandidateByRef, type CandidateRef } from '../auth/candidate-ref';
import { createNotification, type NewNotification } from '../notifications/notifications.producer';
import { enqueueWebhookEvent } from '../webhooks/webhook-outbox';
import type { WebhookEventType } from '../webhooks/webhook-events';

export type InterviewRecord = Selectable<InterviewsTable>;

export interface InterviewFilters {
  candidateId?: string;
  applicationId?: string;
  status?: InterviewRecord['status'];
  /** Starting at or after this instant. */
  from?: string;
  /** Starting before this instant. */
  to?: string;
  /** Keyset paging in (startsAt, id) order. */
  after?: { startsAt: string; id: string };
  limit: number;
}

/** Interviews, always by tenant (and by candidate for the candidate's reads). */
export interface InterviewsRepository {
  findCandidate(tenantId: string, ref: CandidateRef): Promise<{ id: string; email: string } | null>;
  /** The tenant's application (with its candidate and position), or null. */
  findApplication(tenantId: string, id: string): Promise<{ id: string; candidateId: string | null; positionId: number; positionName: string } | null>;
  findPosition(tenantId: string, id: number): Promise<{ id: number; title: string } | null>;
  tenantFacts(tenantId: string): Promise<{ companyName: string; domain: string } | null>;
  insert(row: Insertable<InterviewsTable>): Promise<void>;
  update(tenantId: string, id: string, change: Updateable<InterviewsTable>): Promise<void>;
  find(tenantId: string, id: string): Promise<InterviewRecord | null>;
  /** In a transaction: the interview held until it ends (two reschedules run one after another). */
  lock(tenantId: string, id: string): Promise<InterviewRecord | null>;
  findForCandidate(tenantId: string, candidateId: string, id: string): Promise<InterviewRecord | null>;
  list(tenantId: string, filters: InterviewFilters): Promise<InterviewRecord[]>;
  listForCandidate(tenantId: string, candidateId: string): Promise<InterviewRecord[]>;
  /** The candidate's notification, in this repository's connection (the interview's transaction). */
  notify(notification: NewNotification): Promise<void>;
  /** The tenant's webhooks, in this repository's connection (the interview's transaction). */
  announce(tenantId: string, type: WebhookEventType, data: Record<string, unknown>, at: Date): Promise<void>;
}

export function createInterviewsRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): InterviewsRepository {
  const byTenant = (tenantId: string) => db.selectFrom('interviews').selectAll().where('tenantId', '=', tenantId);
  return {
    findCandidate: (tenantId, ref) => findCandidateByRef(db, tenantId, ref),

    async findApplication(tenantId, id) {
      const row = await db
        .selectFrom('applications')
        .select(['id', 'candidateId', 'positionId', 'positionName'])
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async findPosition(tenantId, id) {
      const row = await db.selectFrom('positions').select(['id', 'title']).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },

    async tenantFacts(tenantId) {
      const row = await db.selectFrom('tenants').select(['companyName', 'domain']).where('id', '=', tenantId).executeTakeFirst();
      return row ?? null;
    },

    async insert(row) {
      await db.insertInto('interviews').values(row).execute();
    },

    async update(tenantId, id, change) {
      await db.updateTable('interviews').set(change).where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },

    async find(tenantId, id) {
      return (await byTenant(tenantId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async lock(tenantId, id) {
      let query = byTenant(tenantId).where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.executeTakeFirst()) ?? null;
    },

    async findForCandidate(tenantId, candidateId, id) {
      return (await byTenant(tenantId).where('candidateId', '=', candidateId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    list(tenantId, filters) {
      let query = byTenant(tenantId);
      if (filters.candidateId !== undefined) query = query.where('candidateId', '=', filters.candidateId);
      if (filters.applicationId !== undefined) query = query.where('applicationId', '=', filters.applicationId);
      if (filters.status !== undefined) query = query.where('status', '=', filters.status);
      if (filters.from !== undefined) query = query.where('startsAt', '>=', filters.from);
      if (filters.to !== undefined) query = query.where('startsAt', '<', filters.to);
      const after = filters.after;
      if (after !== undefined) {
        query = query.where((eb) => eb.or([eb('startsAt', '>', after.startsAt), eb.and([eb('startsAt', '=', after.startsAt), eb('id', '>', after.id)])]));
      }
      return query.orderBy('startsAt').orderBy('id').limit(filters.limit).execute();
    },

    listForCandidate: (tenantId, candidateId) => byTenant(tenantId).where('candidateId', '=', candidateId).orderBy('startsAt').orderBy('id').execute(),

    async notify(notification) {
      await createNotification(db, notification);
    },

    async announce(tenantId, type, data, at) {
      await enqueueWebhookEvent(db, tenantId, type, data, at);
    },
  };
}

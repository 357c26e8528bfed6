import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { SessionRecord } from '../../kernel/session';
import { toCandidate, type Candidate } from './candidates.repository';

export type { SessionRecord };

export interface SessionWithCandidate {
  session: SessionRecord;
  candidate: Candidate;
}

export interface SessionsRepository {
  findWithCandidate(idHash: string): Promise<SessionWithCandidate | null>;
  insert(record: SessionRecord): Promise<void>;
  touch(idHash: string, lastSeenAt: string): Promise<void>;
  delete(idHash: string): Promise<number>;
  /** Ends every session of the candidate except `keepIdHash` (when given). */
  deleteForCandidate(candidateId: string, keepIdHash?: string): Promise<number>;
  /** Drops rows past their absolute expiry or idle since `idleSince`. */
  deleteExpiredForCandidate(candidateId: string, now: string, idleSince: string): Promise<number>;
  listForCandidate(tenantId: string, candidateId: string): Promise<SessionRecord[]>;
}

const sessionColumns = [
  'sessions.idHash',
  'sessions.publicId',
  'sessions.tenantId',
  'sessions.candidateId',
  'sessions.csrfSecret',
  'sessions.createdAt',
  'sessions.lastSeenAt',
  'sessions.expiresAt',
  'sessions.userAgent',
  'sessions.ip',
] as const;

export function createSessionsRepository(db: Kysely<DatabaseSchema>): SessionsRepository {
  return {
    async findWithCandidate(idHash) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('candidates', 'candidates.id', 'sessions.candidateId')
        .select([
          ...sessionColumns,
          'candidates.email as candidateEmail',
          'candidates.firstName as candidateFirstName',
          'candidates.lastName as candidateLastName',
          'candidates.location as candidateLocation',
          'candidates.avatarPath as candidateAvatarPath',
          'candidates.isAdmin as candidateIsAdmin',
          'candidates.isThemeBuilderUser as candidateIsThemeBuilderUser',
          'candidates.isOnboarded as candidateIsOnboarded',
          'candidates.isBootstrapped as candidateIsBootstrapped',
          'candidates.createdAt as candidateCreatedAt',
          'candidates.updatedAt as candidateUpdatedAt',
        ])
        .where('sessions.idHash', '=', idHash)
        .executeTakeFirst();
      if (!row) return null;
      return {
        session: {
          idHash: row.idHash,
          publicId: row.publicId,
          tenantId: row.tenantId,
          candidateId: row.candidateId,
          csrfSecret: row.csrfSecret,
          createdAt: row.createdAt,
          lastSeenAt: row.lastSeenAt,
          expiresAt: row.expiresAt,
          userAgent: row.userAgent,
          ip: row.ip,
        },
        candidate: toCandidate({
          id: row.candidateId,
          tenantId: row.tenantId,
          email: row.candidateEmail,
          firstName: row.candidateFirstName,
          lastName: row.candidateLastName,
          location: row.candidateLocation,
          avatarPath: row.candidateAvatarPath,
          isAdmin: row.candidateIsAdmin,
          isThemeBuilderUser: row.candidateIsThemeBuilderUser,
          isOnboarded: row.candidateIsOnboarded,
          isBootstrapped: row.candidateIsBootstrapped,
          createdAt: row.candidateCreatedAt,
          updatedAt: row.candidateUpdatedAt,
        }),
      };
    },

    async insert(record) {
      await db.insertInto('sessions').values(record).execute();
    },

    async touch(idHash, lastSeenAt) {
      await db.updateTable('sessions').set({ lastSeenAt }).where('idHash', '=', idHash).execute();
    },

    async delete(idHash) {
      const result = await db.deleteFrom('sessions').where('idHash', '=', idHash).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteForCandidate(candidateId, keepIdHash) {
      let query = db.deleteFrom('sessions').where('candidateId', '=', candidateId);
      if (keepIdHash !== undefined) query = query.where('idHash', '!=', keepIdHash);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpiredForCandidate(candidateId, now, idleSince) {
      const result = await db
        .deleteFrom('sessions')
        .where('candidateId', '=', candidateId)
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<=', idleSince)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async listForCandidate(tenantId, candidateId) {
      return db
        .selectFrom('sessions')
        .select(sessionColumns)
        .where('sessions.tenantId', '=', tenantId)
        .where('sessions.candidateId', '=', candidateId)
        .orderBy('sessions.lastSeenAt', 'desc')
        .execute();
    },
  };
}

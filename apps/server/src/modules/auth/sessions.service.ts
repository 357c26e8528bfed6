import type { Clock } from '../../clock';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type NewSession, type SessionLookups, type SessionRecord } from '../../kernel/session';
import {
  hashSessionId,
  isWellFormedToken,
  newPublicSessionId,
  newRandomToken,
} from '../../kernel/session-tokens';
import type { SessionsRepository } from './sessions.repository';

/** last_seen_at is written at most once a minute, not on every request. */
export const LAST_SEEN_REFRESH_MS = 60 * 1000;
const USER_AGENT_MAX_LENGTH = 512;


export interface SessionOwner {
  tenantId: string;
  candidateId: string;
  userAgent: string | undefined;
  ip: string | undefined;
}

export function buildSession(clock: Clock, owner: SessionOwner): NewSession {
  const cookieValue = newRandomToken();
  const now = clock.now();
  const createdAt = now.toISOString();
  return {
    cookieValue,
    record: {
      idHash: hashSessionId(cookieValue),
      publicId: newPublicSessionId(),
      tenantId: owner.tenantId,
      candidateId: owner.candidateId,
      csrfSecret: newRandomToken(),
      createdAt,
      lastSeenAt: createdAt,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      userAgent: owner.userAgent ? owner.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      ip: owner.ip ?? null,
    },
  };
}

export function isSessionExpired(record: SessionRecord, now: Date): boolean {
  const time = now.getTime();
  return Date.parse(record.expiresAt) <= time || Date.parse(record.lastSeenAt) + SESSION_IDLE_MS <= time;
}

export interface SessionsService extends SessionLookups {
  /** Active sessions of a candidate in a tenant, most recently used first. */
  list(tenantId: string, candidateId: string): Promise<SessionRecord[]>;
  endOthers(candidateId: string, keepIdHash: string): Promise<number>;
}

export function createSessionsService(deps: { repository: SessionsRepository; clock: Clock }): SessionsService {
  const { repository, clock } = deps;
  return {
    async lookup(cookieValue, tenantId) {
      if (!isWellFormedToken(cookieValue)) return { status: 'invalid' };
      const idHash = hashSessionId(cookieValue);
      const found = await repository.findWithCandidate(idHash);
      if (!found) return { status: 'invalid' };
      const now = clock.now();
      if (isSessionExpired(found.session, now)) {
        await repository.delete(idHash);
        return { status: 'invalid' };
      }
      if (found.session.tenantId !== tenantId) return { status: 'otherTenant' };
      const record = { ...found.session };
      if (now.getTime() - Date.parse(record.lastSeenAt) >= LAST_SEEN_REFRESH_MS) {
        record.lastSeenAt = now.toISOString();
        await repository.touch(idHash, record.lastSeenAt);
      }
      return { status: 'active', session: { record, candidate: found.candidate } };
    },

    async list(tenantId, candidateId) {
      const now = clock.now();
      const records = await repository.listForCandidate(tenantId, candidateId);
      return records.filter((record) => !isSessionExpired(record, now));
    },

    endOthers(candidateId, keepIdHash) {
      return repository.deleteForCandidate(candidateId, keepIdHash);
    },
  };
}

import type { Selectable } from 'kysely';
import type { CandidatesTable, SessionsTable, WithBooleans } from '../db/schema';

/**
 * What a signed-in request carries, shared by the HTTP kit (http/sessions.ts, http/request-context.ts)
 * and the auth module: the kit reads sessions through the SessionLookups port and never imports a module
 * (issue 8 §5). Record types derive from db/schema.ts rather than copying its columns.
 */

/** A sessions row as stored. */
export type SessionRecord = Selectable<SessionsTable>;

/**
 * A candidate as the code sees it: the stored row without its password hash, flags as booleans. The email
 * preference (issue 12) is read where emails are made, not carried in every session.
 */
export type Candidate = WithBooleans<Omit<Selectable<CandidatesTable>, 'passwordHash' | 'emailNotifications'>>;

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ActiveSession {
  record: SessionRecord;
  candidate: Candidate;
}

export interface NewSession {
  /** The raw id: goes into the cookie and nowhere else. */
  cookieValue: string;
  record: SessionRecord;
}

export type SessionLookup =
  | { status: 'active'; session: ActiveSession }
  /** Unknown, malformed or expired: the cookie is worthless and may be cleared. */
  | { status: 'invalid' }
  /** Valid, but for another tenant: signed out here, still signed in there (T02). */
  | { status: 'otherTenant' };

/** The one thing the HTTP kit asks of sessions: who a cookie belongs to in a tenant. */
export interface SessionLookups {
  lookup(cookieValue: string, tenantId: string): Promise<SessionLookup>;
}

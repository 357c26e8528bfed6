import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * Issue 11 "their own data": the port each module implements for the personal data it holds, so "Download
 * all my data" and "Delete my account" cover every module without knowing any. services.ts lists the
 * modules' contributions in one registry (the order is the deletion order: a step runs before the steps of
 * the rows it references). A new module holding personal data adds its file and one line there.
 */

/** Whose data: always a tenant AND a candidate (T01). */
export interface DataOwner {
  tenantId: string;
  candidateId: string;
  /** The account's email (lower-cased), for rows keyed by address (the email outbox, sign-in throttling). */
  email: string;
}

/** A file of the archive, under `files/<section>/<path>`; bytes exactly as stored. */
export interface ExportFile {
  path: string;
  bytes: Uint8Array;
}

export interface ExportSection {
  /** JSON-ready data; file bytes are not in it but referenced by their archive path. */
  data: unknown;
  files?: ExportFile[];
}

/** Rows removed and rows kept (anonymised, or kept because the company must) by one deletion step. */
export interface DeletionCount {
  removed: number;
  kept: number;
}

export interface PersonalDataContributor {
  /** The section's name: a key of the export's JSON and of the deletion report ("savedJobs"). */
  section: string;
  /** Everything this module holds about the owner. Reads only; runs inside one snapshot transaction. */
  exportData(db: Kysely<DatabaseSchema>, owner: DataOwner): Promise<ExportSection>;
  /** Removes (or anonymises) the owner's rows inside the deletion's one transaction. */
  erase(trx: Kysely<DatabaseSchema>, owner: DataOwner): Promise<DeletionCount>;
}

/** The count of a Kysely delete/update result (a bigint on both dialects). */
export function affectedRows(result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | readonly { numDeletedRows?: bigint; numUpdatedRows?: bigint }[]): number {
  const results = Array.isArray(result) ? result : [result];
  return results.reduce((sum, item) => sum + Number(item.numDeletedRows ?? item.numUpdatedRows ?? 0n), 0);
}

/** Path-safe name for a file inside the archive: no folders, no control characters, bounded length. */
export function archiveFileName(name: string): string {
  const cleaned = [...name]
    .map((character) => (character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f || '/\\:*?"<>|'.includes(character) ? '_' : character))
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'file').slice(-120);
}

/** Tables whose rows belong to one candidate by (tenant_id, candidate_id). */
export type OwnedTable =
  | 'candidatePreferences'
  | 'dataExports'
  | 'notifications'
  | 'draftApplications'
  | 'formRequests'
  | 'candidateProfiles'
  | 'savedPositions'
  | 'jobCartItems'
  | 'sessions'
  | 'passwordResetTokens'
  | 'esignTokens';

/** Deletes the owner's rows of one table; the common deletion step (nothing kept). */
export async function removeOwnedRows(trx: Kysely<DatabaseSchema>, table: OwnedTable, owner: DataOwner): Promise<DeletionCount> {
  const result = await trx.deleteFrom(table).where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId).executeTakeFirst();
  return { removed: affectedRows(result), kept: 0 };
}

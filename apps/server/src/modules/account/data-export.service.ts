import { createHash, randomUUID } from 'node:crypto';
import { DATA_EXPORT_TTL_MS, type DataExport } from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DatabaseSchema } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { DataOwner, ExportSection, PersonalDataContributor } from '../../kernel/personal-data';
import { buildDataArchive } from './data-export.archive';
import type { DataExportRow, DataExportsRepository } from './data-exports.repository';

/** A job not moving for this long died with its process: shown as failed, and a new one may start. */
export const STALE_EXPORT_MS = 10 * 60 * 1000;

export function dataExportDownloadPath(id: string): string {
  return `/api/account/data_export/${encodeURIComponent(id)}/download`;
}

/** The job as the web sees it: 'expired' after its 24 h, 'failed' when its process stopped working on it. */
export function presentDataExport(row: DataExportRow, now: Date): DataExport {
  const isStale = (row.status === 'pending' || row.status === 'running') && now.getTime() - Date.parse(row.updatedAt) > STALE_EXPORT_MS;
  const isExpired = row.status === 'ready' && row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime();
  const status = isStale ? 'failed' : isExpired ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    progress: row.progress,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.archiveSize,
    downloadUrl: status === 'ready' ? dataExportDownloadPath(row.id) : null,
  };
}

export interface DataExportService {
  latest(owner: DataOwner): Promise<DataExport | null>;
  /** Starts a job in the background (or returns the one still running) and answers at once. */
  start(owner: DataOwner): Promise<DataExport>;
  /** The zip of the owner's ready job; 404 for anyone else's, an unknown id, or a job not (or no longer) ready. */
  archive(owner: DataOwner, id: string): Promise<Uint8Array>;
  /** Resolves when every job this process started has finished (tests; a closing server). */
  idle(): Promise<void>;
  dropExpired(): Promise<number>;
}

export interface DataExportServiceDeps {
  db: Kysely<DatabaseSchema>;
  repository: DataExportsRepository;
  /** The modules' sections (services.ts); exported in reverse deletion order: the account first. */
  contributors: readonly PersonalDataContributor[];
  clock: Clock;
  onError?: (error: unknown) => void;
}

export function createDataExportService({ db, repository, contributors, clock, onError }: DataExportServiceDeps): DataExportService {
  const running = new Set<Promise<void>>();
  const now = () => clock.now();

  async function build(id: string, owner: DataOwner): Promise<void> {
    try {
      const order = [...contributors].reverse();
      const sections = new Map<string, ExportSection>();
      for (const [index, contributor] of order.entries()) {
        sections.set(contributor.section, await contributor.exportData(db, owner));
        // The sections are 90% of the work; zipping the rest.
        await repository.setProgress(id, 'running', Math.round(((index + 1) / order.length) * 90), now().toISOString());
      }
      const meta = { exportedAt: now().toISOString(), sections: order.map((contributor) => contributor.section) };
      const archive = await buildDataArchive(meta, sections);
      const readyAt = now();
      await repository.complete(id, archive, createHash('sha256').update(archive).digest('hex'), readyAt.toISOString(), new Date(readyAt.getTime() + DATA_EXPORT_TTL_MS).toISOString());
    } catch (error) {
      onError?.(error);
      await repository.fail(id, now().toISOString()).catch(onError);
    }
  }

  return {
    async latest(owner) {
      const row = await repository.findLatest(owner.tenantId, owner.candidateId);
      return row ? presentDataExport(row, now()) : null;
    },

    async start(owner) {
      const latest = await repository.findLatest(owner.tenantId, owner.candidateId);
      if (latest) {
        const shown = presentDataExport(latest, now());
        if (shown.status === 'pending' || shown.status === 'running') return shown;
      }
      const at = now().toISOString();
      const row: DataExportRow = {
        id: randomUUID(),
        tenantId: owner.tenantId,
        candidateId: owner.candidateId,
        status: 'pending',
        progress: 0,
        archiveSize: null,
        archiveSha256: null,
        createdAt: at,
        updatedAt: at,
        readyAt: null,
        expiresAt: null,
      };
      await repository.insert(row);
      // After the answer: the request returns 202 at once and the page follows the progress.
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => build(row.id, owner));
      running.add(job);
      void job.finally(() => running.delete(job));
      return presentDataExport(row, now());
    },

    async archive(owner, id) {
      const bytes = await repository.readArchive(owner.tenantId, owner.candidateId, id, now().toISOString());
      if (!bytes) throw new NotFoundError();
      return bytes;
    },

    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },

    dropExpired: () => repository.dropExpired(now().toISOString()),
  };
}

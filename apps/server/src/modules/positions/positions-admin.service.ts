import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors';
import type { AdminPositionRecord, PositionsAdminRepository } from './positions-admin.repository';
import { PositionInputSchema } from './position-writes.service';

/**
 * The employer API's view of positions (issue 10): one documented shape (camelCase, ISO-8601 UTC dates),
 * used by every admin position route and by the OpenAPI document. Writes go through position-writes.service.ts.
 */
export const AdminPositionSchema = PositionInputSchema.extend({
  id: z.number().int().positive(),
  /** When it was archived (it is then out of search and its page says it is closed); null while open. */
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
}).meta({ id: 'Position' });
export type AdminPosition = z.infer<typeof AdminPositionSchema>;

export const AdminPositionPageSchema = z
  .object({
    items: z.array(AdminPositionSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'PositionPage' });
export type AdminPositionPage = z.infer<typeof AdminPositionPageSchema>;

export const ADMIN_POSITIONS_PAGE_MAX = 200;

export interface AdminPositionsQuery {
  archived?: boolean | undefined;
  externalRef?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export interface PositionsAdminService {
  /** 404 for an unknown id or another tenant's. */
  get(tenantId: string, id: number): Promise<AdminPosition>;
  /** By ascending id; the cursor is opaque to callers. A malformed cursor is a 400. */
  list(tenantId: string, query: AdminPositionsQuery): Promise<AdminPositionPage>;
}

const CURSOR_PREFIX = 'p:';

export function encodeCursor(lastId: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${lastId}`).toString('base64url');
}

/** The id after which the page starts; null when the text is not a cursor of ours. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const id = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isSafeInteger(id) && id >= 0 && String(id) === text.slice(CURSOR_PREFIX.length) ? id : null;
}

function isoOrSame(text: string): string {
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

export function presentAdminPosition(record: AdminPositionRecord): AdminPosition {
  return {
    id: record.id,
    externalRef: record.externalRef,
    title: record.title,
    department: record.department,
    employmentType: record.employmentType,
    seniority: record.seniority,
    description: record.description,
    skills: record.skills,
    isRemote: Boolean(record.isRemote),
    salaryMin: record.salaryMin,
    salaryMax: record.salaryMax,
    salaryCurrency: record.salaryCurrency,
    postedAt: isoOrSame(record.postedAt),
    validThrough: record.validThrough === null ? null : isoOrSame(record.validThrough),
    locations: record.locations.map(({ city, region, country, lat, lng }) => ({ city, region, country, lat, lng })),
    archivedAt: record.archivedAt === null ? null : isoOrSame(record.archivedAt),
    updatedAt: isoOrSame(record.updatedAt),
  };
}

export function createPositionsAdminService(deps: { repository: PositionsAdminRepository }): PositionsAdminService {
  return {
    async get(tenantId, id) {
      const record = await deps.repository.findById(tenantId, id);
      if (!record) throw new NotFoundError('This position does not exist.');
      return presentAdminPosition(record);
    },

    async list(tenantId, query) {
      const afterId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (afterId === null) throw new ValidationError({ cursor: 'Not a cursor this API gave out' });
      const limit = Math.min(Math.max(1, query.limit), ADMIN_POSITIONS_PAGE_MAX);
      // One more than asked tells whether a next page exists without a count.
      const records = await deps.repository.list(tenantId, { archived: query.archived, externalRef: query.externalRef, afterId, limit: limit + 1 });
      const page = records.slice(0, limit);
      const last = page.at(-1);
      return { items: page.map(presentAdminPosition), nextCursor: records.length > limit && last ? encodeCursor(last.id) : null };
    },
  };
}

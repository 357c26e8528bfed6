import { SearchResponseSchema, type SearchResponse } from '@careers/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { createSearchIndexWriter } from '../../search-engine/search-index.writer';

/** Test helpers shared by the search suites (routes, properties, fuzz). */

export const ACME = 'acme.example';
export const GLOBEX = 'globex.example';

export async function tenantIdOf(database: Database, domain: string): Promise<string> {
  const row = await database.db.selectFrom('tenants').select('id').where('domain', '=', domain).executeTakeFirstOrThrow();
  return row.id;
}

/** Every position of a tenant with its places, as stored. */
export async function storedPositions(database: Database, domain: string) {
  const tenantId = await tenantIdOf(database, domain);
  const rows = await database.db
    .selectFrom('positions')
    .select(['id', 'title', 'department', 'employmentType', 'seniority', 'isRemote', 'archivedAt', 'postedAt', 'description'])
    .where('tenantId', '=', tenantId)
    .orderBy('id')
    .execute();
  const places = await database.db
    .selectFrom('positionLocations')
    .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
    .where('tenantId', '=', tenantId)
    .execute();
  return rows.map((row) => ({ ...row, places: places.filter((place) => place.positionId === row.id) }));
}

/** Archives a position as an employer change would: the row, then the index version (search-index.writer.ts). */
export async function archivePosition(database: Database, domain: string, positionId: number, at = new Date('2025-03-01T00:00:00Z')) {
  const tenantId = await tenantIdOf(database, domain);
  await database.db.updateTable('positions').set({ archivedAt: at.toISOString() }).where('id', '=', positionId).execute();
  await createSearchIndexWriter(database.dialect).bumpVersion(database.db, tenantId, at);
}

export function searchUrl(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const item of [value].flat()) search.append(name, item);
  return `/api/pcsx/search?${search.toString()}`;
}

/** GET a search, expect 200 and a body valid under the contract. */
export async function search(app: FastifyInstance, params: Record<string, string | string[]>, headers?: Record<string, string>): Promise<SearchResponse> {
  const response = await app.inject({ method: 'GET', url: searchUrl(params), headers });
  expect(response.statusCode, response.body).toBe(200);
  return SearchResponseSchema.parse(response.json());
}

/** Every 4xx answers JSON `{ error: { code, message } }` (DESIGN "Errors"). */
export function expectJsonError(response: LightMyRequestResponse, status: number): { code: string; message: string; fields?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  const body = response.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

/** The ids the per-candidate suites (saved jobs, job cart) act on: acme's open and one archived, one of globex's. */
export async function positionIdsForCandidateSuites(database: Database) {
  const acme = await storedPositions(database, ACME);
  return {
    openIds: acme.filter((position) => position.archivedAt === null).map((position) => position.id),
    archivedId: acme.find((position) => position.archivedAt !== null)?.id ?? 0,
    globexId: (await storedPositions(database, GLOBEX))[0]?.id ?? 0,
  };
}

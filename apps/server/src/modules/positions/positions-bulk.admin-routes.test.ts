import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { forEachDatabase } from '../../test/databases';
import { BULK_MAX_POSITIONS } from './positions-bulk.admin-routes';
import { positionInput } from './position-input.test-support';
import type { PositionInput } from './position-rows';

const position = (ref: string, overrides: Partial<PositionInput> = {}): PositionInput =>
  positionInput(ref, { title: `Bulk ${ref} navigator`, department: 'Bulkworks', description: 'Chart the skies: aeronautrix.', ...overrides });

forEachDatabase('POST /api/admin/v1/positions/bulk', (context) => {
  let admin: AdminTestApp;

  beforeAll(async () => {
    admin = await createAdminTestApp(context());
  }, 60_000);
  afterAll(() => admin.app.close());

  const rowsOf = (tenantId: string) =>
    context().database.db.selectFrom('positions').select(['id', 'externalRef', 'title']).where('tenantId', '=', tenantId).where('externalRef', 'like', 'API-%').orderBy('externalRef').execute();
  const search = async (query: string, domain?: string) => {
    const response = await admin.app.inject({ method: 'GET', url: `/api/pcsx/search?query=${query}${domain ? `&domain=${domain}` : ''}` });
    return (response.json() as { count: number }).count;
  };

  it('creates, then the same batch again is unchanged; search finds the positions', async () => {
    const body = { positions: [position('API-1'), position('API-2')] };
    const first = await admin.call({ method: 'POST', url: '/positions/bulk', payload: body });
    expect(first.statusCode).toBe(200);
    const created = first.json() as { created: number; ids: number[] };
    expect(created).toMatchObject({ created: 2, updated: 0, unchanged: 0, archived: 0, dryRun: false });
    const again = await admin.call({ method: 'POST', url: '/positions/bulk', payload: body });
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 2, archived: 0, ids: created.ids, dryRun: false });
    expect((await rowsOf(admin.tenantId)).map((row) => row.externalRef)).toEqual(['API-1', 'API-2']);
    // The app's search (SQLite: the change on this process's bus; PostgreSQL: the version read) finds them.
    let found = 0;
    for (let tries = 0; tries < 100 && found !== 2; tries += 1) {
      found = await search('aeronautrix');
      if (found !== 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toBe(2);
  });

  it('one bad record: 400 naming it, nothing applied; a duplicate reference too', async () => {
    const before = await rowsOf(admin.tenantId);
    const bad = await admin.call({ method: 'POST', url: '/positions/bulk', payload: { positions: [position('API-1', { title: 'Changed' }), position('API-3'), { ...position('API-4'), locations: [] }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' }, issues: [{ path: 'body/positions/2/locations' }] });
    const duplicate = await admin.call({ method: 'POST', url: '/positions/bulk', payload: { positions: [position('API-5'), position('API-5', { title: 'Twin' })] } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ error: { fields: { 'body/positions/1/externalRef': '"API-5" is also record 1' } } });
    expect(await rowsOf(admin.tenantId)).toEqual(before);
  });

  it('a dry run writes nothing; more than the limit is 413; no key is 401', async () => {
    const dry = await admin.call({ method: 'POST', url: '/positions/bulk', payload: { positions: [position('API-1', { title: 'Renamed' }), position('API-9')], dryRun: true } });
    expect(dry.json()).toMatchObject({ created: 1, updated: 1, unchanged: 0, dryRun: true });
    expect((await rowsOf(admin.tenantId)).map((row) => row.title)).toEqual(['Bulk API-1 navigator', 'Bulk API-2 navigator']);
    const tooMany = await admin.call({ method: 'POST', url: '/positions/bulk', payload: { positions: Array.from({ length: BULK_MAX_POSITIONS + 1 }, () => ({})) } });
    expect(tooMany.statusCode).toBe(413);
    expect((await admin.call({ method: 'POST', url: '/positions/bulk', payload: { positions: [position('API-9')] }, key: null })).statusCode).toBe(401);
  });

  it('another tenant’s key writes its own tenant only, even with the same references and archive-missing', async () => {
    const mine = await rowsOf(admin.tenantId);
    const response = await admin.call({ method: 'POST', url: '/positions/bulk', key: admin.otherKey, payload: { positions: [position('API-1', { title: 'Globex API-1' })], archiveMissing: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 1 });
    expect(await rowsOf(admin.tenantId)).toEqual(mine);
    const acmeOpen = await context().database.db.selectFrom('positions').select('id').where('tenantId', '=', admin.tenantId).where('archivedAt', 'is', null).execute();
    expect(acmeOpen.length).toBeGreaterThan(2);
    expect((await rowsOf(admin.otherTenantId)).map((row) => row.title)).toEqual(['Globex API-1']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn as signedInClient } from '../offers/offers.test-support';
import { ADA } from '../../test/app';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { forEachDatabase } from '../../test/databases';
import type { AdminPosition, AdminPositionPage } from './positions-admin.service';
import type { PositionInput } from './position-writes.service';

let refCounter = 0;
function positionInput(overrides: Partial<PositionInput> = {}): PositionInput {
  refCounter += 1;
  return {
    externalRef: `ext-${process.pid}-${refCounter}`,
    title: `Quasarwright ${refCounter}`,
    department: 'Engineering',
    employmentType: 'FULL_TIME',
    seniority: 'Senior',
    description: 'Builds quasars.',
    skills: ['TypeScript', 'Optics'],
    isRemote: false,
    salaryMin: 100000,
    salaryMax: 150000,
    salaryCurrency: 'EUR',
    postedAt: '2025-02-20T00:00:00.000Z',
    validThrough: null,
    locations: [
      { city: 'Berlin', region: null, country: 'Germany', lat: 52.52, lng: 13.405 },
      { city: 'Hamburg', region: 'Hamburg', country: 'Germany', lat: 53.55, lng: 9.99 },
    ],
    ...overrides,
  };
}

/** Waits up to `ms` for `check` to hold (search applies a change asynchronously, within 1 s). */
async function eventually(check: () => Promise<boolean>, ms = 1000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

forEachDatabase('employer API: positions', (context) => {
  let admin: AdminTestApp;
  let otherPosition: AdminPosition;

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { positions: 10 });
    const created = await admin.call({ method: 'POST', url: '/positions', payload: positionInput(), key: admin.otherKey });
    expect(created.statusCode, created.body).toBe(201);
    otherPosition = created.json<AdminPosition>();
  });
  afterAll(() => admin.app.close());

  const searchFinds = async (title: string, id: number) => {
    const response = await admin.app.inject({ method: 'GET', url: `/api/pcsx/search?query=${encodeURIComponent(title)}&domain=acme.example` });
    return (response.json<{ positions: { id: number }[] }>().positions ?? []).some((position) => position.id === id);
  };
  const inSitemap = async (id: number) => {
    const response = await admin.app.inject({ method: 'GET', url: '/sitemap.xml?domain=acme.example' });
    return response.body.includes(`/careers/job/${id}<`);
  };

  describe('create, read, replace', () => {
    it('creates a position that answers in the documented shape and is found by search within 1 s', async () => {
      const input = positionInput();
      const response = await admin.call({ method: 'POST', url: '/positions', payload: input });
      expect(response.statusCode, response.body).toBe(201);
      const position = response.json<AdminPosition>();
      expect(position).toMatchObject({ ...input, archivedAt: null });
      expect(position.id).toBeGreaterThan(0);
      expect(new Date(position.updatedAt).toISOString()).toBe(position.updatedAt);
      expect(await eventually(() => searchFinds(input.title, position.id))).toBe(true);
      const read = await admin.call({ method: 'GET', url: `/positions/${position.id}` });
      expect(read.json()).toEqual(position);
    });

    it('refuses a second position with the same externalRef (409) and changes nothing', async () => {
      const input = positionInput();
      const first = (await admin.call({ method: 'POST', url: '/positions', payload: input })).json<AdminPosition>();
      const again = await admin.call({ method: 'POST', url: '/positions', payload: { ...input, title: 'Changed' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'conflict' } });
      expect((await admin.call({ method: 'GET', url: `/positions/${first.id}` })).json()).toMatchObject({ title: input.title });
    });

    it('lets another tenant use the same externalRef', async () => {
      const input = positionInput();
      expect((await admin.call({ method: 'POST', url: '/positions', payload: input })).statusCode).toBe(201);
      expect((await admin.call({ method: 'POST', url: '/positions', payload: input, key: admin.otherKey })).statusCode).toBe(201);
    });

    it('replaces every field with PUT, search sees the new title, and a taken externalRef is a 409', async () => {
      const position = (await admin.call({ method: 'POST', url: '/positions', payload: positionInput() })).json<AdminPosition>();
      const replacement = positionInput({ title: 'Nebulasmith Principal', isRemote: true, skills: [], salaryMin: null, salaryMax: null, salaryCurrency: null, locations: [{ city: 'Lisbon', region: null, country: 'Portugal', lat: 38.72, lng: -9.14 }] });
      const response = await admin.call({ method: 'PUT', url: `/positions/${position.id}`, payload: replacement });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ ...replacement, id: position.id });
      expect(await eventually(() => searchFinds('Nebulasmith', position.id))).toBe(true);

      const other = (await admin.call({ method: 'POST', url: '/positions', payload: positionInput() })).json<AdminPosition>();
      const clash = await admin.call({ method: 'PUT', url: `/positions/${position.id}`, payload: { ...replacement, externalRef: other.externalRef } });
      expect(clash.statusCode).toBe(409);
      expect((await admin.call({ method: 'GET', url: `/positions/${position.id}` })).json()).toMatchObject({ externalRef: replacement.externalRef });
    });

    it('answers invalid input 400 with its issues', async () => {
      const response = await admin.call({ method: 'POST', url: '/positions', payload: { ...positionInput(), title: '', locations: [] } });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: { code: string }; issues: { path: string }[] }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['body/title', 'body/locations']));
      // A NUL byte reached PostgreSQL as a 500 (the admin fuzz's counterexample): control characters are refused.
      const nul = await admin.call({ method: 'POST', url: '/positions', payload: { ...positionInput(), externalRef: '\u0000', skills: ['a\u0007'] } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['body/externalRef', 'body/skills/0']));
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect((await admin.call({ method: 'GET', url: `/positions/${bad}` })).statusCode).toBe(400);
      }
    });
  });

  describe('archive and unarchive', () => {
    it('takes an archived position out of search and the sitemap, shows it closed to candidates, and brings it back', async () => {
      const input = positionInput({ title: 'Pulsarkeeper Lead' });
      const position = (await admin.call({ method: 'POST', url: '/positions', payload: input })).json<AdminPosition>();
      expect(await eventually(() => searchFinds('Pulsarkeeper', position.id))).toBe(true);
      expect(await inSitemap(position.id)).toBe(true);
      const ada = await signedInClient(admin.app, ADA);
      expect((await ada.request({ method: 'POST', url: '/api/pcsx/positions/saved', payload: { position_id: String(position.id), action: 'save' } })).statusCode).toBeLessThan(300);
      expect((await ada.request({ method: 'POST', url: '/api/pcsx/job_cart', payload: { pids: [String(position.id)], operation: 'add' } })).statusCode).toBe(200);

      const archived = await admin.call({ method: 'POST', url: `/positions/${position.id}/archive` });
      expect(archived.statusCode).toBe(200);
      expect(archived.json<AdminPosition>().archivedAt).not.toBeNull();
      expect(await eventually(async () => !(await searchFinds('Pulsarkeeper', position.id)))).toBe(true);
      expect(await inSitemap(position.id)).toBe(false);
      const saved = (await ada.request({ method: 'GET', url: '/api/pcsx/positions/saved' })).json<{ positions: { id: number; archived_at: string | null }[] }>();
      expect(saved.positions.find((item) => item.id === position.id)?.archived_at).not.toBeNull();
      const cart = (await ada.request({ method: 'GET', url: '/api/pcsx/job_cart' })).json<{ data: { jobCartData: { id: number }[]; invalidPositionIds: number[] } }>();
      expect(cart.data.invalidPositionIds).toContain(position.id);
      expect(cart.data.jobCartData.map((item) => item.id)).not.toContain(position.id);
      const details = (await ada.request({ method: 'GET', url: `/api/pcsx/position_details?position_id=${position.id}` })).json<{ data?: { archived_at?: string | null } }>();
      expect(JSON.stringify(details)).toContain('archived_at');

      // Archiving again changes nothing.
      const twice = await admin.call({ method: 'POST', url: `/positions/${position.id}/archive` });
      expect(twice.json<AdminPosition>().archivedAt).toBe(archived.json<AdminPosition>().archivedAt);

      const reopened = await admin.call({ method: 'POST', url: `/positions/${position.id}/unarchive` });
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json<AdminPosition>().archivedAt).toBeNull();
      expect(await eventually(() => searchFinds('Pulsarkeeper', position.id))).toBe(true);
      expect(await inSitemap(position.id)).toBe(true);
      const cartAgain = (await ada.request({ method: 'GET', url: '/api/pcsx/job_cart' })).json<{ data: { jobCartData: { id: number }[] } }>();
      expect(cartAgain.data.jobCartData.map((item) => item.id)).toContain(position.id);
    });
  });

  describe('list', () => {
    it('pages by cursor without gaps or repeats, and filters by archived and externalRef', async () => {
      const toArchive = (await admin.call({ method: 'POST', url: '/positions', payload: positionInput() })).json<AdminPosition>();
      expect((await admin.call({ method: 'POST', url: `/positions/${toArchive.id}/archive` })).statusCode).toBe(200);
      const all: AdminPosition[] = [];
      let cursor: string | null = null;
      do {
        const response = await admin.call({ method: 'GET', url: `/positions?limit=3${cursor ? `&cursor=${cursor}` : ''}` });
        expect(response.statusCode, response.body).toBe(200);
        const page: AdminPositionPage = response.json();
        expect(page.items.length).toBeLessThanOrEqual(3);
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const stored = await context().database.db.selectFrom('positions').select('id').where('tenantId', '=', admin.tenantId).orderBy('id').execute();
      expect(all.map((position) => position.id)).toEqual(stored.map((row) => row.id));

      const archived = (await admin.call({ method: 'GET', url: '/positions?archived=true&limit=200' })).json<AdminPositionPage>();
      expect(archived.items.length).toBeGreaterThan(0);
      expect(archived.items.every((position) => position.archivedAt !== null)).toBe(true);
      const open = (await admin.call({ method: 'GET', url: '/positions?archived=false&limit=200' })).json<AdminPositionPage>();
      expect(open.items.every((position) => position.archivedAt === null)).toBe(true);
      expect(archived.items.length + open.items.length).toBe(stored.length);

      const one = all[0]!;
      const byRef = (await admin.call({ method: 'GET', url: `/positions?externalRef=${encodeURIComponent(one.externalRef)}` })).json<AdminPositionPage>();
      expect(byRef.items.map((position) => position.id)).toEqual([one.id]);
      expect(byRef.nextCursor).toBeNull();
    });

    it('refuses a cursor it did not give out and a limit out of range', async () => {
      for (const query of ['cursor=bm9wZQ', 'cursor=%00', 'limit=0', 'limit=201', 'archived=maybe']) {
        expect((await admin.call({ method: 'GET', url: `/positions?${query}` })).statusCode, query).toBe(400);
      }
    });
  });

  describe('tenant isolation', () => {
    it('answers 404 to every call on another tenant\'s position and changes nothing', async () => {
      const before = await context().database.db.selectFrom('positions').selectAll().where('id', '=', otherPosition.id).executeTakeFirstOrThrow();
      const calls = [
        { method: 'GET', url: `/positions/${otherPosition.id}` },
        { method: 'PUT', url: `/positions/${otherPosition.id}`, payload: positionInput() },
        { method: 'POST', url: `/positions/${otherPosition.id}/archive` },
        { method: 'POST', url: `/positions/${otherPosition.id}/unarchive` },
      ] as const;
      for (const call of calls) {
        const response = await admin.call(call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(response.body).not.toContain(otherPosition.externalRef);
      }
      const listed = (await admin.call({ method: 'GET', url: `/positions?externalRef=${encodeURIComponent(otherPosition.externalRef)}` })).json<AdminPositionPage>();
      expect(listed.items).toEqual([]);
      const after = await context().database.db.selectFrom('positions').selectAll().where('id', '=', otherPosition.id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });

  describe('the OpenAPI document', () => {
    it('lists every position route with its schemas', async () => {
      const document = (await admin.call({ method: 'GET', url: '/openapi.json', key: null })).json<{
        paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown>; parameters?: { name: string }[] }>>;
        components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      }>();
      expect(Object.keys(document.paths['/api/admin/v1/positions'] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(document.paths['/api/admin/v1/positions/{id}'] ?? {}).sort()).toEqual(['get', 'put']);
      expect(document.paths['/api/admin/v1/positions/{id}/archive']?.post).toBeDefined();
      expect(document.paths['/api/admin/v1/positions/{id}/unarchive']?.post).toBeDefined();
      expect(document.paths['/api/admin/v1/positions']?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['archived', 'cursor', 'externalRef', 'limit']);
      expect(Object.keys(document.components.schemas.Position?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'externalRef', 'archivedAt', 'updatedAt', 'locations']));
      expect(JSON.stringify(document.paths['/api/admin/v1/positions']?.post?.requestBody)).toContain('"externalRef":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[^\\\\u0000-\\\\u001f\\\\u007f]*$"}');
      expect(JSON.stringify(document.paths['/api/admin/v1/positions']?.post?.responses)).toContain('#/components/schemas/Position');
    });
  });
});

import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import * as tenantHtmlMigration from '../../db/migrations/0005-tenant-html';
import { createTenantForTests, manualClock } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { readSanitizedHtml } from './tenant-html';
import { createTenantsRepository } from './tenants.repository';
import { createTenantsService } from './tenants.service';
import { configWithHtml } from '../../test/tenant-configs';

const HOSTILE_BANNER = '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)" target="_blank">x</a>';
const FOOTER = '<p>© Hostile Ltd</p>';

const hostileConfig = configWithHtml({ footer: FOOTER, banner: HOSTILE_BANNER, bannerType: 'alert' });

/** What DOMPurify with the shared rules (@careers/html-sanitizer) makes of HOSTILE_BANNER. */
const CLEAN_BANNER = '<b>bold</b><img src="x"><a target="_blank" rel="noopener noreferrer">x</a>';

forEachDatabase('tenants: tenant HTML stored sanitized', (context) => {
  const service = () => createTenantsService({ repository: createTenantsRepository(context().database.db), clock: manualClock(), sanitizer: testHtmlSanitizer });

  // A child process starts node and jsdom: seconds on a busy machine.
  it('stores the config HTML sanitized by the real sanitizer (jsdom, in a child process), beside the config', { timeout: 60_000 }, async () => {
    await createTenantForTests(context(), { id: 'tenant-hostile', domain: 'hostile.example', isDefault: false, config: hostileConfig });
    const row = await context().database.db.selectFrom('tenants').select('sanitizedHtml').where('id', '=', 'tenant-hostile').executeTakeFirstOrThrow();
    expect(readSanitizedHtml(row.sanitizedHtml)).toEqual(
      new Map([
        [FOOTER, FOOTER],
        [HOSTILE_BANNER, CLEAN_BANNER],
      ]),
    );
    expect((await service().resolve('hostile.example'))?.sanitizedHtml.get(HOSTILE_BANNER)).toBe(CLEAN_BANNER);
  });

  it('completes, at start, a tenant written before migration 0005', { timeout: 60_000 }, async () => {
    // The table as an older server left it: no column for the results, then the migration adds it.
    const db = context().database.db.withoutPlugins() as Kysely<unknown>;
    await tenantHtmlMigration.down(db);
    await sql`insert into tenants (id, domain, is_default, company_name, config, created_at)
      values ('tenant-old', 'old.example', 0, 'Old Ltd', ${JSON.stringify(hostileConfig)}, '2025-01-01T00:00:00.000Z')`.execute(db);
    await tenantHtmlMigration.up(db);
    expect((await service().resolve('old.example'))?.sanitizedHtml).toEqual(new Map());

    expect(await service().completeSanitizedHtml()).toContain('old.example');
    expect((await service().resolve('old.example'))?.sanitizedHtml.get(HOSTILE_BANNER)).toBe(CLEAN_BANNER);
    expect(await service().completeSanitizedHtml()).toEqual([]);
  });
});

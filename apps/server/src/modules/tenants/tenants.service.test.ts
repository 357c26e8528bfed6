import { HTML_SANITIZER_RULES } from '@careers/html-sanitizer/rules-version';
import type { TenantConfigInput } from '@careers/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { manualClock } from '../../test/app';
import { readSanitizedHtml, storeSanitizedHtml, type TenantHtmlSanitizer } from './tenant-html';
import type { TenantRow, TenantsRepository } from './tenants.repository';
import { createTenantsService, InvalidTenantConfigError, TENANT_CACHE_TTL_MS } from './tenants.service';
import { configWithHtml } from '../../test/tenant-configs';

function fakeRepository(rows: TenantRow[]): TenantsRepository & { reads: number } {
  const fake = {
    reads: 0,
    async findByDomain(domain: string) {
      fake.reads += 1;
      return rows.find((row) => row.domain === domain) ?? null;
    },
    async findDefault() {
      fake.reads += 1;
      return rows.find((row) => row.isDefault) ?? null;
    },
    async listAll() {
      return rows.map((row) => ({ ...row }));
    },
    async insert(row: TenantRow) {
      rows.push(row);
    },
    async updateSanitizedHtml(id: string, sanitizedHtml: string) {
      const row = rows.find((candidate) => candidate.id === id);
      if (row) row.sanitizedHtml = sanitizedHtml;
    },
    async findById(id: string) {
      return rows.find((candidate) => candidate.id === id) ?? null;
    },
    async updateConfig(id: string, values: { config: string; companyName: string; sanitizedHtml: string }) {
      const row = rows.find((candidate) => candidate.id === id);
      if (row) Object.assign(row, values);
      return row !== undefined;
    },
    async updatePublicOrigins(id: string, publicOrigins: string | null) {
      const row = rows.find((candidate) => candidate.id === id);
      if (row) row.publicOrigins = publicOrigins;
      return row !== undefined;
    },
  };
  return fake;
}

/** A stand-in for DOMPurify that shows which HTML went through it, and how many times it ran. */
function fakeSanitizer(): TenantHtmlSanitizer & { calls: string[][] } {
  const calls: string[][] = [];
  const sanitize = async (html: readonly string[]) => {
    calls.push([...html]);
    return html.map((raw) => `clean(${raw})`);
  };
  return Object.assign(sanitize, { calls });
}

const withHtml = configWithHtml;

function rowOf(id: string, config: TenantConfigInput, sanitizedHtml: string | null): TenantRow {
  return {
    id,
    domain: `${id}.example`,
    isDefault: id === 't1',
    companyName: 'Acme Robotics',
    config: JSON.stringify(config),
    sanitizedHtml,
    publicOrigins: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const acmeRow: TenantRow = { ...rowOf('t1', ACME_CONFIG, null), domain: 'acme.example' };

function serviceOf(rows: TenantRow[], sanitizer: TenantHtmlSanitizer = fakeSanitizer()) {
  const repository = fakeRepository(rows);
  return { repository, service: createTenantsService({ repository, clock: manualClock(), sanitizer }) };
}

describe('tenants service', () => {
  it('resolves no domain to the default tenant and normalises case and spaces', async () => {
    const { service } = serviceOf([acmeRow]);
    expect((await service.resolve(undefined))?.domain).toBe('acme.example');
    expect((await service.resolve(' ACME.example '))?.id).toBe('t1');
    expect(await service.resolve('unknown.example')).toBeNull();
  });

  it('returns the parsed, complete config', async () => {
    const { service } = serviceOf([acmeRow]);
    const tenant = await service.resolve('acme.example');
    // A default the demo config leaves out, filled in by the parse (the demo opens the referrals gate, issue 11).
    expect(tenant?.config.behaviourFlags.redirectToDashboardV2).toBe(false);
    expect(tenant?.config.gates.referralWithCandidateApplicationGate).toBe(true);
    expect(tenant?.config.pcsxConfig.branding.companyName).toBe('Acme Robotics');
  });

  it('caches a tenant for a few seconds, and unknown domains not at all', async () => {
    const clock = manualClock();
    const repository = fakeRepository([acmeRow]);
    const service = createTenantsService({ repository, clock, sanitizer: fakeSanitizer() });
    await service.resolve('acme.example');
    await service.resolve('acme.example');
    expect(repository.reads).toBe(1);
    clock.advance(TENANT_CACHE_TTL_MS + 1);
    await service.resolve('acme.example');
    expect(repository.reads).toBe(2);
    await service.resolve('nope.example');
    await service.resolve('nope.example');
    expect(repository.reads).toBe(4);
  });

  it('refuses an invalid config on write and stores nothing', async () => {
    const sanitizer = fakeSanitizer();
    const { repository, service } = serviceOf([], sanitizer);
    const insert = vi.spyOn(repository, 'insert');
    await expect(
      service.create({ id: 'x', domain: 'bad.example', isDefault: false, config: { pcsxConfig: { branding: { companyName: '' } } } }),
    ).rejects.toThrow();
    expect(insert).not.toHaveBeenCalled();
    expect(sanitizer.calls).toEqual([]);
  });

  it('reports a stored config that no longer validates', async () => {
    const broken = { ...acmeRow, config: JSON.stringify({ pcsxConfig: { branding: { primaryColor: 'red' } } }) };
    const { service } = serviceOf([broken]);
    await expect(service.resolve('acme.example')).rejects.toBeInstanceOf(InvalidTenantConfigError);
  });
});

describe('tenants service: tenant HTML sanitized on write (P10, QUALITY T09)', () => {
  const config = withHtml({ footer: '<p>f</p>', banner: '<b>b</b><script>x</script>', loggedOut: '<i>o</i>' });

  it('sanitizes every custom HTML of the config in one run and stores raw → clean beside it', async () => {
    const rows: TenantRow[] = [];
    const sanitizer = fakeSanitizer();
    const { service } = serviceOf(rows, sanitizer);
    const tenant = await service.create({ id: 't2', domain: 'T2.example', isDefault: false, config });
    expect(sanitizer.calls).toEqual([['<p>f</p>', '<b>b</b><script>x</script>', '<i>o</i>']]);
    const expected = new Map([
      ['<p>f</p>', 'clean(<p>f</p>)'],
      ['<b>b</b><script>x</script>', 'clean(<b>b</b><script>x</script>)'],
      ['<i>o</i>', 'clean(<i>o</i>)'],
    ]);
    expect(tenant.sanitizedHtml).toEqual(expected);
    expect(readSanitizedHtml(rows[0]?.sanitizedHtml ?? null)).toEqual(expected);
    expect((await service.resolve('t2.example'))?.sanitizedHtml).toEqual(expected);
  });

  it('stores an empty map, without running the sanitizer, for a config without HTML', async () => {
    const rows: TenantRow[] = [];
    const sanitizer = fakeSanitizer();
    const { service } = serviceOf(rows, sanitizer);
    await service.create({ id: 't3', domain: 't3.example', isDefault: false, config: withHtml({}) });
    expect(sanitizer.calls).toEqual([]);
    expect(rows[0]?.sanitizedHtml).toBe(storeSanitizedHtml(new Map()));
  });

  it('stores nothing when the sanitizer fails', async () => {
    const rows: TenantRow[] = [];
    const { service } = serviceOf(rows, () => Promise.reject(new Error('no jsdom')));
    await expect(service.create({ id: 't4', domain: 't4.example', isDefault: false, config })).rejects.toThrow('no jsdom');
    expect(rows).toEqual([]);
  });

  it('resolves a tenant written before (no stored results) with an empty map', async () => {
    const { service } = serviceOf([rowOf('t1', config, null)]);
    expect((await service.resolve(undefined))?.sanitizedHtml).toEqual(new Map());
  });
});

describe('tenants service: completing stored results at start', () => {
  const config = withHtml({ footer: '<p>f</p>', banner: '<b>b</b>' });

  it('sanitizes, in one run, only the HTML without a stored result, and keeps the rest', async () => {
    const rows = [
      rowOf('t1', config, null),
      // Its banner changed since its results were stored: the footer's is kept, the old banner's dropped.
      rowOf('t2', withHtml({ footer: '<p>f</p>', banner: '<b>new</b>' }), storeSanitizedHtml(new Map([['<p>f</p>', 'kept'], ['<b>old</b>', 'old']]))),
      rowOf('t3', config, storeSanitizedHtml(new Map([['<p>f</p>', 'f'], ['<b>b</b>', 'b']]))),
      rowOf('t4', withHtml({}), null),
    ];
    const sanitizer = fakeSanitizer();
    const { service } = serviceOf(rows, sanitizer);
    expect(await service.completeSanitizedHtml()).toEqual(['t1.example', 't2.example']);
    expect(sanitizer.calls).toEqual([['<p>f</p>', '<b>b</b>', '<b>new</b>']]);
    expect(readSanitizedHtml(rows[0]?.sanitizedHtml ?? null)).toEqual(
      new Map([
        ['<p>f</p>', 'clean(<p>f</p>)'],
        ['<b>b</b>', 'clean(<b>b</b>)'],
      ]),
    );
    expect(readSanitizedHtml(rows[1]?.sanitizedHtml ?? null)).toEqual(
      new Map([
        ['<p>f</p>', 'kept'],
        ['<b>new</b>', 'clean(<b>new</b>)'],
      ]),
    );
    expect(readSanitizedHtml(rows[2]?.sanitizedHtml ?? null)).toEqual(new Map([['<p>f</p>', 'f'], ['<b>b</b>', 'b']]));
    expect(rows[3]?.sanitizedHtml).toBeNull();

    // Once complete, a start has nothing to do and runs no sanitizer.
    expect(await service.completeSanitizedHtml()).toEqual([]);
    expect(sanitizer.calls).toHaveLength(1);
  });

  it('makes again the results of older sanitizer rules', async () => {
    const older = JSON.stringify({ rules: `${HTML_SANITIZER_RULES}-older`, entries: [['<p>f</p>', 'f'], ['<b>b</b>', 'b']] });
    const rows = [rowOf('t1', config, older)];
    const { service } = serviceOf(rows);
    expect(readSanitizedHtml(older)).toEqual(new Map());
    expect(await service.completeSanitizedHtml()).toEqual(['t1.example']);
    expect(readSanitizedHtml(rows[0]?.sanitizedHtml ?? null).get('<b>b</b>')).toBe('clean(<b>b</b>)');
  });

  it('leaves a tenant whose config no longer validates to fail where it is resolved', async () => {
    const rows = [{ ...rowOf('t1', config, null), config: '{"pcsxConfig":{}}' }, rowOf('t2', config, null)];
    const { service } = serviceOf(rows);
    expect(await service.completeSanitizedHtml()).toEqual(['t2.example']);
    expect(rows[0]?.sanitizedHtml).toBeNull();
  });

  it('shows the completed results to the next resolve (the cache is cleared)', async () => {
    const rows = [rowOf('t1', config, null)];
    const { service } = serviceOf(rows);
    expect((await service.resolve(undefined))?.sanitizedHtml.size).toBe(0);
    await service.completeSanitizedHtml();
    expect((await service.resolve(undefined))?.sanitizedHtml.get('<p>f</p>')).toBe('clean(<p>f</p>)');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ACME_CONFIG } from '../../db/seed/demo-tenants';
import { manualClock } from '../../test/app';
import type { TenantRow, TenantsRepository } from './tenants.repository';
import { createTenantsService, InvalidTenantConfigError, TENANT_CACHE_TTL_MS } from './tenants.service';

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
    async insert(row: TenantRow) {
      rows.push(row);
    },
  };
  return fake;
}

const acmeRow: TenantRow = {
  id: 't1',
  domain: 'acme.example',
  isDefault: true,
  companyName: 'Acme Robotics',
  config: JSON.stringify(ACME_CONFIG),
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('tenants service', () => {
  it('resolves no domain to the default tenant and normalises case and spaces', async () => {
    const service = createTenantsService({ repository: fakeRepository([acmeRow]), clock: manualClock() });
    expect((await service.resolve(undefined))?.domain).toBe('acme.example');
    expect((await service.resolve(' ACME.example '))?.id).toBe('t1');
    expect(await service.resolve('unknown.example')).toBeNull();
  });

  it('returns the parsed, complete config', async () => {
    const service = createTenantsService({ repository: fakeRepository([acmeRow]), clock: manualClock() });
    const tenant = await service.resolve('acme.example');
    expect(tenant?.config.gates.referralWithCandidateApplicationGate).toBe(false);
    expect(tenant?.config.pcsxConfig.branding.companyName).toBe('Acme Robotics');
  });

  it('caches a tenant for a few seconds, and unknown domains not at all', async () => {
    const clock = manualClock();
    const repository = fakeRepository([acmeRow]);
    const service = createTenantsService({ repository, clock });
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
    const repository = fakeRepository([]);
    const insert = vi.spyOn(repository, 'insert');
    const service = createTenantsService({ repository, clock: manualClock() });
    await expect(
      service.create({ id: 'x', domain: 'bad.example', isDefault: false, config: { pcsxConfig: { branding: { companyName: '' } } } }),
    ).rejects.toThrow();
    expect(insert).not.toHaveBeenCalled();
  });

  it('reports a stored config that no longer validates', async () => {
    const broken = { ...acmeRow, config: JSON.stringify({ pcsxConfig: { branding: { primaryColor: 'red' } } }) };
    const service = createTenantsService({ repository: fakeRepository([broken]), clock: manualClock() });
    await expect(service.resolve('acme.example')).rejects.toBeInstanceOf(InvalidTenantConfigError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { sha256Hex } from '../../kernel/sha256';
import { createApiKeysRepository } from './api-keys.repository';
import { createApiKeysService, parseApiKey, UnknownTenantError, type ApiKeysService } from './api-keys.service';

forEachDatabase('api keys service', (context) => {
  let keys: ApiKeysService;
  let acme: string;
  let globex: string;
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context(), 1);
    const tenants = await context().database.db.selectFrom('tenants').select(['id', 'domain']).orderBy('domain').execute();
    acme = tenants.find((tenant) => tenant.domain === 'acme.example')!.id;
    globex = tenants.find((tenant) => tenant.domain === 'globex.example')!.id;
    keys = createApiKeysService({ repository: createApiKeysRepository(context().database.db), clock });
  });
  afterAll(() => undefined);

  it('makes keys of the documented shape with 256 random secret bits, stored only as a hash', async () => {
    const created = await keys.create(acme, '  ATS sync  ');
    expect(created.key).toMatch(/^cpk_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ tenantId: acme, name: 'ATS sync', revokedAt: null, lastUsedAt: null });
    const parsed = parseApiKey(created.key)!;
    expect(parsed.keyId).toBe(created.keyId);
    // 43 base64url characters carry 258 bits; the secret is 32 random bytes.
    expect(Buffer.from(parsed.secret, 'base64url')).toHaveLength(32);
    const row = await context().database.db.selectFrom('apiKeys').selectAll().where('id', '=', created.keyId).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(sha256Hex(parsed.secret));
    expect(JSON.stringify(row)).not.toContain(parsed.secret);
    const again = await keys.create(acme, 'second');
    expect(again.key).not.toBe(created.key);
  });

  it('lists a tenant\'s keys without secrets and without other tenants\' keys', async () => {
    const theirs = await keys.create(globex, 'globex key');
    const listed = await keys.list(acme);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((key) => key.tenantId === acme)).toBe(true);
    expect(listed.map((key) => key.keyId)).not.toContain(theirs.keyId);
    expect(JSON.stringify(listed)).not.toMatch(/secret|cpk_/i);
  });

  it('authenticates a live key to its tenant and records its use to the minute', async () => {
    const created = await keys.create(acme, 'live');
    expect(await keys.authenticate(created.key)).toEqual({ keyId: created.keyId, tenantId: acme, name: 'live' });
    const first = (await keys.list(acme)).find((key) => key.keyId === created.keyId)!;
    expect(first.lastUsedAt).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await keys.authenticate(created.key);
    expect((await keys.list(acme)).find((key) => key.keyId === created.keyId)!.lastUsedAt).toBe(first.lastUsedAt);
    clock.advance(31_000);
    await keys.authenticate(created.key);
    expect((await keys.list(acme)).find((key) => key.keyId === created.keyId)!.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('refuses malformed, unknown, tampered and revoked keys', async () => {
    const created = await keys.create(acme, 'doomed');
    const { keyId, secret } = parseApiKey(created.key)!;
    const flipped = secret[0] === 'A' ? `B${secret.slice(1)}` : `A${secret.slice(1)}`;
    for (const bad of ['', 'cpk_', created.key + 'x', ` ${created.key}`, `cpk_${keyId}_${flipped}`, `cpk_${'f'.repeat(24)}_${secret}`]) {
      expect(await keys.authenticate(bad)).toBeNull();
    }
    const revoked = await keys.revoke(acme, keyId);
    expect(revoked.revokedAt).toBe(clock.now().toISOString());
    expect(await keys.authenticate(created.key)).toBeNull();
    // Revoking again is a no-op that keeps the first time.
    clock.advance(1000);
    expect((await keys.revoke(acme, keyId)).revokedAt).toBe(revoked.revokedAt);
  });

  it('answers 404 for another tenant\'s key or an unknown one, and leaves it working', async () => {
    const theirs = await keys.create(globex, 'not yours');
    await expect(keys.revoke(acme, theirs.keyId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(keys.revoke(acme, 'nope')).rejects.toMatchObject({ statusCode: 404 });
    expect(await keys.authenticate(theirs.key)).not.toBeNull();
  });

  it('refuses an unknown tenant and a blank or over-long name', async () => {
    await expect(keys.create('no-such-tenant', 'x')).rejects.toBeInstanceOf(UnknownTenantError);
    await expect(keys.create('no-such-tenant', 'x')).rejects.toThrow('Unknown tenant "no-such-tenant"');
    await expect(keys.create(acme, '   ')).rejects.toThrow(/name/);
    await expect(keys.create(acme, 'x'.repeat(101))).rejects.toThrow(/name/);
  });
});

describe('parseApiKey', () => {
  it('reads only our format', () => {
    expect(parseApiKey(`cpk_${'a'.repeat(24)}_${'-'.repeat(43)}`)).toEqual({ keyId: 'a'.repeat(24), secret: '-'.repeat(43) });
    expect(parseApiKey(`cpk_${'A'.repeat(24)}_${'-'.repeat(43)}`)).toBeNull();
    expect(parseApiKey(`xpk_${'a'.repeat(24)}_${'-'.repeat(43)}`)).toBeNull();
  });
});

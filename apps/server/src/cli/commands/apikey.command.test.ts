import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { createServices } from '../../services';
import { seedForTests, TEST_SCRYPT, TEST_SESSION_SECRET, testConfig } from '../../test/app';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { forEachDatabase } from '../../test/databases';
import type { CliContext } from '../cli-command';
import { apikeyCommand } from './apikey.command';

forEachDatabase('apikey command', (context) => {
  let admin: AdminTestApp;
  let cli: CliContext;
  let out: string[];
  let err: string[];

  beforeAll(async () => {
    await seedForTests(context(), 2);
    admin = await createAdminTestApp(context());
    cli = {
      config: testConfig(context().dataDir),
      database: context().database,
      services: createServices(context().database, systemClock, TEST_SCRYPT, { email: { sessionSecret: TEST_SESSION_SECRET, publicOrigin: undefined, host: '127.0.0.1', port: 3000 } }),
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    };
  });
  afterAll(() => admin.app.close());

  const run = async (...args: string[]) => {
    out = [];
    err = [];
    return apikeyCommand.run(args, cli);
  };

  it('creates a key by tenant domain, prints it once on stdout with a warning on stderr, and the key works', async () => {
    expect(await run('create', '--tenant', 'acme.example', '--name', 'Workday sync')).toBe(0);
    expect(out).toHaveLength(1);
    const key = out[0]!;
    expect(key).toMatch(/^cpk_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
    expect(err.join('\n')).toMatch(/shown this once/);
    expect(err.join('\n')).not.toContain(key);
    expect((await admin.call({ method: 'GET', url: '/positions', key })).statusCode).toBe(200);

    // Listing never shows it again.
    expect(await run('list', '--tenant', admin.tenantId)).toBe(0);
    const keyId = key.split('_')[1]!;
    const line = out.find((item) => item.startsWith(keyId));
    expect(line).toContain('Workday sync');
    expect(line).toContain('active');
    expect(out.join('\n')).not.toContain(key.slice(-43));
  });

  it('revokes a key so the next call is refused, and refuses another tenant\'s key', async () => {
    await run('create', '--tenant=globex.example', '--name=other');
    const theirs = out[0]!;
    const theirId = theirs.split('_')[1]!;
    expect(await run('revoke', '--tenant', 'acme.example', theirId)).toBe(1);
    expect(err.join('\n')).toMatch(/no such key/);
    expect((await admin.call({ method: 'GET', url: '/positions', key: theirs })).statusCode).toBe(200);

    expect(await run('revoke', '--tenant', 'globex.example', theirId)).toBe(0);
    expect(out[0]).toMatch(/Revoked API key/);
    expect((await admin.call({ method: 'GET', url: '/positions', key: theirs })).statusCode).toBe(401);
    await run('list', '--tenant', 'globex.example');
    expect(out.find((item) => item.startsWith(theirId))).toMatch(/revoked /);
  });

  it('answers usage errors with exit code 2 and the usage, an unknown tenant with a clear message', async () => {
    for (const args of [[], ['frobnicate'], ['create', '--tenant', 'acme.example'], ['create', '--name', 'x'], ['create', '--tenant'], ['create', '--tenant', 'acme.example', '--name', 'x', '--bogus', '1'], ['revoke', '--tenant', 'acme.example'], ['revoke', '--tenant', 'acme.example', 'a', 'b']]) {
      expect(await run(...args), args.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('apikey create --tenant');
      expect(out).toEqual([]);
    }
    expect(await run('create', '--tenant', 'nowhere.example', '--name', 'x')).toBe(1);
    expect(err.join('\n')).toContain('no tenant with id or domain "nowhere.example"');
    expect(await run('create', '--tenant', 'acme.example', '--name', '   ')).toBe(2);
    expect(out).toEqual([]);
  });
});

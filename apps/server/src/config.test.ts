import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cp-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const cwd = scratch();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      seedDemo: true,
      logLevel: 'info',
      nodeEnv: 'production',
      trustProxy: false,
      staticHost: '',
      publicOrigin: undefined,
      searchRateLimitPerMinute: 120,
      ssrBudgetMs: 250,
    });
    expect(loadConfig({ SEARCH_RATE_LIMIT_PER_MINUTE: '5000' }, cwd).searchRateLimitPerMinute).toBe(5000);
    expect(() => loadConfig({ SEARCH_RATE_LIMIT_PER_MINUTE: '0' }, cwd)).toThrow('SEARCH_RATE_LIMIT_PER_MINUTE must be a whole number from 1');
    expect(loadConfig({ SSR_BUDGET_MS: '5000' }, cwd).ssrBudgetMs).toBe(5000);
    for (const bad of ['0', '-5', '2.5', 'soon', '60001']) {
      expect(() => loadConfig({ SSR_BUDGET_MS: bad }, cwd)).toThrow('SSR_BUDGET_MS must be a whole number of milliseconds from 1 to 60000');
    }
    expect(loadConfig({}, cwd).jobAlertsIntervalMs).toBe(60_000);
    expect(loadConfig({ JOB_ALERTS_INTERVAL_MS: '5000' }, cwd).jobAlertsIntervalMs).toBe(5000);
    for (const bad of ['999', '2.5', 'often', '3600001']) {
      expect(() => loadConfig({ JOB_ALERTS_INTERVAL_MS: bad }, cwd)).toThrow('JOB_ALERTS_INTERVAL_MS must be a whole number of milliseconds from 1000 to 3600000');
    }
    expect(config.webDistDir.endsWith(join('apps', 'web', 'dist'))).toBe(true);
  });

  it('generates a session secret once, keeps it with mode 0600, and reuses it', () => {
    const cwd = scratch();
    const first = loadConfig({}, cwd);
    const file = join(cwd, 'data', 'session-secret');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, cwd).sessionSecret).toBe(first.sessionSecret);
  });

  it('prefers SESSION_SECRET and writes no file then', () => {
    const cwd = scratch();
    const secret = 's'.repeat(40);
    expect(loadConfig({ SESSION_SECRET: secret }, cwd).sessionSecret).toBe(secret);
    expect(() => statSync(join(cwd, 'data', 'session-secret'))).toThrow();
  });

  it('refuses a session secret file that is too short', () => {
    const cwd = scratch();
    loadConfig({}, cwd);
    writeFileSync(join(cwd, 'data', 'session-secret'), 'short');
    expect(() => loadConfig({}, cwd)).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const cwd = scratch();
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/careers',
        DATABASE_URL: 'postgres://app@db:5432/careers',
        SESSION_SECRET: 'x'.repeat(48),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        TRUST_PROXY: 'true',
        WEB_DIST_DIR: 'web',
        STATIC_HOST: 'https://cdn.acme.example/',
        PUBLIC_ORIGIN: 'https://careers.acme.example/ignored-path',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/careers',
      databaseUrl: 'postgres://app@db:5432/careers',
      seedDemo: false,
      logLevel: 'warn',
      nodeEnv: 'development',
      trustProxy: true,
      webDistDir: join(cwd, 'web'),
      staticHost: 'https://cdn.acme.example',
      publicOrigin: 'https://careers.acme.example',
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORT: '', SEED_DEMO: '' })).toMatchObject({ PORT: 3000 });
    expect(parseEnv({ SEED_DEMO: '' }).SEED_DEMO).toBeUndefined();
  });

  it('refuses to start on PostgreSQL without SESSION_SECRET, naming it, and writes no secret file (issue 8 §2)', () => {
    const cwd = scratch();
    const url = 'postgres://app:hunter2@db:5432/careers';
    expect(() => loadConfig({ DATABASE_URL: url }, cwd)).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url }, cwd)).toThrow(/SESSION_SECRET must be set .* when DATABASE_URL is set/);
    expect(() => loadConfig({ DATABASE_URL: url }, cwd)).not.toThrow(/hunter2/);
    expect(() => statSync(join(cwd, 'data', 'session-secret'))).toThrow();
    expect(loadConfig({ DATABASE_URL: url, SESSION_SECRET: 'k'.repeat(40) }, cwd).sessionSecret).toBe('k'.repeat(40));
  });

  it('seeds the demo unless NODE_ENV=production is set; SEED_DEMO still decides when given (issue 8 §2)', () => {
    const cwd = scratch();
    expect(loadConfig({}, cwd).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }, cwd).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, cwd).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }, cwd).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }, cwd).seedDemo).toBe(false);
  });

  it('takes REDIS_URL for shared rate limits, and refuses other schemes', () => {
    const cwd = scratch();
    expect(loadConfig({}, cwd).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }, cwd).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(() => loadConfig({ REDIS_URL: 'http://cache' }, cwd)).toThrow(/REDIS_URL must be a redis/);
  });

  it('names every bad variable in one clear error, without echoing values', () => {
    const secretUrl = 'mysql://root:hunter2@db/careers';
    let message = '';
    try {
      parseEnv({ PORT: 'eighty', SEED_DEMO: 'maybe', DATABASE_URL: secretUrl, LOG_LEVEL: 'loud', PUBLIC_ORIGIN: 'ftp://x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'SEED_DEMO', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_ORIGIN']) expect(message).toContain(name);
    expect(message).not.toContain('hunter2');
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT must be an integer between 0 and 65535/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET must be at least 32 characters/);
  });
});

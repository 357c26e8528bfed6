import { Writable } from 'node:stream';
import { CSRF_HEADER } from '@careers/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_SSR_BUDGET_MS } from '../modules/shell/shell.ssr';
import { systemClock, type Clock } from '../clock';
import type { AppConfig } from '../config';
import { seedDemo, type SeedOptions } from '../startup/seed/seed';
import type { RateLimits } from '../http/rate-limit';
import type { ScryptParams } from '../modules/auth/password';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';
import { createTenantsService, type NewTenant, type Tenant } from '../modules/tenants/tenants.service';
import type { TestDatabase } from './databases';
import { testHtmlSanitizer } from './html-sanitizer';

/** Cheap scrypt for tests; production keeps N=16384 (the hash format records N, so both verify). */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };
export const TEST_REFERENCE_DATE = new Date('2025-03-01T00:00:00.000Z');
/** What every test seed shares: a fixed date, cheap scrypt, and the demo HTML sanitized once per run. */
export const TEST_SEED_OPTIONS = { referenceDate: TEST_REFERENCE_DATE, scrypt: TEST_SCRYPT, sanitizer: testHtmlSanitizer } satisfies SeedOptions;
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

export const ADA = { email: 'ada@acme.example', password: 'lovelace-demo-1' };
export const GRACE = { email: 'grace@acme.example', password: 'hopper-demo-1' };
export const ADMIN = { email: 'admin@acme.example', password: 'babbage-demo-1' };
export const HANK = { email: 'hank@globex.example', password: 'scorpio-demo-1', domain: 'globex.example' };

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    sessionSecret: TEST_SESSION_SECRET,
    seedDemo: false,
    redisUrl: undefined,
    redisKeyPrefix: 'careers-test:',
    logLevel: 'info',
    nodeEnv: 'test',
    trustProxy: false,
    // No web build in tests unless a suite makes one: the shell uses its built-in template.
    webDistDir: `${dataDir}/no-web-build`,
    staticHost: '',
    publicOrigin: undefined,
    searchRateLimitPerMinute: 120,
    ssrBudgetMs: DEFAULT_SSR_BUDGET_MS,
    ...overrides,
  };
}

/** Writes a tenant as production does: config validated, its HTML sanitized (testHtmlSanitizer). */
export function createTenantForTests(context: TestDatabase, tenant: NewTenant): Promise<Tenant> {
  const tenants = createTenantsService({ repository: createTenantsRepository(context.database.db), clock: systemClock, sanitizer: testHtmlSanitizer });
  return tenants.create(tenant);
}

/** Seeds the demo tenants and accounts (few positions) into a suite's database. */
export async function seedForTests(context: TestDatabase, positions = 5): Promise<void> {
  await seedDemo(context.database, { ...TEST_SEED_OPTIONS, positions });
}

export interface TestAppOptions {
  /** Runs the expiry sweep and webhook dispatcher once the app listens (app.ts); off unless a suite tests them. */
  backgroundJobs?: boolean;
  config?: Partial<AppConfig>;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
  scrypt?: ScryptParams;
  extraSiteRoutes?: FastifyPluginAsync[];
  extraAdminRoutes?: FastifyPluginAsync[];
}

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
}

export async function createTestApp(context: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: testConfig(context.dataDir, options.config),
    database: context.database,
    logStream,
    clock: options.clock,
    scrypt: options.scrypt ?? TEST_SCRYPT,
    rateLimits: { authPerMinute: 10_000, searchPerMinute: 100_000, offerWritesPerMinute: 100_000, adminApiPerMinute: 100_000, applyPerMinute: 100_000, resumeUploadsPerMinute: 100_000, ...options.rateLimits },
    extraSiteRoutes: options.extraSiteRoutes,
    extraAdminRoutes: options.extraAdminRoutes,
    backgroundJobs: options.backgroundJobs,
  });
  await app.ready();
  return { app, logs };
}

/** A clock tests move by hand. */
export function manualClock(start = new Date('2025-03-01T09:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface ClientRequest {
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the current CSRF token on unsafe methods (default true). */
  withCsrf?: boolean;
}

/**
 * A browser stand-in over inject(): keeps cookies, sends the CSRF token on unsafe methods and picks
 * up a new one from `x-csrf-token`, as the web app does with its meta tag.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  async request(request: ClientRequest): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...request.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const isUnsafe = !['GET', 'HEAD'].includes(request.method);
    if (isUnsafe && request.withCsrf !== false && this.csrfToken && headers[CSRF_HEADER] === undefined) {
      headers[CSRF_HEADER] = this.csrfToken;
    }
    const response = await this.app.inject({
      method: request.method,
      url: request.url,
      payload: request.payload,
      headers,
      remoteAddress: this.remoteAddress,
    });
    this.absorb(response);
    return response;
  }

  absorb(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const isCleared = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers[CSRF_HEADER];
    if (typeof token === 'string') this.csrfToken = token;
  }

  /** Loads the signed-out state and its CSRF token, as the first page view does. */
  async start(domain?: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url: domain ? `/api/auth/me?domain=${domain}` : '/api/auth/me' });
  }

  async login(credentials: { email: string; password: string; domain?: string }): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.start(credentials.domain);
    return this.request({ method: 'POST', url: '/api/auth/login', payload: credentials });
  }

  async signup(input: { email: string; password: string; firstName: string; lastName: string; domain?: string }) {
    if (!this.csrfToken) await this.start(input.domain);
    return this.request({ method: 'POST', url: '/api/auth/signup', payload: input });
  }
}

let emailCounter = 0;
/** A fresh address per call, so tests sharing a suite database never collide. */
export function uniqueEmail(prefix = 'candidate'): string {
  emailCounter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${emailCounter}@example.com`;
}

export const NEW_PASSWORD = 'correct-horse-battery';

/** One signed-in client per account, in order (the T01 suites' Ada, Grace and Hank). */
export async function signedInClients(app: FastifyInstance, ...accounts: { email: string; password: string; domain?: string }[]): Promise<TestClient[]> {
  const clients: TestClient[] = [];
  for (const account of accounts) {
    const client = new TestClient(app);
    await client.login(account);
    clients.push(client);
  }
  return clients;
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * How long the HTML may wait for its server-rendered screen; past it the page goes out with an empty
 * root and the browser renders it, as it did before server rendering. Defined here, the default of
 * SSR_BUDGET_MS, so configuration imports no module (issue 8 §5).
 */
export const DEFAULT_SSR_BUDGET_MS = 250;

/** One typed object for the whole environment (DESIGN.md "Environment"). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: SQLite at `${dataDir}/careers.sqlite`. */
  databaseUrl: string | undefined;
  sessionSecret: string;
  /** Seed the demo site into an empty database at start. */
  seedDemo: boolean;
  /** Unset: rate limits are counted in this process's memory (issue 8 §2: set it when running several). */
  redisUrl: string | undefined;
  /** Prefixed to every Redis key, so deployments (and test runs) sharing a Redis never meet. */
  redisKeyPrefix: string;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /** X-Forwarded-* headers are believed only when set (a spoofed X-Forwarded-For must not move rate limits). */
  trustProxy: boolean;
  webDistDir: string;
  /**
   * The web's server renderer (apps/web/dist-ssr/entry-server.js, built beside web/dist); unset or missing:
   * pages go out with an empty root, as before server rendering.
   */
  webSsrEntry?: string | undefined;
  /** Origin prefixed to relative asset paths such as avatars; '' means same origin. */
  staticHost: string;
  /** e.g. https://careers.acme.example — Secure cookies, HSTS and canonical links follow it. */
  publicOrigin: string | undefined;
  /** Searches per client IP per minute (T06); benchmarks raise it. */
  searchRateLimitPerMinute: number;
  /**
   * How long a page's HTML waits for its server-rendered first screen before it goes out with an empty
   * root (the browser then renders it). A loaded test machine raises it so the e2e suite sees SSR.
   */
  ssrBudgetMs: number;
  /**
   * JOB_ALERTS_INTERVAL_MS (issue 12): how often this process sweeps new and changed positions for job alerts
   * (default a minute). The e2e suite shortens it so a guest's alert arrives in seconds.
   */
  jobAlertsIntervalMs?: number;
  /**
   * WEBHOOKS_ALLOW_PRIVATE (issue 10): webhook endpoints may use http:// and private or loopback addresses.
   * Off by default (SSRF); tests and a development machine with a local receiver turn it on.
   */
  webhooksAllowPrivate?: boolean;
  /**
   * Issue 12: smtp(s)://user:pass@host:port the email sender sends through (nodemailer). Unset: emails stay
   * in the outbox unsent (readable in development at GET /api/dev/email_outbox).
   */
  smtpUrl?: string | undefined;
  /** The From of every email. */
  emailFrom?: string;
}

export type LogLevel = z.infer<typeof logLevelSchema>;
export type NodeEnv = z.infer<typeof nodeEnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SESSION_SECRET_FILE = 'session-secret';
const SESSION_SECRET_MIN_LENGTH = 32;

const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const nodeEnvSchema = z.enum(['development', 'production', 'test']);

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be one of 1, 0, true, false, yes, no' })
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const origin = z
  .string()
  .url('must be an absolute http(s) URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
  .transform((value) => new URL(value).origin);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be an integer between 0 and 65535' })
    .int('must be an integer between 0 and 65535')
    .min(0, 'must be an integer between 0 and 65535')
    .max(65535, 'must be an integer between 0 and 65535')
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SESSION_SECRET: z
    .string()
    .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`)
    .optional(),
  /** Unset: on unless NODE_ENV is set to production (issue 8 §2: no demo accounts with public passwords there). */
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: logLevelSchema.default('info'),
  NODE_ENV: nodeEnvSchema.default('production'),
  TRUST_PROXY: flag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  STATIC_HOST: z.union([z.literal(''), origin]).default(''),
  PUBLIC_ORIGIN: origin.optional(),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .default(120),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3, 'must be an address such as Careers <careers@example.com>').max(300, 'must be at most 300 characters').default('Careers <no-reply@localhost>'),
  REDIS_KEY_PREFIX: z.string().max(100, 'must be at most 100 characters').default('careers:'),
  SSR_BUDGET_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1 to 60000' })
    .int('must be a whole number of milliseconds from 1 to 60000')
    .min(1, 'must be a whole number of milliseconds from 1 to 60000')
    .max(60_000, 'must be a whole number of milliseconds from 1 to 60000')
    .default(DEFAULT_SSR_BUDGET_MS),
  JOB_ALERTS_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
    .int('must be a whole number of milliseconds from 1000 to 3600000')
    .min(1000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .max(3_600_000, 'must be a whole number of milliseconds from 1000 to 3600000')
    .default(60_000),
  WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
});

type Env = Record<string, string | undefined>;

/**
 * Validates the variables without touching the disk. Empty strings count as unset, as container
 * tooling often exports them that way.
 */
export function parseEnv(env: Env): z.output<typeof envSchema> {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const result = envSchema.safeParse(relevant);
  if (!result.success) {
    // Name each variable and the rule; never echo values (SESSION_SECRET, DATABASE_URL hold secrets).
    const problems = result.error.issues.map((issue) => `${String(issue.path[0] ?? '?')} ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

/** The server's default web build: apps/web/dist, from src/ (tsx, tests) or dist/ (the bundle) alike. */
function defaultWebDistDir(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** The web's SSR build sits beside its browser build: web/dist-ssr next to web/dist. */
function webSsrEntryBeside(webDistDir: string): string {
  return join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
}

function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * A secret generated on first start and kept beside the data, so sessions survive restarts without
 * any setup. Processes sharing one PostgreSQL must share SESSION_SECRET instead.
 */
export function readOrCreateSessionSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SESSION_SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < SESSION_SECRET_MIN_LENGTH) {
    throw new ConfigError(`Invalid session secret file ${file}: shorter than ${SESSION_SECRET_MIN_LENGTH} characters`);
  }
  return secret;
}

/**
 * Issue 8 §2: processes sharing one PostgreSQL must sign CSRF tokens with one key, or a token made by one
 * fails on the next. A generated file is per machine, so with DATABASE_URL the secret must be given. (Kept
 * out of the database on purpose: a secret in a table travels with every backup and every read-only role.)
 */
function sessionSecretOf(parsed: z.output<typeof envSchema>, dataDir: string): string {
  if (parsed.SESSION_SECRET) return parsed.SESSION_SECRET;
  if (parsed.DATABASE_URL) {
    throw new ConfigError(
      `Invalid environment: SESSION_SECRET must be set (at least ${SESSION_SECRET_MIN_LENGTH} characters, the same for every process) when DATABASE_URL is set`,
    );
  }
  return readOrCreateSessionSecret(dataDir);
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = parseEnv(env);
  const dataDir = absolute(parsed.DATA_DIR, cwd);
  const webDistDir = parsed.WEB_DIST_DIR ? absolute(parsed.WEB_DIST_DIR, cwd) : defaultWebDistDir();
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    sessionSecret: sessionSecretOf(parsed, dataDir),
    // Only an explicit NODE_ENV=production turns the demo off: the README's `npm start` sets none and keeps it.
    seedDemo: parsed.SEED_DEMO ?? env.NODE_ENV !== 'production',
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    logLevel: parsed.LOG_LEVEL,
    nodeEnv: parsed.NODE_ENV,
    trustProxy: parsed.TRUST_PROXY,
    webDistDir,
    webSsrEntry: webSsrEntryBeside(webDistDir),
    staticHost: parsed.STATIC_HOST,
    publicOrigin: parsed.PUBLIC_ORIGIN,
    searchRateLimitPerMinute: parsed.SEARCH_RATE_LIMIT_PER_MINUTE,
    ssrBudgetMs: parsed.SSR_BUDGET_MS,
    jobAlertsIntervalMs: parsed.JOB_ALERTS_INTERVAL_MS,
    webhooksAllowPrivate: parsed.WEBHOOKS_ALLOW_PRIVATE,
    smtpUrl: parsed.SMTP_URL,
    emailFrom: parsed.EMAIL_FROM,
  };
}

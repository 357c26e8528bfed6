import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { ApiKeyAuthenticator, ApiKeyPrincipal } from '../../kernel/api-key';
import { sha256Hex } from '../../kernel/sha256';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/**
 * Employer-API keys (issue 10, T02): `cpk_<keyId>_<secret>`, the key id 96 random bits in hex (public: it
 * names the key in lists, revocations and the audit log) and the secret 256 random bits in base64url, stored
 * only as its SHA-256. A key is shown once, when it is made.
 *
 * There is no cache: every request reads its key by primary key, so a revocation stops the key at once on
 * every process. SHA-256 rather than scrypt: the secret is 256 random bits, not a password, so a fast hash
 * is as strong and keeps that read cheap.
 */

const KEY_PATTERN = /^cpk_([0-9a-f]{24})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is kept to the minute: one write per key per minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;
export const API_KEY_NAME_MAX_LENGTH = 100;

export interface ApiKeySummary {
  keyId: string;
  tenantId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeySummary {
  /** The full key: returned here once and never again. */
  key: string;
}

export interface ApiKeysService extends ApiKeyAuthenticator {
  create(tenantId: string, name: string): Promise<CreatedApiKey>;
  /** The tenant's keys, oldest first, revoked ones included; never a secret. */
  list(tenantId: string): Promise<ApiKeySummary[]>;
  /** Revokes the tenant's key (again is a no-op); 404 for an unknown key or another tenant's. */
  revoke(tenantId: string, keyId: string): Promise<ApiKeySummary>;
}

export class UnknownTenantError extends NotFoundError {
  constructor(tenantId: string) {
    super(`Unknown tenant "${tenantId}"`);
  }
}

export class InvalidApiKeyNameError extends Error {
  override name = 'InvalidApiKeyNameError';
}

function summary(row: ApiKeyRow): ApiKeySummary {
  return { keyId: row.id, tenantId: row.tenantId, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}

/** The key's id and secret, or null when the text cannot be one of our keys (no database read then). */
export function parseApiKey(rawKey: string): { keyId: string; secret: string } | null {
  const match = KEY_PATTERN.exec(rawKey);
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createApiKeysService(deps: { repository: ApiKeysRepository; clock: Clock }): ApiKeysService {
  const { repository, clock } = deps;
  return {
    async create(tenantId, name) {
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > API_KEY_NAME_MAX_LENGTH) {
        throw new InvalidApiKeyNameError(`A key needs a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters`);
      }
      if (!(await repository.tenantExists(tenantId))) throw new UnknownTenantError(tenantId);
      const keyId = randomBytes(12).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const row: ApiKeyRow = {
        id: keyId,
        tenantId,
        name: trimmed,
        secretHash: sha256Hex(secret),
        createdAt: clock.now().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      await repository.insert(row);
      return { ...summary(row), key: `cpk_${keyId}_${secret}` };
    },

    async list(tenantId) {
      return (await repository.listByTenant(tenantId)).map(summary);
    },

    async revoke(tenantId, keyId) {
      if (!(await repository.revoke(tenantId, keyId, clock.now().toISOString()))) throw new NotFoundError();
      const row = await repository.findById(keyId);
      if (!row) throw new NotFoundError();
      return summary(row);
    },

    async authenticate(rawKey): Promise<ApiKeyPrincipal | null> {
      const parsed = parseApiKey(rawKey);
      if (!parsed) return null;
      const row = await repository.findById(parsed.keyId);
      // Hash either way, so an unknown id costs what a known one does.
      const presented = sha256Hex(parsed.secret);
      if (!row || !sameHash(presented, row.secretHash) || row.revokedAt !== null) return null;
      const now = clock.now();
      await repository.touch(row.id, now.toISOString(), new Date(now.getTime() - TOUCH_EVERY_MS).toISOString());
      return { keyId: row.id, tenantId: row.tenantId, name: row.name };
    },
  };
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost. Production is N=16384, r=8, p=1; tests may lower N through buildApp options only. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_SCRYPT: ScryptParams = { N: 16384, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;
/** A stored hash naming a larger cost than this is treated as corrupt rather than computed. */
const MAX_N = 1 << 20;

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`; the salt is random unless given (the deterministic demo seed gives one). */
  hash(password: string, salt?: Buffer): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same work as `verify` and returns false: used for unknown emails so that a wrong email
   * and a wrong password take the same time (T05).
   */
  verifyDummy(password: string): Promise<false>;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(N) || N > MAX_N || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null;
  return { params: { N, r, p }, salt, key };
}

export function createPasswordHasher(params: ScryptParams = PRODUCTION_SCRYPT): PasswordHasher {
  async function hash(password: string, salt: Buffer = randomBytes(SALT_LENGTH)): Promise<string> {
    const key = await derive(password, salt, params);
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  let dummyHash: Promise<string> | undefined;

  async function verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.params);
    return timingSafeEqual(key, parsed.key);
  }

  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummyHash ??= hash('not-a-real-password');
      await verify(password, await dummyHash);
      return false;
    },
  };
}

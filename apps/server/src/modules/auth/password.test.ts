import { describe, expect, it } from 'vitest';
import { createPasswordHasher, PRODUCTION_SCRYPT } from './password';

describe('password hashing', () => {
  const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

  it('stores scrypt$N$r$p$salt$hash with a 16-byte salt and verifies', async () => {
    const stored = await hasher.hash('correct horse battery');
    const parts = stored.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(Buffer.from(parts[4] ?? '', 'base64url')).toHaveLength(16);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterx', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('verifies with the cost recorded in the hash', async () => {
    const production = await createPasswordHasher().hash('strong-password');
    expect(production.startsWith(`scrypt$${PRODUCTION_SCRYPT.N}$8$1$`)).toBe(true);
    expect(await hasher.verify('strong-password', production)).toBe(true);
  });

  it('treats malformed or hostile stored values as a mismatch', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$$', 'scrypt$3$8$1$c2FsdA$aGFzaA', `scrypt$${2 ** 24}$8$1$c2FsdA$${'A'.repeat(43)}`]) {
      expect(await hasher.verify('anything', stored)).toBe(false);
    }
  });

  it('spends a verification on the dummy hash and returns false', async () => {
    expect(await hasher.verifyDummy('whatever')).toBe(false);
  });

  it('normalises Unicode so the same password typed differently matches', async () => {
    const stored = await hasher.hash('caf\u00e9-password');
    expect(await hasher.verify('cafe\u0301-password', stored)).toBe(true);
  });
});

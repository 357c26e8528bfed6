import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCatalogueCache, interpolate, translator } from './catalogues';

describe('server catalogues (issue 13)', () => {
  afterEach(() => clearCatalogueCache());

  it('reads the package catalogues in the asked language, with plural forms from Intl.PluralRules', () => {
    expect(translator('de', 'emails')('reset.subject', { company: 'Acme' })).toBe('Setzen Sie Ihr Passwort für die Karriereseite von Acme zurück');
    expect(translator('en', 'emails')('reset.subject', { company: 'Acme' })).toBe('Reset your password for Acme careers');
    // Polish: 1 → one, 3 → few, 30 → many.
    const pl = translator('pl', 'emails');
    expect(pl('reset.expiry', { count: 1 })).toContain('1 minutę');
    expect(pl('reset.expiry', { count: 3 })).toContain('3 minuty');
    expect(pl('reset.expiry', { count: 30 })).toContain('30 minut.');
    expect(translator('en', 'emails')('reset.expiry', { count: 1 })).toContain('within 1 minute.');
  });

  it('reads an unknown locale, or one that is not a plain code, as English and never as a path', () => {
    expect(translator('xx', 'emails')('openLink')).toBe('Open it here');
    expect(translator('../en', 'emails')('openLink')).toBe('Open it here');
    expect(translator('de', '../en/emails')('openLink')).toBe('openLink');
  });

  it('falls back to English key by key when a locale lacks one, and to the key when English lacks it too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogues-'));
    try {
      mkdirSync(join(dir, 'en'));
      mkdirSync(join(dir, 'de'));
      writeFileSync(join(dir, 'en', 'emails.json'), JSON.stringify({ greeting: 'Hello {name}', bye: 'Goodbye', things_one: '{count} thing', things_other: '{count} things' }));
      writeFileSync(join(dir, 'de', 'emails.json'), JSON.stringify({ greeting: 'Hallo {name}', things_other: '{count} Dinge' }));
      clearCatalogueCache(dir);
      const de = translator('de', 'emails');
      expect(de('greeting', { name: 'Ada' })).toBe('Hallo Ada');
      expect(de('bye')).toBe('Goodbye');
      // German's "one" form is missing: its "other" form, then English's.
      expect(de('things', { count: 2 })).toBe('2 Dinge');
      expect(de('things', { count: 1 })).toBe('1 Dinge');
      expect(de('missing.key')).toBe('missing.key');
      // A locale without the namespace at all reads English.
      expect(translator('fr', 'emails')('greeting', { name: 'Ada' })).toBe('Hello Ada');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('interpolates named placeholders only, leaving unknown ones as written', () => {
    expect(interpolate('{a} and {b} and {a}', { a: 1 })).toBe('1 and {b} and 1');
    expect(interpolate('{constructor}', {})).toBe('{constructor}');
  });
});

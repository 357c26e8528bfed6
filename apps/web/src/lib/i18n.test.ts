import { DEFAULT_LOCALE, SUPPORTED_LOCALES, resolveLocale } from '@careers/i18n';
import { describe, expect, it } from 'vitest';
import { changeLocale, createI18n } from './i18n';

describe('i18n', () => {
  it('is ready synchronously with the bundled English catalogues and ICU-style placeholders', () => {
    const i18n = createI18n();
    expect(i18n.t('shell.footer.poweredBy')).toBe('Powered by Careers Portal');
    expect(i18n.t('home.title', { ns: 'search', company: 'Acme Robotics' })).toBe('Careers at Acme Robotics');
    expect(i18n.t('devices.revoked', { ns: 'account', count: 1 })).toBe('Signed out of 1 other device.');
    expect(i18n.t('devices.revoked', { ns: 'account', count: 3 })).toBe('Signed out of 3 other devices.');
  });

  it('supports about 38 locales including the ones the spec names', () => {
    const codes = SUPPORTED_LOCALES.map((locale) => locale.code);
    expect(codes.length).toBeGreaterThanOrEqual(36);
    for (const code of ['en', 'fr-CA', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW']) expect(codes).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('resolves requested languages to supported locales', () => {
    expect(resolveLocale('fr-ca')).toBe('fr-CA');
    expect(resolveLocale('pt_BR')).toBe('pt-BR');
    expect(resolveLocale('de-AT')).toBe('de');
    expect(resolveLocale('xx')).toBe('en');
    expect(resolveLocale(null)).toBe('en');
  });

  it('takes a locale without a catalogue yet: <html lang dir> say it, each key falls back to English (issue 13)', async () => {
    const i18n = createI18n();
    await expect(changeLocale(i18n, 'fr-CA')).resolves.toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('shell.navbar.signIn')).toBe('Sign in');
    await expect(changeLocale(i18n, 'ar')).resolves.toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('devices.revoked', { ns: 'account', count: 3 })).toBe('Signed out of 3 other devices.');
    await changeLocale(i18n, 'en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});

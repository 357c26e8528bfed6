import { DEFAULT_LOCALE, SUPPORTED_LOCALES, resolveLocale, setCatalogueSource, type CatalogueSource } from '@careers/i18n';
import { bundledCatalogues } from '@careers/i18n/bundled-catalogues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFiles } from './catalogue-files';
import { changeLocale, createI18n } from './i18n';

describe('i18n', () => {
  it('is ready synchronously with the bundled English catalogues and ICU-style placeholders', () => {
    const i18n = createI18n();
    expect(i18n.t('shell.footer.poweredBy')).toBe('Powered by Careers Portal');
    expect(i18n.t('home.title', { ns: 'search', company: 'Acme Robotics' })).toBe('Careers at Acme Robotics');
    expect(i18n.t('shell.userMenu.offersActionRequired', { count: 1 })).toBe('1 offer needs your action');
    expect(i18n.t('shell.userMenu.offersActionRequired', { count: 3 })).toBe('3 offers need your action');
    // The settings' namespace travels with the settings screen, not the first bundle (P5).
    expect(i18n.hasResourceBundle('en', 'account')).toBe(false);
  });

  it("keeps each instance's screen catalogues to itself (the server's renderer makes one per page)", () => {
    const first = createI18n();
    first.addResourceBundle('en', 'account', { title: 'Account' });
    expect(first.hasResourceBundle('en', 'account')).toBe(true);
    expect(createI18n().hasResourceBundle('en', 'account')).toBe(false);
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

  afterEach(() => setCatalogueSource(bundledCatalogues));

  it('takes a locale whose catalogue cannot be had: <html lang dir> say it, each key falls back to English (issue 13)', async () => {
    setCatalogueSource(() => Promise.reject(new Error('offline')));
    const i18n = createI18n();
    await expect(changeLocale(i18n, 'fr-CA')).resolves.toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('shell.navbar.signIn')).toBe('Sign in');
    await expect(changeLocale(i18n, 'ar')).resolves.toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await changeLocale(i18n, 'en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('a key a catalogue lacks falls back on its own; the rest is in the language (issue 13)', async () => {
    const partial: CatalogueSource = (_locale, namespace) => Promise.resolve(namespace === 'common' ? { shell: { navbar: { signIn: 'Se connecter' } } } : null);
    setCatalogueSource(partial);
    const i18n = createI18n();
    await changeLocale(i18n, 'fr');
    expect(i18n.t('shell.navbar.signIn')).toBe('Se connecter');
    expect(i18n.t('shell.footer.poweredBy')).toBe('Powered by Careers Portal');
    await changeLocale(i18n, 'en');
  });

  it('switches to a shipped locale with its plural rules: Arabic, Japanese (issue 13)', async () => {
    const i18n = createI18n();
    await changeLocale(i18n, 'ja');
    expect(i18n.t('shell.navbar.signIn')).not.toBe('Sign in');
    expect(i18n.t('shell.userMenu.offersActionRequired', { count: 3 })).toContain('3');
    await changeLocale(i18n, 'ar');
    const two = i18n.t('shell.userMenu.offersActionRequired', { count: 2 });
    const eleven = i18n.t('shell.userMenu.offersActionRequired', { count: 11 });
    expect(two).not.toBe(eleven);
    await changeLocale(i18n, 'en');
  });
});

describe('catalogue files (the browser\'s catalogue source)', () => {
  it('fetches a locale\'s namespace from the build\'s versioned path, without cookies', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ a: 'b' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(catalogueFiles('de', 'common')).resolves.toEqual({ a: 'b' });
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/^\/assets\/i18n\/[0-9a-f]+\/de\/common\.json$/), { credentials: 'omit' });
  });

  it('asks for nothing that is not a supported locale and a known namespace, and answers null to a 404', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('', { status: 404 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(catalogueFiles('../../etc', 'common')).resolves.toBeNull();
    await expect(catalogueFiles('de', '../secrets' as 'common')).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(catalogueFiles('de', 'search')).resolves.toBeNull();
  });
});

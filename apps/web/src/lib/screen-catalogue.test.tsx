import enApply from '@careers/i18n/locales/en/apply.json';
import { PSEUDO_LOCALE, pseudoLocalize, setCatalogueSource, type CatalogueSource } from '@careers/i18n';
import { bundledCatalogues } from '@careers/i18n/bundled-catalogues';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, createI18n, loadLocale } from './i18n';
import { useScreenCatalogue } from './screen-catalogue';

/** A lazy screen's heading, as the apply screen draws it (apply namespace, registered by the screen). */
function ApplyHeading() {
  useScreenCatalogue('apply', enApply);
  const { t } = useTranslation('apply');
  return <h1>{t('lede.signedOut')}</h1>;
}

function Screen() {
  return (
    <Suspense fallback={<p>loading</p>}>
      <ApplyHeading />
    </Suspense>
  );
}

const ENGLISH = enApply.lede.signedOut;
const GERMAN = 'Ihre Antworten bleiben bis zum Absenden auf diesem Gerät.';
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('screen catalogues: no flash of English (issue 13)', () => {
  afterEach(() => {
    setCatalogueSource(bundledCatalogues);
    document.body.innerHTML = '';
  });

  it('a lazy screen in German waits for its catalogue: its first paint is German, never the English heading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: CatalogueSource = async (locale, namespace) => {
      if (namespace === 'apply') await gate;
      return bundledCatalogues(locale, namespace);
    };
    setCatalogueSource(slow);
    const i18n = createI18n();
    await loadLocale(i18n, 'de');
    const container = document.createElement('div');
    document.body.append(container);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    // Rendered in an awaited act: a component that suspends inside a synchronous act is never retried.
    const { unmount } = await act(async () => render(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>, { container }));
    expect(container.textContent).toBe('loading');
    release();
    expect((await screen.findByRole('heading', )).textContent).toBe(GERMAN);
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((text) => text.includes(ENGLISH))).toBe(false);
    unmount();
  });

  it("the server's renderer waits for it too: the HTML is German", async () => {
    const i18n = createI18n();
    await loadLocale(i18n, 'de');
    const { prelude } = await prerender(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>);
    const html = await new Response(prelude).text();
    expect(html).toContain('Ihre Antworten bleiben');
    expect(html).not.toContain(ENGLISH);
    expect(html).not.toContain('loading');
  });

  it('a change of language brings the screen along: no loading state, no English in between', async () => {
    const i18n = createI18n();
    await changeLocale(i18n, 'de');
    const container = document.createElement('div');
    document.body.append(container);
    const { unmount } = await act(async () => render(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>, { container }));
    expect((await screen.findByRole('heading', )).textContent).toBe(GERMAN);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    await act(async () => {
      await changeLocale(i18n, 'ja');
    });
    observer.disconnect();
    expect(container.querySelector('h1')?.textContent).toMatch(JAPANESE);
    expect(seen.filter((text) => text === 'loading' || text.includes(ENGLISH))).toEqual([]);
    unmount();
    await changeLocale(i18n, 'en');
  });

  it('a catalogue that cannot be had leaves the screen in English rather than waiting forever', async () => {
    setCatalogueSource((locale, namespace) => (namespace === 'apply' ? Promise.reject(new Error('offline')) : bundledCatalogues(locale, namespace)));
    const i18n = createI18n();
    await loadLocale(i18n, 'de');
    const { prelude } = await prerender(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>);
    expect(await new Response(prelude).text()).toContain(ENGLISH);
  });

  it('the pseudo-locale en-XA goes the same way: made from English, accented and longer', async () => {
    const i18n = createI18n();
    await loadLocale(i18n, 'en-xa');
    expect(i18n.language).toBe(PSEUDO_LOCALE);
    expect(i18n.t('shell.navbar.signIn')).toBe(pseudoLocalize('Sign in'));
    const { prelude } = await prerender(<I18nextProvider i18n={i18n}><Screen /></I18nextProvider>);
    expect(await new Response(prelude).text()).toContain(pseudoLocalize(ENGLISH).replace(/'/g, '&#x27;'));
  });
});

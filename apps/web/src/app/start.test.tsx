import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootQueryKeys, wrapServerMarkup, type BootData, type RenderedViewport } from '@careers/contracts';
import { searchQueryKey } from '../features/search/api/search-positions';
import { position, searchResponse } from '../features/search/test/search-fixtures';
import { installFetchMock } from '../test/fetch-mock';
import { hasCustomHtml } from '../lib/boot-data';
import { createI18n } from '../lib/i18n';
import { createQueryClient, seedPreloadedQueries } from '../lib/query-client';
import { loadSanitizer } from '../lib/sanitizer';
import { createBootData } from './dev/boot-fixture';
import { preloadScreens } from './route-preload';
import { ServerApp } from './ssr/server-app';
import { startApp } from './start';

let container: HTMLElement;
let root: Root | null = null;

function setBootData(text: string | null) {
  document.getElementById('boot-data')?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.id = 'boot-data';
  script.type = 'application/json';
  script.textContent = text;
  document.body.append(script);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  window.history.replaceState(null, '', '/careers');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.getElementById('boot-data')?.remove();
});

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

/** What the server sends in the root for this page: the same tree, drawn for `viewport`, wrapped. */
async function serverMarkup(url: string, bootData: BootData, viewport: RenderedViewport): Promise<string> {
  await Promise.all([preloadScreens(new URL(url, 'http://x').pathname, viewport), hasCustomHtml(bootData) ? loadSanitizer() : undefined]);
  const queryClient = createQueryClient();
  seedPreloadedQueries(queryClient, bootData.preloadedQueries);
  const html = renderToString(<ServerApp url={url} bootData={bootData} viewport={viewport} i18n={createI18n()} queryClient={queryClient} />);
  return wrapServerMarkup(html, viewport);
}

const hydrationFallbacks = () =>
  vi.mocked(console.error).mock.calls.filter((call) => /hydrat/i.test(call.map(String).join(' ')));

async function start() {
  await act(async () => {
    root = await startApp(container);
  });
}

describe('startApp', () => {
  it('renders the app from valid boot data', async () => {
    setBootData(JSON.stringify(createBootData()));
    await start();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Internal Server Error' })).toBeNull();
  });

  it('shows the 500 screen when boot data is missing', async () => {
    setBootData(null);
    await start();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(document.title).toBe('Internal Server Error');
  });

  it('shows the 500 screen for the unreplaced placeholder and for broken JSON', async () => {
    setBootData('__BOOT_DATA__');
    await start();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
  });

  it('shows the 500 screen when boot data fails BootDataSchema', async () => {
    const bootData = createBootData();
    setBootData(JSON.stringify({ ...bootData, environment: 'staging', userStore: { ...bootData.userStore, isLoggedIn: 'yes' } }));
    await start();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByText('Technical details')).toBeNull();
  });

  describe('with the first queries answered in the HTML', () => {
    it('paints the search results in the first render, without asking the API', async () => {
      const server = installFetchMock();
      window.history.replaceState(null, '', '/careers?query=robot&location=London');
      const request = { query: 'robot', location: 'London', start: 0, filters: {}, latlong: null, bounds: null, sortBy: undefined };
      const answer = searchResponse([position({ id: 501, name: 'Gripper Engineer' }), position({ id: 502, name: 'Arm Technician' })]);
      setBootData(JSON.stringify({ ...createBootData(), preloadedQueries: [{ key: searchQueryKey(request), data: answer }] }));
      await start();
      // No waitFor: the results are there as soon as the app has rendered once.
      expect(screen.getByRole('link', { name: /Gripper Engineer/ })).toBeTruthy();
      expect(screen.getByRole('link', { name: /Arm Technician/ })).toBeTruthy();
      expect(server.callsTo('GET', '/api/pcsx/search')).toHaveLength(0);
    });

    it('fetches what the HTML did not answer: another search is not mistaken for the preloaded one', async () => {
      const server = installFetchMock();
      server.on('GET', '/api/pcsx/search', () => new Response(JSON.stringify(searchResponse([position({ id: 601, name: 'Fetched Engineer' })])), { status: 200 }));
      window.history.replaceState(null, '', '/careers?query=robot&location=Paris');
      const preloadedFor = { query: 'robot', location: 'London', start: 0, filters: {}, latlong: null, bounds: null, sortBy: undefined };
      const answer = searchResponse([position({ id: 501, name: 'Gripper Engineer' })]);
      setBootData(JSON.stringify({ ...createBootData(), preloadedQueries: [{ key: searchQueryKey(preloadedFor), data: answer }] }));
      await start();
      await waitFor(() => expect(screen.getByRole('link', { name: /Fetched Engineer/ })).toBeTruthy());
      expect(screen.queryByRole('link', { name: /Gripper Engineer/ })).toBeNull();
      const calls = server.callsTo('GET', '/api/pcsx/search');
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((call) => call.url.searchParams.get('location') === 'Paris')).toBe(true);
    });

    it('shows the job page from the preloaded position_details answer', async () => {
      const server = installFetchMock();
      window.history.replaceState(null, '', '/careers/job/77');
      const details = { data: position({ id: 77, name: 'Preloaded Welder' }), metadata: { isFallback: false } };
      setBootData(JSON.stringify({ ...createBootData(), preloadedQueries: [{ key: bootQueryKeys.positionDetails('77', null), data: details }] }));
      await start();
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Preloaded Welder' })).toBeTruthy());
      expect(server.callsTo('GET', '/api/pcsx/position_details')).toHaveLength(0);
    });
  });

  describe('with the first screen rendered by the server', () => {
    const searchAt = (query: string, location: string) => ({ query, location, start: 0, filters: {}, latlong: null, bounds: null, sortBy: undefined });

    function bootWithResults(): BootData {
      const answer = searchResponse([position({ id: 501, name: 'Gripper Engineer' }), position({ id: 502, name: 'Arm Technician' })]);
      return { ...createBootData(), preloadedQueries: [{ key: [...searchQueryKey(searchAt('robot', 'London'))], data: answer }] };
    }

    it("hydrates the markup: the server's DOM stays, and becomes operable", async () => {
      installFetchMock();
      setWindowWidth(375);
      const url = '/careers?query=robot&location=London';
      window.history.replaceState(null, '', url);
      const bootData = bootWithResults();
      setBootData(JSON.stringify(bootData));
      container.innerHTML = await serverMarkup(url, bootData, 'phone');
      const wrapper = container.firstElementChild as HTMLElement;
      const serverLink = screen.getByRole('link', { name: /Gripper Engineer/, hidden: true });
      expect(wrapper.hasAttribute('inert')).toBe(true);

      await start();

      // The very same element: React adopted the server's DOM instead of drawing its own.
      expect(screen.getByRole('link', { name: /Gripper Engineer/ })).toBe(serverLink);
      expect(container.firstElementChild).toBe(wrapper);
      for (const attribute of ['inert', 'aria-disabled', 'data-server-rendered']) expect(wrapper.hasAttribute(attribute)).toBe(false);
      expect(hydrationFallbacks()).toEqual([]);
    });

    it('draws for the width the server guessed while hydrating, then for the real width', async () => {
      installFetchMock();
      setWindowWidth(375);
      window.history.replaceState(null, '', '/careers');
      const bootData = createBootData();
      setBootData(JSON.stringify(bootData));
      container.innerHTML = await serverMarkup('/careers', bootData, 'desktop');
      const serverHero = container.querySelector<HTMLImageElement>('img.hero__image');
      expect(serverHero?.getAttribute('src')).toBe('/brand/hero-desktop.svg');

      await start();

      // No mismatch (the hydrating render drew the desktop markup), then the phone's image in the same <img>.
      expect(hydrationFallbacks()).toEqual([]);
      await waitFor(() => expect(container.querySelector('img.hero__image')?.getAttribute('src')).toBe('/brand/hero-phone.svg'));
      expect(container.querySelector('img.hero__image')).toBe(serverHero);
    });

    it('shows the 500 screen in place of the markup when boot data is missing', async () => {
      setBootData(null);
      container.innerHTML = wrapServerMarkup('<main><h1>Stale</h1></main>', 'desktop');
      await start();
      expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
      expect(screen.queryByText('Stale')).toBeNull();
    });
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchResponse } from '../../features/search/test/search-fixtures';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

beforeEach(() => {
  installFetchMock().on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([])));
});

describe('careers home', () => {
  it('shows the hero and a search card with Search jobs and Location', () => {
    renderApp({ url: '/careers' });
    expect(screen.getByRole('heading', { level: 1, name: 'Build the robots that build the future' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Job search' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeTruthy();
  });

  it('navigates to the search path and keeps the remembered params', async () => {
    const { user, location } = renderApp({ url: '/careers?utm_source=linkedin&ref_src=feed&page=2' });
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), '  robotics engineer ');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Zurich');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location.current?.pathname).toBe('/careers');
    expect(Object.fromEntries(new URLSearchParams(location.current?.search))).toEqual({
      query: 'robotics engineer',
      location: 'Zurich',
      utm_source: 'linkedin',
      ref_src: 'feed',
      // spec §2: links keep the remembered params and any param that is not the search page's own.
      page: '2',
    });
    expect(document.title).toBe('robotics engineer in Zurich');
  });

  it('adds the tenant domain to the search path for a non-default tenant', async () => {
    const { user, location } = renderApp({ tenant: { domain: 'globex.example', isDefault: false } });
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'welder');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(new URLSearchParams(location.current?.search).get('domain')).toBe('globex.example');
  });

  it('reads query and location from the path, hyphens and underscores as spaces', () => {
    renderApp({ url: '/careers/machine-learning/new_york' });
    expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('machine learning');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement).value).toBe('new york');
  });

  it('serves /careers/search too', () => {
    renderApp({ url: '/careers/search?query=welder' });
    expect((screen.getByRole('searchbox', { name: 'Search jobs' }) as HTMLInputElement).value).toBe('welder');
  });
});

describe('job alerts for signed-out visitors (issue 12, loggedOutNotificationConfig)', () => {
  it('offers them to a signed-out visitor where the tenant enables them', async () => {
    renderApp({ url: '/careers?query=welder', pcsxConfig: { loggedOutNotificationConfig: { enabled: true, privacyText: 'We keep your email safe.' } } });
    expect(await screen.findByRole('button', { name: 'Get job alerts' })).toBeTruthy();
  });

  it('shows nothing where the tenant does not', async () => {
    renderApp({ url: '/careers?query=welder', pcsxConfig: { loggedOutNotificationConfig: { enabled: false, privacyText: '' } } });
    await screen.findByRole('searchbox', { name: 'Search jobs' });
    // As long as the enabled case takes to show it (its code loads lazily).
    await expect(screen.findByRole('button', { name: 'Get job alerts' }, { timeout: 1000 })).rejects.toThrow();
  });

  it('shows nothing to a signed-in candidate', async () => {
    renderApp({ url: '/careers?query=welder', isSignedIn: true, pcsxConfig: { loggedOutNotificationConfig: { enabled: true, privacyText: '' } } });
    await screen.findByRole('searchbox', { name: 'Search jobs' });
    // As long as the enabled case takes to show it (its code loads lazily).
    await expect(screen.findByRole('button', { name: 'Get job alerts' }, { timeout: 1000 })).rejects.toThrow();
  });
});

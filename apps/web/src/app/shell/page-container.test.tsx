import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { resetFirstPageOfLoad } from './page-container';

beforeEach(() => {
  installFetchMock().on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  resetFirstPageOfLoad();
});

describe('page container', () => {
  it('titles the home page "Careers at {company}" (spec §9)', () => {
    renderApp({ url: '/careers' });
    expect(document.title).toBe('Careers at Acme Robotics');
  });

  it('titles a search by query and location, from URL params or the path', () => {
    const view = renderApp({ url: '/careers?query=robotics-engineer&location=Zurich' });
    expect(document.title).toBe('robotics engineer in Zurich');
    view.unmount();
    renderApp({ url: '/careers/data-scientist/berlin' });
    expect(document.title).toBe('data scientist in berlin');
  });

  it('applies the SEO title template', async () => {
    const pcsxConfig = { seoConfig: { titleTemplate: '{title} | {company} Careers' } };
    const view = renderApp({ url: '/careers/settings', isSignedIn: true, pcsxConfig });
    await screen.findByRole('heading', { name: 'Account settings' });
    expect(document.title).toBe('Account settings | Acme Robotics Careers');
    view.unmount();
    renderApp({ url: '/careers', pcsxConfig });
    expect(document.title).toBe('Careers at Acme Robotics');
  });

  it('leaves the loaded page where the browser put it, and scrolls to the top when the page changes', async () => {
    const calls = () => (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    const before = calls();
    const { user } = renderApp({ url: '/careers/nothing/here/at-all' });
    // The first page of a load may be a server-rendered one the candidate is already scrolling.
    expect(calls()).toBe(before);
    await user.click(screen.getByRole('link', { name: 'Search jobs' }));
    expect(calls()).toBeGreaterThan(before);
  });

  it('has landmarks and a skip link that moves focus to the content', async () => {
    const { user } = renderApp();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Powered by Careers Portal');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

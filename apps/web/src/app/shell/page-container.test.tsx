import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

beforeEach(() => {
  installFetchMock().on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
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

  it('scrolls to the top when the page changes', async () => {
    const { user } = renderApp({ url: '/careers/nothing/here/at-all' });
    const calls = () => (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    const before = calls();
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

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import type { AppRoute } from '../route-table';
import { AppRoutes } from '../router';
import { renderWithProviders } from '../../test/render';

function Crash(): never {
  throw new Error('Cannot read properties of undefined (reading "offer_documents")');
}

const crashingRoutes: AppRoute[] = [{ path: '/careers/crash', pageId: 'jobs', access: 'public', Component: Crash }];

function renderCrash(isAdmin: boolean) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return renderWithProviders(<AppRoutes routes={crashingRoutes} />, {
    url: '/careers/crash',
    isSignedIn: true,
    isAdmin,
    branding: { contactUrl: 'https://acme.example/contact' },
  });
}

describe('500 screen', () => {
  it('replaces a crashed page inside the shell, with back and contact links', () => {
    renderCrash(false);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('https://acme.example/contact');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(document.title).toBe('Internal Server Error');
  });

  it('hides the technical details from candidates', () => {
    renderCrash(false);
    expect(screen.queryByText('Technical details')).toBeNull();
    expect(document.body.textContent).not.toContain('offer_documents');
  });

  it('shows the message and stack to admins (is_admin)', () => {
    renderCrash(true);
    expect(screen.getByText('Technical details')).toBeTruthy();
    const details = screen.getByText(/reading "offer_documents"/);
    expect(details.textContent).toContain('at Crash');
  });
});

describe('404 screen', () => {
  it('shows for unknown addresses with a link to search jobs', () => {
    renderApp({ url: '/careers/a/b/c' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search jobs' }).getAttribute('href')).toBe('/careers');
  });

  it('shows under an app screen\'s segment rather than searching for its name', () => {
    renderApp({ url: '/careers/interviews/past' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

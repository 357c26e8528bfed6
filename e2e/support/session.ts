import type { Page } from '@playwright/test';

export const ADA = { email: 'ada@acme.example', password: 'lovelace-demo-1', name: 'Ada Lovelace' };
export const GRACE = { email: 'grace@acme.example', password: 'hopper-demo-1', name: 'Grace Hopper' };
export const ADMIN = { email: 'admin@acme.example', password: 'babbage-demo-1', name: 'Charles Babbage' };

/**
 * Signs in through the API (fast; the UI sign-in has its own spec). The page's cookie jar is shared
 * with page.request, so the next navigation is signed in.
 */
export async function signInThroughApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const me = await page.request.get('/api/auth/me');
  const token = me.headers()['x-csrf-token'];
  if (!token) throw new Error('GET /api/auth/me sent no x-csrf-token');
  const response = await page.request.post('/api/auth/login', {
    headers: { 'x-csrf-token': token },
    data: { email: who.email, password: who.password },
  });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * A new candidate, signed up, onboarded and bootstrapped through the API and signed in on `page`: for specs that
 * need someone with nothing on file (the demo candidates have a seeded profile and resume).
 */
export async function signUpFreshCandidate(page: Page, tag: string, who = { firstName: 'Robin', lastName: 'Fresh', location: 'London, UK' }): Promise<{ email: string; password: string }> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const password = 'fresh-e2e-password-1';
  const me = await page.request.get('/api/auth/me');
  const token = me.headers()['x-csrf-token'] ?? '';
  const signup = await page.request.post('/api/auth/signup', { headers: { 'x-csrf-token': token }, data: { email, password, firstName: who.firstName, lastName: who.lastName } });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()} ${await signup.text()}`);
  const next = signup.headers()['x-csrf-token'] ?? token;
  await page.request.post('/api/pcsx/onboarding', { headers: { 'x-csrf-token': next }, data: {} });
  await page.request.post('/api/pcsx/profile_bootstrap', { headers: { 'x-csrf-token': next }, data: who });
  return { email, password };
}

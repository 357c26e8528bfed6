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

// Headless Chromium for the page benchmarks (Debian's /usr/bin/chromium through playwright-core).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(join(root, 'package.json'));
const { chromium } = require('playwright-core');

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Signs the context in through the API (the page's cookie jar is shared with context.request). */
export async function signIn(context, baseUrl, email, password) {
  const me = await context.request.get(`${baseUrl}/api/auth/me`);
  const token = me.headers()['x-csrf-token'];
  const response = await context.request.post(`${baseUrl}/api/auth/login`, { headers: { 'x-csrf-token': token }, data: { email, password } });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()}`);
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

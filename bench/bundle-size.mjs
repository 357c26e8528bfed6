#!/usr/bin/env node
// P5: what the first route downloads, in gzip bytes: the entry and the app it always loads, with all
// their static imports and CSS (apps/web/scripts/first-route.mjs reads them from the Vite manifest);
// plus every lazy chunk. Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstRouteFiles } from '../apps/web/scripts/first-route.mjs';
import { root } from './lib.mjs';

const dist = join(root, 'apps/web/dist');
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const firstRoute = firstRouteFiles(dist);
const initial = new Set([...firstRoute.js, ...firstRoute.css]);
let js = 0;
let css = 0;
for (const file of initial) {
  if (file.endsWith('.js')) js += gz(file);
  else css += gz(file);
}
console.log(`first route: JS ${kb(js)} gzip, CSS ${kb(css)} gzip (${[...initial].join(', ')})`);

const lazy = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js') && !initial.has(`assets/${file}`))
  .map((file) => ({ file, size: gz(`assets/${file}`) }))
  .sort((a, b) => b.size - a.size);
for (const { file, size } of lazy) console.log(`lazy chunk ${file}: ${kb(size)} gzip`);
const budgetFailed = js > 150 * 1024 || css > 30 * 1024;
console.log(budgetFailed ? 'BUDGET EXCEEDED (P5: JS ≤ 150 KB, CSS ≤ 30 KB)' : 'within the P5 budget (JS ≤ 150 KB, CSS ≤ 30 KB gzip)');
process.exitCode = budgetFailed ? 1 : 0;

#!/usr/bin/env node
// Issue 13 figures: each locale's catalogues, raw and gzip (what the browser downloads per language), split into
// the first route's namespaces (fetched before a non-English page renders) and the lazy screens' ones.
//   node bench/catalogue-sizes.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = new URL('../packages/i18n/locales/', import.meta.url).pathname;
const FIRST_ROUTE = ['common', 'auth', 'search', 'positions', 'jobcart', 'notifications'];
const WEB_ONLY = (file) => file !== 'emails.json';
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = readdirSync(dir).sort().map((locale) => {
  const files = readdirSync(join(dir, locale)).filter((file) => file.endsWith('.json') && WEB_ONLY(file));
  let raw = 0;
  let gzip = 0;
  let firstGzip = 0;
  for (const file of files) {
    const minified = Buffer.from(JSON.stringify(JSON.parse(readFileSync(join(dir, locale, file), 'utf8'))));
    const zipped = gzipSync(minified, { level: 9 }).length;
    raw += minified.length;
    gzip += zipped;
    if (FIRST_ROUTE.includes(file.replace(/\.json$/, ''))) firstGzip += zipped;
  }
  return { locale, files: files.length, raw, gzip, firstGzip };
});
console.log('| locale | namespaces | all, minified | all, gzip (per file) | first route namespaces, gzip |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.locale} | ${row.files} | ${kb(row.raw)} KB | ${kb(row.gzip)} KB | ${kb(row.firstGzip)} KB |`);

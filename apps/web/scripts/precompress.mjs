#!/usr/bin/env node
// After `vite build`: write .br and .gz beside every compressible static file, so the server sends
// compressed bytes with no per-request CPU (@fastify/static `preCompressed`). Candidates on phones and
// slow networks download a third of the bytes (P5/P6). index.html is rendered per request, not here.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (.br, .gz)`);

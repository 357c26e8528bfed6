// What a first visit downloads, read from the build's manifest (dist/.vite/manifest.json): the entry
// (index.html's script and CSS) and the app it always imports once the first screen is painted
// (src/app/start.tsx, see src/main.tsx), each with every chunk it imports statically. Lazy screens and
// libraries (the map, the PDF viewer, zod for forms) are not in it. Used by bench/bundle-size.mjs (P5)
// and by e2e/specs/bundle.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ALWAYS_LOADED = ['index.html', 'src/app/start.tsx'];

/**
 * The files the given manifest entries (source paths: 'src/app/routes/job-route.tsx') load with them: each
 * entry's chunk and every chunk it imports statically, with their CSS.
 * @returns {{ js: string[], css: string[] }} paths relative to distDir, e.g. assets/start-abc.js
 */
export function staticClosure(distDir, keys) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

/** @returns {{ js: string[], css: string[] }} what every first visit loads (ALWAYS_LOADED and its imports) */
export function firstRouteFiles(distDir) {
  return staticClosure(distDir, ALWAYS_LOADED);
}

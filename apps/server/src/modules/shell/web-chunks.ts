import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (apps/web/vite.config.ts `build.manifest`), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const WEB_MANIFEST_PATH = '.vite/manifest.json';

/** The files one lazily loaded module needs, to announce in <head> before the app asks for them. */
export interface ChunkFiles {
  scripts: string[];
  styles: string[];
}

export interface WebChunks {
  /** Source modules (e.g. src/lib/sanitize.ts) this build does not know: a stale table, worth a warning. */
  unknown(sources: readonly string[]): string[];
  /** The scripts and styles of these modules and their static imports, less what index.html already loads. */
  filesFor(sources: readonly string[]): ChunkFiles;
}

const NO_FILES: ChunkFiles = { scripts: [], styles: [] };

export function createWebChunks(manifest: Manifest | null): WebChunks {
  if (!manifest) return { unknown: () => [], filesFor: () => NO_FILES };

  // What the entry pulls in is in index.html already (its script, modulepreloads and stylesheet).
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loadedByEntry);

  const cache = new Map<string, ChunkFiles>();
  return {
    unknown: (sources) => sources.filter((source) => !manifest[source]),
    filesFor(sources) {
      const cacheKey = sources.join('\n');
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const keys = new Set<string>();
      for (const source of sources) collect(source, keys);
      const scripts = new Set<string>();
      const styles = new Set<string>();
      for (const key of keys) {
        if (loadedByEntry.has(key)) continue;
        const chunk = manifest[key];
        if (!chunk) continue;
        scripts.add(`/${chunk.file}`);
        for (const css of chunk.css ?? []) styles.add(`/${css}`);
      }
      const files = { scripts: [...scripts], styles: [...styles] };
      cache.set(cacheKey, files);
      return files;
    },
  };
}

/** Reads the web build's manifest once at start; without a build (API tests) nothing is announced. */
export function loadWebChunks(webDistDir: string): WebChunks {
  try {
    return createWebChunks(JSON.parse(readFileSync(join(webDistDir, WEB_MANIFEST_PATH), 'utf8')) as Manifest);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return createWebChunks(null);
  }
}

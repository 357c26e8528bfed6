import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_LOCALE, isSupportedLocale } from '@careers/i18n/locale-list';

/**
 * Issue 13: the server's reader of the interface catalogues (packages/i18n/locales/<locale>/<namespace>.json),
 * for what the server writes itself in a candidate's language (emails). Each file is read from disk once and
 * kept; a key a locale lacks falls back to English, key by key. Values use `{name}` placeholders and
 * `_one`/`_other`… plural keys chosen with Intl.PluralRules, as the web's i18next reads them.
 */
type Catalogue = { [key: string]: string | Catalogue };
export type MessageParams = Readonly<Record<string, string | number>>;
export type Translate = (key: string, params?: MessageParams) => string;

let localesDir: string | undefined;

/**
 * Where the catalogues are: through the workspace package (node_modules/@careers/i18n, as in tsx, the tests
 * and dist/ alike), else the nearest packages/i18n/locales above this file.
 */
function findLocalesDir(): string {
  const here = import.meta.url || pathToFileURL(join(process.cwd(), 'index.js')).href;
  try {
    return dirname(dirname(createRequire(here).resolve(`@careers/i18n/locales/${DEFAULT_LOCALE}/common.json`)));
  } catch {
    for (let dir = dirname(fileURLToPath(here)); ; dir = dirname(dir)) {
      const candidate = join(dir, 'packages', 'i18n', 'locales');
      if (existsSync(join(candidate, DEFAULT_LOCALE))) return candidate;
      if (dirname(dir) === dir) throw new Error('The i18n catalogues (packages/i18n/locales) cannot be found');
    }
  }
}

const cache = new Map<string, Catalogue | null>();

function catalogue(locale: string, namespace: string): Catalogue | null {
  const id = `${locale}/${namespace}`;
  const cached = cache.get(id);
  if (cached !== undefined) return cached;
  let loaded: Catalogue | null = null;
  // Only our own locale codes and plain namespace names ever become a path.
  if (isSupportedLocale(locale) && /^[a-z]+$/.test(namespace)) {
    localesDir ??= findLocalesDir();
    const file = join(localesDir, locale, `${namespace}.json`);
    if (existsSync(file)) loaded = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  }
  cache.set(id, loaded);
  return loaded;
}

function lookup(locale: string, namespace: string, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue(locale, namespace) ?? undefined;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The text of `key` in one locale, its plural form when `count` is a number, or undefined. */
function textIn(locale: string, namespace: string, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') return lookup(locale, namespace, `${key}_${pluralCategory(locale, count)}`) ?? lookup(locale, namespace, `${key}_other`);
  return lookup(locale, namespace, key);
}

export function interpolate(text: string, params: MessageParams = {}): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A translator for one locale and namespace. An unknown locale reads as English; a key missing in the locale
 * is taken from English; a key missing in English too comes back as the key itself (a bug the i18n check
 * catches, never an exception in a sender).
 */
export function translator(locale: string, namespace: string): Translate {
  return (key, params = {}) => {
    const text = textIn(locale, namespace, key, params.count) ?? textIn(DEFAULT_LOCALE, namespace, key, params.count) ?? key;
    return interpolate(text, params);
  };
}

/** For tests: forget what was read (a test that writes a catalogue of its own). */
export function clearCatalogueCache(directory?: string): void {
  cache.clear();
  localesDir = directory;
}

#!/usr/bin/env node
// Issue 13 "Checks": every key of the English catalogues present in every locale (plural keys in exactly the
// locale's own CLDR plural categories), no key a locale has that English lacks, placeholders identical,
// well-formed braces, no English left in a non-English catalogue except names and brands, and no English key
// the code never uses. English is the source: a new key is added in `en` and then in the 37 others.
//
// Usage: node tools/i18n/check.mjs [--locale de] [--no-unused]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const localesDir = join(root, 'packages/i18n/locales');
const SOURCE = 'en';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The locale list, read from its TypeScript source so the check needs no build step. */
export function supportedLocales() {
  const source = readFileSync(join(root, 'packages/i18n/src/locale-list.ts'), 'utf8');
  return [...source.matchAll(/\{ code: '([^']+)'/g)].map((match) => match[1]);
}

/** `{a: {b: 'x'}}` → `[['a.b', 'x']]`. */
export function flatten(catalogue, prefix = '') {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : typeof value === 'object' && value !== null ? flatten(value, `${prefix}${key}.`) : [[prefix + key, value]],
  );
}

export function placeholders(text) {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]).sort();
}

/** Braces balanced and every placeholder a plain name (`{count}`), as i18next's `{`/`}` interpolation reads them. */
export function braceError(text) {
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (depth < 0 || depth > 1) return 'unbalanced braces';
  }
  if (depth !== 0) return 'unbalanced braces';
  const bad = placeholders(text).find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  return bad === undefined ? null : `placeholder {${bad}} is not a plain name`;
}

const uniq = (list) => [...new Set(list)].sort();
const sameList = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Words an untranslated string would carry: at least two words of three or more Latin letters. Short labels
 * that many languages borrow ("OK", "Email", "PDF") and names do not trip it; `allowed` lists the rest.
 */
function looksLikeEnglishLeftOver(english, translated) {
  if (english !== translated) return false;
  const words = english.replace(/\{[^}]*\}/g, '').match(/[A-Za-z]{3,}/g) ?? [];
  return words.length >= 2;
}

/** Checks one locale against English; returns the problems as lines. */
export function checkLocale(locale, allowSameAsEnglish = new Set(), dir = localesDir) {
  const problems = [];
  const plural = new Intl.PluralRules(locale);
  const categories = plural.resolvedOptions().pluralCategories.slice().sort();
  const namespaces = readdirSync(join(dir, SOURCE)).filter((file) => file.endsWith('.json'));
  const present = existsSync(join(dir, locale)) ? readdirSync(join(dir, locale)) : [];
  for (const extra of present.filter((file) => !namespaces.includes(file))) problems.push(`${locale}/${extra}: a namespace English does not have`);
  for (const file of namespaces) {
    const path = join(dir, locale, file);
    if (!existsSync(path)) {
      problems.push(`${locale}/${file}: missing`);
      continue;
    }
    let target;
    try {
      target = new Map(flatten(JSON.parse(readFileSync(path, 'utf8'))));
    } catch (error) {
      problems.push(`${locale}/${file}: not valid JSON (${error.message})`);
      continue;
    }
    const english = new Map(flatten(JSON.parse(readFileSync(join(dir, SOURCE, file), 'utf8'))));
    const expected = new Set();
    const pluralBases = new Map();
    for (const [key, value] of english) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match) {
        const base = key.slice(0, match.index);
        if (!pluralBases.has(base)) pluralBases.set(base, value);
        if (match[1] === 'other') pluralBases.set(base, value);
      } else {
        expected.add(key);
      }
    }
    for (const [base] of pluralBases) for (const category of categories) expected.add(`${base}_${category}`);

    for (const key of expected) {
      const value = target.get(key);
      if (value === undefined) {
        problems.push(`${locale}/${file}: ${key} missing`);
        continue;
      }
      const match = PLURAL_SUFFIX.exec(key);
      const base = match ? key.slice(0, match.index) : key;
      const source = match ? pluralBases.get(base) : english.get(key);
      // Empty where English is empty on purpose (a row the screen then leaves out), never elsewhere.
      if (typeof value !== 'string' || (value.trim() === '' && source !== '')) {
        problems.push(`${locale}/${file}: ${key} is empty or not a string`);
        continue;
      }
      const broken = braceError(value);
      if (broken) problems.push(`${locale}/${file}: ${key}: ${broken}`);
      const want = uniq(placeholders(source));
      const have = uniq(placeholders(value));
      if (match) {
        // A plural form may leave {count} out ("one job"), never bring a name English does not have.
        const strange = have.filter((name) => !want.includes(name));
        const lost = want.filter((name) => name !== 'count' && !have.includes(name));
        if (strange.length > 0 || lost.length > 0) problems.push(`${locale}/${file}: ${key}: placeholders {${have.join('}, {')}} should be {${want.join('}, {')}}`);
      } else if (!sameList(want, have)) {
        problems.push(`${locale}/${file}: ${key}: placeholders {${have.join('}, {')}} should be {${want.join('}, {')}}`);
      }
      if (!match && locale.split('-')[0] !== SOURCE && looksLikeEnglishLeftOver(english.get(key), value) && !allowSameAsEnglish.has(`${file.replace(/\.json$/, '')}:${key}`)) {
        problems.push(`${locale}/${file}: ${key}: still English ("${value}")`);
      }
    }
    for (const key of target.keys()) if (!expected.has(key)) problems.push(`${locale}/${file}: ${key} is not an English key (or not one of ${locale}'s plural forms: ${categories.join(', ')})`);
  }
  return problems;
}

function* sourceFiles(directory) {
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) yield path;
  }
}

/**
 * English keys no code names. A key counts as used when its path (plural suffix off) is written in the code
 * as a string, or when a template literal builds it: `status.${value}` uses every `status.*` key.
 */
export function unusedKeys() {
  const code = [...sourceFiles(join(root, 'apps')), ...sourceFiles(join(root, 'packages'))]
    .filter((path) => !path.includes(`${join('packages', 'i18n', 'locales')}`))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  const literals = new Set([...code.matchAll(/['"`]([A-Za-z0-9_.:-]+)['"`]/g)].map((match) => match[1]));
  const templatePrefixes = [...code.matchAll(/`(?:[a-z]+:)?([A-Za-z0-9_.]*)\$\{/g)].map((match) => match[1]).filter((prefix) => prefix.length > 0);
  const unused = [];
  for (const file of readdirSync(join(localesDir, SOURCE)).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    for (const [key] of flatten(JSON.parse(readFileSync(join(localesDir, SOURCE, file), 'utf8')))) {
      const path = key.replace(PLURAL_SUFFIX, '');
      // Written as `key`, `namespace:key` or `namespace.key` (the server's stored notification keys), or built.
      const named = [path, `${namespace}:${path}`, `${namespace}.${path}`].some((name) => literals.has(name))
        || templatePrefixes.some((prefix) => path.startsWith(prefix) || `${namespace}.${path}`.startsWith(prefix) || `${namespace}:${path}`.startsWith(prefix));
      if (!named) unused.push(`en/${file}: ${key} is not used by the code`);
    }
  }
  return unused;
}

/**
 * `packages/i18n/same-as-english/<locale>.json`: the `namespace:key` entries a locale rightly writes as English
 * does (brands, names, words the language has borrowed), each a decision a reviewer can see.
 */
function sameAsEnglish(locale) {
  const path = join(root, 'packages/i18n/same-as-english', `${locale}.json`);
  return new Set(existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : []);
}

function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--locale') ? args[args.indexOf('--locale') + 1] : null;
  const locales = supportedLocales().filter((locale) => locale !== SOURCE && (only === null || locale === only));
  const problems = [];
  for (const locale of locales) problems.push(...checkLocale(locale, sameAsEnglish(locale)));
  for (const [key, value] of flatten(JSON.parse(JSON.stringify(readdirSync(join(localesDir, SOURCE)).filter((f) => f.endsWith('.json')).reduce((all, file) => ({ ...all, [file]: JSON.parse(readFileSync(join(localesDir, SOURCE, file), 'utf8')) }), {}))))) {
    const broken = typeof value === 'string' ? braceError(value) : 'not a string';
    if (broken) problems.push(`en/${key}: ${broken}`);
  }
  if (!args.includes('--no-unused') && only === null) problems.push(...unusedKeys());
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\ni18n:check: ${problems.length} problem(s) in ${relative(root, localesDir)}`);
    process.exit(1);
  }
  console.log(`i18n:check: ${only === null ? `${locales.length + 1} locales` : only}, every key, plural form and placeholder in place`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

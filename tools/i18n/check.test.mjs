import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { braceError, checkLocale, supportedLocales, unusedKeys } from './check.mjs';

// Issue 13 "an i18n:check in CI": each rule fails on the mistake it is there for.
describe('i18n:check', () => {
  let dir;
  const write = (locale, namespace, catalogue) => {
    mkdirSync(join(dir, locale), { recursive: true });
    writeFileSync(join(dir, locale, `${namespace}.json`), JSON.stringify(catalogue));
  };
  const english = {
    title: 'Careers at {company}',
    jobs_one: '{count} job',
    jobs_other: '{count} jobs',
    next: '',
    nested: { save: 'Save this search' },
  };
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  const setUp = (translated) => {
    dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    write('en', 'search', english);
    if (translated) write('ru', 'search', translated);
  };
  const russian = {
    title: 'Карьера в {company}',
    jobs_one: '{count} вакансия',
    jobs_few: '{count} вакансии',
    jobs_many: '{count} вакансий',
    jobs_other: '{count} вакансии',
    next: '',
    nested: { save: 'Сохранить поиск' },
  };

  it('passes a complete locale with its own plural forms (ru: one, few, many, other) and English\'s empty values', () => {
    setUp(russian);
    expect(checkLocale('ru', new Set(), dir)).toEqual([]);
  });

  it('reports a missing namespace, a missing key, a missing plural form and a key English lacks', () => {
    setUp(undefined);
    expect(checkLocale('ru', new Set(), dir)).toEqual(['ru/search.json: missing']);
    const rest = { ...russian };
    delete rest.jobs_few;
    delete rest.nested;
    setUp({ ...rest, jobs_two: '{count} вакансии', extra: 'x' });
    expect(checkLocale('ru', new Set(), dir)).toEqual(
      expect.arrayContaining([
        'ru/search.json: jobs_few missing',
        'ru/search.json: nested.save missing',
        expect.stringMatching(/^ru\/search\.json: jobs_two is not an English key/),
        expect.stringMatching(/^ru\/search\.json: extra is not an English key/),
      ]),
    );
  });

  it('reports changed placeholders, broken braces, an empty value and English left in', () => {
    setUp({ ...russian, title: 'Карьера в {компания}', jobs_many: '{count вакансий', nested: { save: 'Save this search' } });
    const problems = checkLocale('ru', new Set(), dir);
    expect(problems).toContainEqual(expect.stringMatching(/title: placeholder \{компания\} is not a plain name/));
    expect(problems).toContainEqual(expect.stringMatching(/title: placeholders .* should be \{company\}/));
    expect(problems).toContainEqual('ru/search.json: jobs_many: unbalanced braces');
    expect(problems).toContainEqual('ru/search.json: nested.save: still English ("Save this search")');
    expect(checkLocale('ru', new Set(['search:nested.save']), dir)).not.toContainEqual(expect.stringMatching(/still English/));
    setUp({ ...russian, title: '' });
    expect(checkLocale('ru', new Set(), dir)).toEqual(['ru/search.json: title is empty or not a string']);
  });

  it('a plural form may leave {count} out, never bring a name English does not have', () => {
    setUp({ ...russian, jobs_one: 'одна вакансия', jobs_few: '{total} вакансии' });
    expect(checkLocale('ru', new Set(), dir)).toEqual([expect.stringMatching(/jobs_few: placeholders \{total\} should be \{count\}/)]);
  });

  it('finds ICU syntax i18next would show verbatim', () => {
    expect(braceError('{count, plural, one {# job} other {# jobs}}')).toBe('unbalanced braces');
    expect(braceError('Careers at {company}')).toBeNull();
  });

  it('holds the shipped catalogues: 38 locales, each clean, no unused English key', () => {
    const locales = supportedLocales();
    expect(locales).toHaveLength(38);
    for (const locale of locales.filter((code) => code !== 'en')) expect(checkLocale(locale), locale).toEqual([]);
    expect(unusedKeys()).toEqual([]);
  });
});

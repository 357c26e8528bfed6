import { htmlToText, normaliseText } from './html-text';
import { employmentTypeOf, isoInstant, locationsOf, RecordProblems, seniorityFromTitle, textValue, type ImportRecord, type ParsedImport } from './import-records';
import { isObject } from './json-import';

/**
 * Lever's postings API (`GET https://api.lever.co/v0/postings/<company>?mode=json`): an array of
 * `{ id, text, categories: { location, team, department, commitment, allLocations }, description,
 * descriptionPlain, lists: [{ text, content }], additional, additionalPlain, workplaceType, createdAt (ms),
 * hostedUrl, salaryRange: { min, max, currency, interval } }`. The description is the opening text, each
 * list under its heading as "- " items, then the closing text.
 */

const DEFAULT_DEPARTMENT = 'General';

function descriptionOf(posting: Record<string, unknown>): string {
  const opening = textValue(posting.descriptionPlain) !== '' ? normaliseText(textValue(posting.descriptionPlain)) : htmlToText(textValue(posting.description));
  const lists = Array.isArray(posting.lists)
    ? posting.lists.flatMap((list) => {
        if (!isObject(list)) return [];
        // List content is <li> items: each becomes a "- " line under its heading.
        const items = htmlToText(`<ul>${textValue(list.content)}</ul>`);
        return [`${htmlToText(textValue(list.text))}\n${items}`.trim()];
      })
    : [];
  const closing = textValue(posting.additionalPlain) !== '' ? normaliseText(textValue(posting.additionalPlain)) : htmlToText(textValue(posting.additional));
  return [opening, ...lists, closing].filter((part) => part !== '').join('\n\n');
}

/** Lever's salary range when it is a yearly one in whole units (others are not comparable with ours). */
function salaryOf(range: unknown): { salaryMin: number | null; salaryMax: number | null; salaryCurrency: string | null } {
  const none = { salaryMin: null, salaryMax: null, salaryCurrency: null };
  if (!isObject(range)) return none;
  const { min, max, currency, interval } = range;
  if (typeof min !== 'number' || typeof max !== 'number' || typeof currency !== 'string' || !/year|annual/i.test(textValue(interval) || 'per-year-salary')) return none;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < 0) return none;
  return { salaryMin: Math.round(min), salaryMax: Math.round(max), salaryCurrency: currency.toUpperCase() };
}

function mapPosting(posting: unknown, problems: RecordProblems): unknown {
  if (!isObject(posting)) {
    problems.add('(posting)', 'expected an object');
    return null;
  }
  const id = textValue(posting.id);
  if (id === '') problems.add('id', 'missing');
  const title = textValue(posting.text).trim();
  const categories = isObject(posting.categories) ? posting.categories : {};
  const all = Array.isArray(categories.allLocations) ? categories.allLocations.map(textValue).filter((name) => name !== '') : [];
  const places = locationsOf(all.length > 0 ? all : [textValue(categories.location)], problems, 'categories.location');
  const postedAt = isoInstant(posting.createdAt);
  if (postedAt === null) problems.add('createdAt', `expected milliseconds since 1970, got ${JSON.stringify(posting.createdAt ?? null)}`);
  if (problems.list.length > 0 || places === null) return null;
  return {
    externalRef: `lever:${id}`,
    title,
    department: textValue(categories.team).trim() || textValue(categories.department).trim() || DEFAULT_DEPARTMENT,
    employmentType: employmentTypeOf(textValue(categories.commitment)) ?? 'FULL_TIME',
    seniority: seniorityFromTitle(title),
    description: descriptionOf(posting),
    skills: [],
    isRemote: places.isRemote || textValue(posting.workplaceType).toLowerCase() === 'remote',
    ...salaryOf(posting.salaryRange),
    postedAt,
    validThrough: null,
    locations: places.locations,
  };
}

/** `value`: the file's parsed JSON. */
export function parseLeverImport(value: unknown): ParsedImport {
  if (!Array.isArray(value)) return { records: [], problems: [{ record: 0, line: null, field: 'file', message: 'expected Lever postings JSON: an array of postings' }] };
  const records: ImportRecord[] = [];
  const problems = value.flatMap((posting: unknown, index) => {
    const recordProblems = new RecordProblems(index + 1, null);
    records.push({ record: index + 1, line: null, input: mapPosting(posting, recordProblems) });
    return recordProblems.list;
  });
  return { records, problems };
}

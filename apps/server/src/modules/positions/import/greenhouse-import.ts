import { decodeEntities, htmlToText } from './html-text';
import { employmentTypeOf, isoInstant, locationsOf, RecordProblems, seniorityFromTitle, textValue, type ImportRecord, type ParsedImport } from './import-records';
import { isObject } from './json-import';

/**
 * Greenhouse's public job board (`GET https://boards-api.greenhouse.io/v1/boards/<board>/jobs?content=true`):
 * `{ jobs: [{ id, title, location: { name }, content, departments: [{ name }], offices: [{ name, location }],
 * updated_at, first_published?, absolute_url, metadata }] }`. `content` is HTML escaped once more
 * ("&lt;p&gt;"): unescaped, then turned into our plain text (html-text.ts). A job's place comes from its
 * location name, else its offices.
 */

const DEFAULT_DEPARTMENT = 'General';

/** Greenhouse custom fields are free-form; an "Employment Type" field is common. */
function employmentFromMetadata(metadata: unknown): string | null {
  if (!Array.isArray(metadata)) return null;
  for (const field of metadata) {
    if (!isObject(field) || !/employment|job type|commitment/i.test(textValue(field.name))) continue;
    const code = employmentTypeOf(textValue(field.value));
    if (code !== null) return code;
  }
  return null;
}

function namesOf(list: unknown, key: string): string[] {
  return Array.isArray(list) ? list.flatMap((item) => (isObject(item) && textValue(item[key]).trim() !== '' ? [textValue(item[key]).trim()] : [])) : [];
}

function mapJob(job: unknown, problems: RecordProblems): unknown {
  if (!isObject(job)) {
    problems.add('(job)', 'expected an object');
    return null;
  }
  const id = textValue(job.id);
  if (id === '') problems.add('id', 'missing');
  const title = textValue(job.title).trim();
  const locationName = isObject(job.location) ? textValue(job.location.name) : '';
  const officePlaces = [...namesOf(job.offices, 'location'), ...namesOf(job.offices, 'name')];
  // The location name first; offices only when it names nothing we know.
  let places = locationsOf([locationName], new RecordProblems(problems.record, problems.line), 'location.name');
  if (places === null && officePlaces.length > 0) {
    const fromOffices = locationsOf(officePlaces.slice(0, 1), new RecordProblems(problems.record, problems.line), 'offices');
    if (fromOffices !== null) places = { ...fromOffices, isRemote: fromOffices.isRemote || /remote/i.test(locationName) };
  }
  if (places === null) places = locationsOf([locationName], problems, 'location.name');
  const postedAt = isoInstant(job.first_published ?? job.updated_at);
  if (postedAt === null) problems.add('updated_at', `expected a date-time, got ${JSON.stringify(job.updated_at ?? null)}`);
  if (problems.list.length > 0 || places === null) return null;
  return {
    externalRef: `greenhouse:${id}`,
    title,
    department: namesOf(job.departments, 'name')[0] ?? DEFAULT_DEPARTMENT,
    employmentType: employmentFromMetadata(job.metadata) ?? 'FULL_TIME',
    seniority: seniorityFromTitle(title),
    description: htmlToText(decodeEntities(textValue(job.content))),
    skills: [],
    isRemote: places.isRemote,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    postedAt,
    validThrough: null,
    locations: places.locations,
  };
}

/** `value`: the file's parsed JSON. */
export function parseGreenhouseImport(value: unknown): ParsedImport {
  if (!isObject(value) || !Array.isArray(value.jobs)) {
    return { records: [], problems: [{ record: 0, line: null, field: 'jobs', message: 'expected Greenhouse job-board JSON: { "jobs": [...] }' }] };
  }
  const records: ImportRecord[] = [];
  const problems = value.jobs.flatMap((job: unknown, index) => {
    const recordProblems = new RecordProblems(index + 1, null);
    records.push({ record: index + 1, line: null, input: mapJob(job, recordProblems) });
    return recordProblems.list;
  });
  return { records, problems };
}

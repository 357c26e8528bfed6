import { readFileSync } from 'node:fs';
import { descriptionBlocks } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { resolveLocations, resolvePlace } from '../places/gazetteer';
import { WORLD_CITIES } from '../places/world-cities';
import { htmlToText } from './html-text';
import { formatImportProblem, isoInstant, seniorityFromTitle } from './import-records';
import { readImport, sniffFormat } from './position-import';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const problemsOf = (name: string) => readImport(fixture(name)).problems.map(formatImportProblem);

describe('readImport: good files of every format', () => {
  it('our JSON ({ positions: [...] }) passes the records through as they are', () => {
    const read = readImport(fixture('positions.json'));
    expect(read).toMatchObject({ format: 'json', records: 2, problems: [] });
    expect(read.inputs.map((input) => input.externalRef)).toEqual(['ENG-1', 'OPS-2']);
    expect(read.inputs[1]?.locations[0]).toEqual({ city: 'Lyon', region: null, country: 'France', lat: 45.764, lng: 4.8357 });
  });

  it('CSV: columns by header name, words for types, lists, dates in any offset, places from the gazetteer', () => {
    const read = readImport(fixture('positions.csv'));
    expect(read.format).toBe('csv');
    expect(read.problems).toEqual([]);
    const [firmware, technician, analyst] = read.inputs;
    expect(firmware).toMatchObject({
      externalRef: 'CSV-1',
      employmentType: 'FULL_TIME',
      description: 'Write firmware for the grippers.\n\n- C\n- RTOS',
      skills: ['C', 'RTOS'],
      salaryMin: 70000,
      salaryCurrency: 'EUR',
      postedAt: '2026-11-03T00:00:00.000Z',
      isRemote: false,
      locations: [{ city: 'Munich', country: 'Germany', lat: 48.1351, lng: 11.582 }],
    });
    // "Remote - United States" beside Austin marks it remote without adding a second city.
    expect(technician).toMatchObject({ employmentType: 'CONTRACT', isRemote: true, postedAt: '2026-11-04T14:30:00.000Z', validThrough: '2027-02-01T00:00:00.000Z' });
    expect(technician?.locations.map((place) => place.city)).toEqual(['Austin']);
    expect(analyst).toMatchObject({ description: 'Models, "forecasts" and plans.', skills: ['Excel', 'SQL'], locations: [{ city: 'São Paulo', country: 'Brazil' }] });
  });

  it('Greenhouse: prefixed ids, unescaped HTML turned into our plain text with scripts and handlers gone', () => {
    const read = readImport(fixture('greenhouse.json'));
    expect(read).toMatchObject({ format: 'greenhouse', problems: [] });
    const [engineer, manager] = read.inputs;
    expect(engineer).toMatchObject({ externalRef: 'greenhouse:4012345', department: 'Engineering', seniority: 'lead', employmentType: 'FULL_TIME', postedAt: '2026-10-30T16:01:02.000Z' });
    expect(engineer?.description).toBe('About the role\n\nYou will teach robots to see & grasp.\n\n- Python\n- PyTorch\n\nWe write <script> in prose sometimes.');
    expect(engineer?.description).not.toMatch(/alert|onerror|<img|owned/);
    expect(descriptionBlocks(engineer?.description ?? '')).toContainEqual({ kind: 'list', items: ['Python', 'PyTorch'] });
    // "Remote - Germany": remote, standing in Germany's first city.
    expect(manager).toMatchObject({ externalRef: 'greenhouse:4012346', department: 'General', seniority: 'mid', isRemote: true, locations: [{ city: 'Berlin', country: 'Germany' }] });
  });

  it('Lever: the opening, each list under its heading, the closing; yearly salary; all locations', () => {
    const read = readImport(fixture('lever.json'));
    expect(read).toMatchObject({ format: 'lever', problems: [] });
    const [designer, intern] = read.inputs;
    expect(designer).toMatchObject({
      externalRef: 'lever:5ac21346-8e0c-4494-8e7a-3eb92ff77902',
      department: 'Design',
      isRemote: true,
      salaryMin: 70000,
      salaryMax: 85000,
      salaryCurrency: 'GBP',
      postedAt: '2025-11-01T00:00:00.000Z',
      description: 'Design the tools our customers use.\n\nWhat you bring\n- Figma\n- Prototyping & research\n\nWe offer a pension.',
    });
    expect(designer?.locations.map((place) => place.city)).toEqual(['London']);
    expect(intern).toMatchObject({ employmentType: 'INTERNSHIP', seniority: 'entry', isRemote: false, salaryMin: null, locations: [{ city: 'Toronto', region: 'ON' }] });
  });
});

describe('readImport: every problem of a bad file, nothing to apply', () => {
  it('JSON: the record index, the field, zod’s message; a duplicate names the first record', () => {
    const read = readImport(fixture('positions-bad.json'));
    expect(read.inputs).toEqual([]);
    expect(read.problems.map(formatImportProblem)).toEqual([
      'record 2: title: Too small: expected string to have >=1 characters',
      'record 2: salaryMin: Invalid input: expected number, received string',
      'record 3: externalRef: "ENG-1" is also record 1',
    ]);
  });

  it('CSV: the line each record starts on (after a two-line record and a blank line), column names, every problem', () => {
    expect(problemsOf('positions-bad.csv')).toEqual([
      'record 2 (line 4): location: unknown place "Atlantis" (name a city the gazetteer knows, e.g. "Berlin, Germany" or "Austin, TX")',
      'record 3 (line 5): posted_at: expected a date (2026-11-02) or date-time, got "last tuesday"',
      'record 3 (line 5): is_remote: expected true or false, got "maybe"',
      'record 3 (line 5): salary_min: expected a whole number, got "plenty"',
      'record 4 (line 7): external_ref: "BAD-1" is also record 1',
    ]);
    expect(readImport(fixture('positions-bad.csv')).inputs).toEqual([]);
  });

  it('CSV: bad quoting names its line; a missing or unknown column is a header problem', () => {
    expect(problemsOf('positions-bad-quoting.csv')).toEqual([expect.stringMatching(/^line 3: csv: Invalid Closing Quote/)]);
    expect(problemsOf('positions-missing-column.csv')).toEqual(['line 1: header: missing column "title"', 'line 1: header: unknown column "colour"']);
  });

  it('CSV: a wrong field count and a field schema problem are reported in the file’s column names', () => {
    const header = 'external_ref,title,department,employment_type,seniority,description,location,posted_at,salary_currency';
    const read = readImport(`${header}\nA,T,D,Full-time,mid,Text,Berlin,2026-01-01,EURO\nB,T,D\n`);
    expect(read.problems.map(formatImportProblem)).toEqual(['record 1 (line 2): salary_currency: Too big: expected string to have exactly 3 characters', 'record 2 (line 3): (row): expected 9 fields, got 3']);
  });

  it('Greenhouse and Lever: unknown places, a remote job with no place, bad dates', () => {
    expect(problemsOf('greenhouse-bad.json')).toEqual([
      'record 1: location.name: unknown place "El Dorado" (name a city the gazetteer knows, e.g. "Berlin, Germany" or "Austin, TX")',
      'record 2: updated_at: expected a date-time, got "not a date"',
    ]);
    expect(problemsOf('lever-bad.json')).toEqual([
      'record 1: categories.location: unknown place "Gotham City" (name a city the gazetteer knows, e.g. "Berlin, Germany" or "Austin, TX")',
      'record 2: categories.location: a remote position needs a country or city too (e.g. "Remote - United States")',
      'record 2: createdAt: expected milliseconds since 1970, got "yesterday"',
    ]);
  });

  it('files that are not what they claim', () => {
    expect(problemsOf('positions.csv').length).toBe(0);
    expect(readImport('{ "positions": [', 'json').problems.map(formatImportProblem)).toEqual([expect.stringMatching(/^(line 1|file): json: /)]);
    expect(readImport('{"jobs": 3}', 'greenhouse').problems.map(formatImportProblem)).toEqual(['file: jobs: expected Greenhouse job-board JSON: { "jobs": [...] }']);
    expect(readImport('{}', 'lever').problems.map(formatImportProblem)).toEqual(['file: file: expected Lever postings JSON: an array of postings']);
    expect(readImport('', 'csv').problems.map(formatImportProblem)).toEqual(['file: file: the file is empty (expected a header row)']);
  });
});

describe('sniffFormat', () => {
  it('tells the formats apart by their first byte and shape', () => {
    expect(sniffFormat('external_ref,title')).toBe('csv');
    expect(sniffFormat('{"jobs":[]}', { jobs: [] })).toBe('greenhouse');
    expect(sniffFormat('[{}]', [{ text: 'x', categories: {} }])).toBe('lever');
    expect(sniffFormat('[]', [])).toBe('json');
    expect(sniffFormat('{"positions":[]}', { positions: [] })).toBe('json');
  });
});

describe('htmlToText', () => {
  it('keeps text, makes paragraphs and lists, drops scripts, styles, comments and attributes', () => {
    expect(htmlToText('<p>One <b>two</b></p><p>Three<br>four</p><ol><li>a</li><li><em>b</em></li></ol>')).toBe('One two\n\nThree\nfour\n\n- a\n- b');
    expect(htmlToText('<div onclick="x()">Hi<script>steal()</script><style>p{}</style><!-- secret --></div>')).toBe('Hi');
    expect(htmlToText('<p title="a > b">kept</p><iframe src="//evil"></iframe>')).toBe('kept');
    expect(htmlToText('Text <script>never closed')).toBe('Text');
    expect(htmlToText('5 &lt; 6 &amp;&amp; &#x1F916; &nbsp;&copy; &bogus;')).toBe('5 < 6 && 🤖 © &bogus;');
  });
});

describe('gazetteer', () => {
  it('holds a few hundred cities with ISO country codes', () => {
    expect(WORLD_CITIES.length).toBeGreaterThan(300);
    for (const city of WORLD_CITIES) expect(city.countryCode).toMatch(/^[A-Z]{2}$/);
  });

  it('matches regardless of case and accents, checks qualifiers, knows aliases and countries', () => {
    expect(resolvePlace('sao paulo')?.city).toBe('São Paulo');
    expect(resolvePlace('MÜNCHEN, Deutschland')?.city).toBe('Munich');
    expect(resolvePlace('Bangalore, India')?.city).toBe('Bengaluru');
    expect(resolvePlace('Portland, OR')?.region).toBe('OR');
    expect(resolvePlace('London, UK')?.country).toBe('United Kingdom');
    expect(resolvePlace('London, Ontario')).toBeNull();
    expect(resolvePlace('Cambridge, MA')).toBeNull();
    expect(resolvePlace('San Francisco, CA, United States')?.city).toBe('San Francisco');
    expect(resolvePlace('Japan')?.city).toBe('Tokyo');
    expect(resolvePlace('Greater London Area')?.city).toBe('London');
  });

  it('splits lists of places, marks remote work and reports unknown places', () => {
    expect(resolveLocations(['Berlin; Paris | Berlin'])).toMatchObject({ isRemote: false, unknown: [], places: [{ city: 'Berlin' }, { city: 'Paris' }] });
    expect(resolveLocations(['Remote (EMEA)', 'Dublin'])).toMatchObject({ isRemote: true, unknown: [], places: [{ city: 'Dublin' }] });
    expect(resolveLocations(['Remote - Canada'])).toMatchObject({ isRemote: true, places: [{ city: 'Toronto' }] });
    expect(resolveLocations(['Narnia, Lantern Waste'])).toMatchObject({ unknown: ['Narnia, Lantern Waste'], places: [] });
  });
});

describe('mapping helpers', () => {
  it('seniority from titles and instants from dates', () => {
    expect(['Junior Analyst', 'Analyst', 'Sr. Engineer', 'Staff Engineer', 'Director of Sales', 'Account Manager'].map(seniorityFromTitle)).toEqual(['entry', 'mid', 'senior', 'lead', 'principal', 'mid']);
    expect(isoInstant('2026-02-03')).toBe('2026-02-03T00:00:00.000Z');
    expect(isoInstant('2026-02-03T10:00:00+02:00')).toBe('2026-02-03T08:00:00.000Z');
    expect(isoInstant(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoInstant('2026-13-45')).toBeNull();
    expect(isoInstant('soon')).toBeNull();
  });
});

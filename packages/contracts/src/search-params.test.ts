import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchPath } from './paths';
import {
  applyDistanceRule,
  filterDisplayName,
  optionLabel,
  preservedParams,
  readSearchUrl,
  readSpaces,
  resolveFilterKey,
  resolveFilterValue,
  withPreservedParams,
  writeSearchUrl,
  type SearchOptionsMap,
} from './search-params';

const optionsMap: SearchOptionsMap = {
  employment_type: { displayName: 'Job Type', options: { labelMap: { full_time: 'Full time', part_time: 'Part time' } } },
  department: { displayName: 'Team', options: { labelMap: {} } },
};
const filterKeys = ['department', 'employment_type', 'seniority'];
const read = (search: string, extra: Parameters<typeof readSearchUrl>[1] = {}) =>
  readSearchUrl(search, { searchOptionsMap: optionsMap, filterKeys, ...extra });

describe('reading the search page address (spec §2)', () => {
  it('reads every app param', () => {
    expect(read('query=nurse&location=Boston&start=20&pid=42&sort_by=newest&filter_department=Care,Lab&tab=map&show_login_modal=1')).toEqual({
      query: 'nurse',
      location: 'Boston',
      start: 20,
      pid: '42',
      sortBy: 'newest',
      filters: { department: ['Care', 'Lab'] },
      tab: 'map',
      showLoginModal: true,
    });
  });

  it('defaults everything for an empty address and ignores bad values', () => {
    expect(read('start=-3&pid=abc&sort_by=price&show_login_modal=yes&tab=')).toEqual({
      query: '',
      location: '',
      start: 0,
      pid: null,
      sortBy: null,
      filters: {},
      tab: null,
      showLoginModal: false,
    });
    expect(read('start=10001').start).toBe(0);
    expect(read('start=1.5').start).toBe(0);
  });

  it('opens the login modal for 1 or true only', () => {
    expect(read('show_login_modal=TRUE').showLoginModal).toBe(true);
    expect(read('show_login_modal=0').showLoginModal).toBe(false);
  });

  it('reads hyphens and underscores in query and location as spaces', () => {
    expect(read('query=registered-nurse__night&location=New_York-City')).toMatchObject({
      query: 'registered nurse night',
      location: 'New York City',
    });
    expect(readSpaces(' a--b _ c ')).toBe('a b c');
  });

  it('takes query and location from the /careers/{query}/{location} path when the params are absent', () => {
    expect(read('', { pathQuery: 'software-engineer', pathLocation: 'san_francisco' })).toMatchObject({
      query: 'software engineer',
      location: 'san francisco',
    });
    expect(read('query=nurse', { pathQuery: 'doctor' }).query).toBe('nurse');
  });

  it('clears Map Area and Map Location on load, and a 0 distance with them', () => {
    expect(read('location=Map+Area&filter_department=Care')).toMatchObject({ location: '', filters: { department: ['Care'] } });
    expect(read('location=Map-Location&filter_distance=0')).toMatchObject({ location: '', filters: {} });
    expect(read('location=Boston&filter_distance=25').filters).toEqual({ distance: ['25'] });
    expect(read('location=current+location').location).toBe('current location');
  });

  it('maps display-name aliases of filter keys back to the key, case-insensitively', () => {
    expect(read('filter_Job%20Type=full_time').filters).toEqual({ employment_type: ['full_time'] });
    expect(read('filter_job-type=full_time&FILTER_TEAM=Care').filters).toEqual({
      employment_type: ['full_time'],
      department: ['Care'],
    });
    expect(read('filter_Seniority=Senior').filters).toEqual({ seniority: ['Senior'] });
  });

  it('maps option labels back to values and merges repeated params', () => {
    expect(read('filter_employment_type=Full+Time,part_time&filter_Job+Type=contract,full_time').filters).toEqual({
      employment_type: ['full_time', 'part_time', 'contract'],
    });
  });

  it('keeps unknown well-formed filter keys and drops malformed ones', () => {
    expect(read('filter_colour=red&filter___proto__=x&filter_=y&filter_a%20b=z').filters).toEqual({ colour: ['red'] });
    expect(Object.getPrototypeOf(read('filter___proto__=x').filters)).toBe(Object.prototype);
  });

  it('never throws on arbitrary addresses', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (text) => {
        const state = read(text);
        expect(state.start).toBeGreaterThanOrEqual(0);
        for (const key of Object.keys(state.filters)) expect(state.filters[key]?.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('alias helpers', () => {
  it('prefers a real key over another filter display name', () => {
    const map: SearchOptionsMap = { team: { displayName: 'department', options: { labelMap: {} } } };
    expect(resolveFilterKey('department', map, ['department', 'team'])).toBe('department');
    expect(resolveFilterKey('', map)).toBeNull();
    expect(resolveFilterKey('Has Space', {})).toBeNull();
  });

  it('maps labels and back', () => {
    expect(resolveFilterValue('employment_type', ' full TIME ', optionsMap)).toBe('full_time');
    expect(resolveFilterValue('employment_type', 'contract', optionsMap)).toBe('contract');
    expect(resolveFilterValue('toString', 'x', optionsMap)).toBe('x');
    expect(optionLabel('employment_type', 'part_time', optionsMap)).toBe('Part time');
    expect(optionLabel('employment_type', 'contract', optionsMap)).toBe('contract');
    expect(optionLabel('constructor', 'x', optionsMap)).toBe('x');
    expect(filterDisplayName('employment_type', optionsMap)).toBe('Job Type');
    expect(filterDisplayName('seniority', optionsMap)).toBe('seniority');
    expect(filterDisplayName('hasOwnProperty', optionsMap)).toBe('hasOwnProperty');
  });

  it('reads labelMap as value → label, the way tenant configs store it (FULL_TIME → "Full time")', () => {
    const stored: SearchOptionsMap = {
      employment_type: { displayName: 'Job type', options: { labelMap: { FULL_TIME: 'Full time', CONTRACT: 'Contract' } } },
    };
    expect(resolveFilterValue('employment_type', 'full time', stored)).toBe('FULL_TIME');
    expect(resolveFilterValue('employment_type', 'FULL_TIME', stored)).toBe('FULL_TIME');
    expect(optionLabel('employment_type', 'CONTRACT', stored)).toBe('Contract');
    expect(optionLabel('employment_type', 'toString', stored)).toBe('toString');
    expect(readSearchUrl('filter_job_type=Full+time,Contract', { searchOptionsMap: stored }).filters).toEqual({
      employment_type: ['FULL_TIME', 'CONTRACT'],
    });
  });
});

describe('distance rule (spec §4)', () => {
  it('sets 0 for Map Location and clears a 0 otherwise', () => {
    expect(applyDistanceRule({ distance: ['25'] }, 'Map Location')).toEqual({ distance: ['0'] });
    expect(applyDistanceRule({ distance: ['0'], department: ['Care'] }, 'Boston')).toEqual({ department: ['Care'] });
    expect(applyDistanceRule({ distance: ['10'] }, 'Boston')).toEqual({ distance: ['10'] });
    // In kilometres the same: "0km" is a zero radius, cleared away from a map point; "10km" stays.
    expect(applyDistanceRule({ distance: ['0km'] }, 'Boston')).toEqual({});
    expect(applyDistanceRule({ distance: ['10km'] }, 'Boston')).toEqual({ distance: ['10km'] });
    const input = { distance: ['0'] };
    applyDistanceRule(input, '');
    expect(input).toEqual({ distance: ['0'] });
  });
});

describe('preserved params (spec §2)', () => {
  it('keeps remembered and non-app params, in address order', () => {
    expect(preservedParams('query=x&utm_source=mail&filter_a=b&hl=fr-CA&microsite=m&start=10&utm_source=twice')).toEqual([
      ['utm_source', 'mail'],
      ['hl', 'fr-CA'],
      ['microsite', 'm'],
      ['utm_source', 'twice'],
    ]);
  });

  it('adds them to any link without overriding its own params or losing its hash', () => {
    expect(withPreservedParams('/careers/job/7', '?utm_campaign=spring&query=x')).toBe('/careers/job/7?utm_campaign=spring');
    expect(withPreservedParams('/careers/apply?pid=7&src=a#top', 'src=b&ref_src=c')).toBe('/careers/apply?pid=7&src=a&ref_src=c#top');
    expect(withPreservedParams('/careers', '')).toBe('/careers');
  });
});

describe('writing the search page address', () => {
  it('matches the spec path builder for the paths-built params', () => {
    const state = { query: 'nurse', location: 'Boston', start: 0, filters: { department: ['Care', 'Lab'] } };
    expect(writeSearchUrl(state, { domain: 'acme.example' })).toBe(
      searchPath({ domain: 'acme.example', query: 'nurse', location: 'Boston', filters: { department: ['Care', 'Lab'] } }),
    );
  });

  it('omits start 0 and empty values, sorts filter keys, appends page params and preserved params', () => {
    expect(writeSearchUrl({ query: '', location: '', start: 0, filters: {} })).toBe('/careers');
    expect(
      writeSearchUrl(
        { query: 'a b', location: '', start: 20, filters: { skills: ['go'], department: ['Care'], empty: [] }, sortBy: 'newest', pid: '9', tab: null },
        { preserved: [['utm_source', 'mail'], ['query', 'smuggled']] },
      ),
    ).toBe('/careers?query=a+b&filter_department=Care&filter_skills=go&start=20&sort_by=newest&pid=9&utm_source=mail');
  });

  it('round-trips through readSearchUrl', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/).map((s) => s.replace(/\s+/g, ' ').trim());
    const value = fc.stringMatching(/^[A-Za-z0-9.]{1,8}$/);
    fc.assert(
      fc.property(
        word,
        word.filter((w) => !['map area', 'map location'].includes(w.toLowerCase())),
        fc.integer({ min: 0, max: 10_000 }),
        fc.dictionary(fc.constantFrom('department', 'seniority', 'skills'), fc.uniqueArray(value, { minLength: 1, maxLength: 3 })),
        fc.option(fc.constantFrom('relevance' as const, 'newest' as const), { nil: null }),
        (query, location, start, filters, sortBy) => {
          const url = writeSearchUrl({ query, location, start, filters, sortBy });
          const back = readSearchUrl(url.slice(url.indexOf('?') + 1), { filterKeys });
          expect(back).toMatchObject({ query, location, start, sortBy, filters });
        },
      ),
    );
  });
});

describe('readSearchUrl caps what a link carries', () => {
  it('keeps at most 200 characters of query and location, as the form does', () => {
    const long = 'a'.repeat(5000);
    const state = readSearchUrl(`?query=${long}&location=${long}`);
    expect(state.query).toHaveLength(200);
    expect(state.location).toHaveLength(200);
  });
});

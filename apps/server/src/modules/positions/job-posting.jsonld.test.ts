import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position } from '@careers/contracts';
import { buildJobPosting, descriptionHtml, jsonLdScript, serializeJsonLd } from './job-posting.jsonld';
import { countryCode } from '../../kernel/country-code';

const position = (patch: Partial<Position> = {}): Position => ({
  id: 42,
  name: 'Senior Robotics Engineer',
  department: 'Engineering',
  employment_type: 'FULL_TIME',
  seniority: 'senior',
  description: 'Build robots.\n\n- ROS & C++\n- <Motion> planning',
  skills: ['ROS', 'C++'],
  locations: [
    { city: 'Boston', region: 'MA', country: 'United States', lat: 42.3601, lng: -71.0589 },
    { city: 'London', region: null, country: 'United Kingdom', lat: 51.5074, lng: -0.1278 },
  ],
  location: 'Boston, MA, United States +1 more',
  is_remote: false,
  work_location_option: 'onsite',
  salary: { min: 150000, max: 190000, currency: 'USD', period: 'year' },
  posted_at: '2025-03-01T12:00:00.000Z',
  valid_through: '2025-06-01T00:00:00.000Z',
  archived_at: null,
  positionUserActions: { isSaved: false, isInCart: false },
  ...patch,
});
const organization = { name: 'Acme Robotics', sameAs: 'https://acme.example', logoUrl: '/static/logo.png' };
const canonicalUrl = 'https://careers.acme.example/careers/job/42';

describe('buildJobPosting', () => {
  it('fills every field Google reads for an on-site role', () => {
    expect(buildJobPosting({ position: position(), organization, canonicalUrl })).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Senior Robotics Engineer',
      description: '<p>Build robots.</p><ul><li>ROS &amp; C++</li><li>&lt;Motion&gt; planning</li></ul>',
      url: canonicalUrl,
      identifier: { '@type': 'PropertyValue', name: 'Acme Robotics', value: '42' },
      datePosted: '2025-03-01T12:00:00.000Z',
      validThrough: '2025-06-01T00:00:00.000Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Acme Robotics',
        sameAs: 'https://acme.example/',
        logo: 'https://careers.acme.example/static/logo.png',
      },
      jobLocation: [
        { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Boston', addressRegion: 'MA', addressCountry: 'US' } },
        { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' } },
      ],
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 150000, maxValue: 190000, unitText: 'YEAR' },
      },
      directApply: true,
      skills: 'ROS, C++',
    });
  });

  it('marks remote roles TELECOMMUTE with the countries applicants may live in, and no office address', () => {
    const posting = buildJobPosting({ position: position({ is_remote: true, work_location_option: 'remote' }), organization, canonicalUrl });
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'United States' },
      { '@type': 'Country', name: 'United Kingdom' },
    ]);
    expect(posting.jobLocation).toBeUndefined();
    const anywhere = buildJobPosting({ position: position({ is_remote: true, locations: [] }), organization, canonicalUrl });
    expect(anywhere.jobLocationType).toBe('TELECOMMUTE');
    expect(anywhere.applicantLocationRequirements).toBeUndefined();
  });

  it('keeps an address for hybrid roles', () => {
    const posting = buildJobPosting({ position: position({ work_location_option: 'hybrid' }), organization, canonicalUrl });
    expect(posting.jobLocationType).toBeUndefined();
    expect(posting.jobLocation).toHaveLength(2);
  });

  it('maps employment types to Google values', () => {
    const type = (employment_type: Position['employment_type']) =>
      buildJobPosting({ position: position({ employment_type }), organization, canonicalUrl }).employmentType;
    expect(type('CONTRACT')).toBe('CONTRACTOR');
    expect(type('INTERNSHIP')).toBe('INTERN');
    expect(type('PART_TIME')).toBe('PART_TIME');
    expect(type('TEMPORARY')).toBe('TEMPORARY');
  });

  it('omits unknown salary, uses a single value for a fixed one, and expires archived roles', () => {
    expect(buildJobPosting({ position: position({ salary: null }), organization, canonicalUrl }).baseSalary).toBeUndefined();
    const fixed = buildJobPosting({ position: position({ salary: { min: 25, max: 25, currency: 'EUR', period: 'hour' } }), organization, canonicalUrl });
    expect(fixed.baseSalary?.value).toEqual({ '@type': 'QuantitativeValue', value: 25, unitText: 'HOUR' });
    const archived = buildJobPosting({ position: position({ archived_at: '2025-04-01T00:00:00.000Z' }), organization, canonicalUrl });
    expect(archived.validThrough).toBe('2025-04-01T00:00:00.000Z');
    const open = buildJobPosting({ position: position({ valid_through: null }), organization, canonicalUrl });
    expect(open.validThrough).toBeUndefined();
  });

  it('drops unusable organisation links and falls back to the title for an empty description', () => {
    const posting = buildJobPosting({
      position: position({ description: '', skills: [] }),
      organization: { name: 'Acme', sameAs: 'javascript:alert(1)', logoUrl: 'data:image/png;base64,xx' },
      canonicalUrl,
    });
    expect(posting.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Acme' });
    expect(posting.description).toBe('<p>Senior Robotics Engineer</p>');
    expect(posting.skills).toBeUndefined();
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment', () => {
    const posting = buildJobPosting({ position: position({ name: '</script><script>alert(1)</script><!--' }), organization, canonicalUrl });
    const text = serializeJsonLd(posting);
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('&');
    expect(JSON.parse(text)).toEqual(posting);
    const element = jsonLdScript(posting);
    expect(element.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(element.indexOf('</script')).toBe(element.length - '</script>'.length);
  });

  it('escapes line separators and round-trips any value', () => {
    expect(serializeJsonLd({ a: '\u2028\u2029' })).toBe('{"a":"\\u2028\\u2029"}');
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const serialized = serializeJsonLd({ value, text });
        expect(serialized).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(serialized)).toEqual(JSON.parse(JSON.stringify({ value, text })));
      }),
      { numRuns: 500 },
    );
    expect(() => serializeJsonLd(undefined)).toThrow(TypeError);
  });
});

describe('descriptionHtml and countryCode', () => {
  it('escapes every text block', () => {
    expect(descriptionHtml('a "quoted" \'x\'')).toBe('<p>a &quot;quoted&quot; &#39;x&#39;</p>');
    expect(descriptionHtml('')).toBe('');
  });

  it('maps country names to ISO codes', () => {
    expect(countryCode('United States')).toBe('US');
    expect(countryCode('canada')).toBe('CA');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('gb')).toBe('GB');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('Myanmar (Burma)')).toBe('MM');
    expect(countryCode('European Union')).toBeNull();
    expect(countryCode('Atlantis')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ParsedResumeSchema } from '@careers/contracts';
import { loadFixtures, scoreFixtures } from '../fixtures/fixture-scoring';
import { findDateRange } from './dates';
import { parseResume } from './resume-parser';
import { headingKind } from './sections';
import { createSkillMatcher, parseSkills } from './skills';
import { SKILLS_VOCABULARY } from './skills-vocabulary';

describe('dates', () => {
  it.each([
    ['Jan 2020 – Present', '2020-01', null, true],
    ['January 2020 to Current', '2020-01', null, true],
    ['2019-2021', '2019-01', '2021-12', false],
    ['03/2018 - 11/2020', '2018-03', '2020-11', false],
    ['Sept. 2019 — Mar 2021', '2019-09', '2021-03', false],
    ['2018-03 – 2020-11', '2018-03', '2020-11', false],
    ['3.2017 - 6.2019', '2017-03', '2019-06', false],
    ['Graduated 2016', null, '2016-12', false],
  ])('%s', (text, start, end, isCurrent) => {
    expect(findDateRange(text)).toMatchObject({ startDate: start, endDate: end, isCurrent });
  });

  it('finds no dates in words or long numbers', () => {
    expect(findDateRange('Cut costs by 40% across 12 countries')).toBeNull();
    expect(findDateRange('Phone +44 20 7946 0958')).toBeNull();
  });
});

describe('headings', () => {
  it.each([
    ['EXPERIENCE', 'experience'],
    ['Work History', 'experience'],
    ['Professional Experience:', 'experience'],
    ['E X P E R I E N C E', 'experience'],
    ['## Skills', 'skills'],
    ['Licenses & Certifications', 'certifications'],
    ['EDUCATION', 'education'],
  ])('%s → %s', (line, kind) => expect(headingKind(line)).toBe(kind));

  it('a sentence is not a heading', () => expect(headingKind('I have experience with teams')).toBeNull());
});

describe('skills', () => {
  it('ships a vocabulary of a few hundred skills with aliases', () => {
    expect(SKILLS_VOCABULARY.length).toBeGreaterThanOrEqual(300);
    expect(SKILLS_VOCABULARY.filter((skill) => skill.aliases.length > 0).length).toBeGreaterThan(100);
    const names = SKILLS_VOCABULARY.flatMap((skill) => [skill.name, ...skill.aliases].map((name) => name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });

  it('matches aliases to one name, the tenant’s spelling first', () => {
    const matcher = createSkillMatcher(['Javascript', 'Robot Kinematics']);
    expect(parseSkills(['js, Node, k8s', 'Languages: Python; Go'], '', matcher)).toEqual(['Javascript', 'Node.js', 'Kubernetes', 'Python', 'Go']);
    expect(matcher.match('robot kinematics')).toBe('Robot Kinematics');
  });

  it('without a skills section, finds unambiguous skills in the text, never ordinary words', () => {
    const matcher = createSkillMatcher();
    expect(parseSkills(null, 'Built services in TypeScript and PostgreSQL; go to the shop; swift reply', matcher)).toEqual(['TypeScript', 'PostgreSQL']);
  });
});

describe('parseResume', () => {
  it('always answers a valid ParsedResume, whatever the text', () => {
    for (const text of ['', '\u0000\u0001', 'EXPERIENCE\n\n\n', 'x'.repeat(100_000), '2020 - 2021\n'.repeat(500), 'SKILLS\n' + 'a, '.repeat(5000)]) {
      expect(ParsedResumeSchema.safeParse(parseResume(text)).success).toBe(true);
    }
  });

  it('reads a plain resume end to end', () => {
    const parsed = parseResume(
      [
        'Grace Example',
        'Software Engineer',
        'grace@example.com | +44 20 7946 0958 | London, UK | github.com/grace',
        '',
        'Work Experience',
        'Senior Engineer — Example Ltd',
        'Jan 2020 – Present | London, UK',
        '• Built things',
        'Engineer, Other Corp',
        '2016-2019',
        '',
        'Education',
        'University of Example',
        'BSc in Mathematics | 2012 - 2015',
        '',
        'Languages',
        'English (native), French (B2)',
      ].join('\n'),
    );
    expect(parsed.contact).toEqual({ firstName: 'Grace', lastName: 'Example', email: 'grace@example.com', phone: '+44 20 7946 0958', headline: 'Software Engineer' });
    expect(parsed.location).toBe('London, UK');
    expect(parsed.links).toEqual([{ label: 'GitHub', url: 'https://github.com/grace' }]);
    expect(parsed.workExperience.map(({ title, company, startDate, endDate, isCurrent }) => ({ title, company, startDate, endDate, isCurrent }))).toEqual([
      { title: 'Senior Engineer', company: 'Example Ltd', startDate: '2020-01', endDate: null, isCurrent: true },
      { title: 'Engineer', company: 'Other Corp', startDate: '2016-01', endDate: '2019-12', isCurrent: false },
    ]);
    expect(parsed.education[0]).toMatchObject({ school: 'University of Example', degree: 'BSc', fieldOfStudy: 'Mathematics' });
    expect(parsed.languages).toEqual([
      { name: 'English', proficiency: 'native' },
      { name: 'French', proficiency: 'professional_working' },
    ]);
  });
});

describe('the sample resumes', () => {
  it('has at least 20, of every file type and layout, each with what it should yield', async () => {
    const fixtures = await loadFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    expect(new Set(fixtures.map((fixture) => fixture.file.split('.').pop()))).toEqual(new Set(['pdf', 'docx', 'txt']));
    for (const layout of ['classic', 'history', 'sidebar', 'datesleft', 'compact']) expect(fixtures.some((fixture) => fixture.id.includes(layout))).toBe(true);
  });

  it('are read (extraction + parsing) to at least these precisions and recalls per field', async () => {
    const { results, table } = await scoreFixtures(await loadFixtures());
    expect(results.filter((result) => result.error !== null).map((result) => `${result.fixture.id}: ${result.error}`)).toEqual([]);
    const floors: Record<string, number> = { name: 0.95, email: 1, phone: 1, location: 0.95, links: 0.95, jobs: 0.95, 'job dates': 0.9, education: 0.9, skills: 0.95, languages: 0.95, certifications: 0.95 };
    for (const row of table) {
      expect(row.precision, `${row.field} precision`).toBeGreaterThanOrEqual(floors[row.field] ?? 0.9);
      expect(row.recall, `${row.field} recall`).toBeGreaterThanOrEqual(floors[row.field] ?? 0.9);
    }
  }, 120_000);
});
